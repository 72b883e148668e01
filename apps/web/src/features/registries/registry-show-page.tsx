// The page of one row of every registry (查看企业客户 at routes.show?id=): every field of the definition as a list
// shows it (the owner company reads its numbers whole, others masked by the server), the owner company, and for
// the company's own row 编辑 and 删除 (after a confirm, with the row's version; then back to the list), and 发起项目 /
// 转为计划 where its rows start them; a state-funded customer's regulator; the project the row went into.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Result, Space } from 'antd';
import { formatMessage } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import type { RegistryRow } from '@cqjy/domain/registries/kit';
import { notify } from '../../lib/notify.ts';
import { readQueryId } from '../../lib/query-id.ts';
import { CloseButton, PageLoading, PageNotFound } from '../../components/index.ts';
import { ListDetails } from '../../components/list-page/index.ts';
import { deleteRegistryRow, registryRowQuery } from './api.ts';
import { registryPath, useRegistryPage } from './use-registry.ts';
import type { RegistryPage } from './use-registry.ts';
import { registryColumns } from './registry-columns.tsx';
import { StartPlanButton, StartProjectButton } from './start-project.tsx';

export function RegistryShowPage() {
  const page = useRegistryPage();
  if (page === undefined) return <Result status="warning" title={MSG.notFound} />;
  return <RegistryShow key={page.def.key} page={page} />;
}

function RegistryShow({ page }: { page: RegistryPage }) {
  const { def } = page;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const id = readQueryId(params.get('id'));
  const row = useQuery({ ...registryRowQuery(def, id ?? 0), enabled: id !== null });
  const [isDeleting, setIsDeleting] = useState(false);

  if (id === null || row.isError) {
    return <PageNotFound />;
  }
  const view = row.data;
  if (view === undefined) {
    return <PageLoading />;
  }
  const name = String(view.values[def.nameField] ?? '');

  const onDelete = async (target: RegistryRow): Promise<void> => {
    const isConfirmed = await notify.confirm({
      title: `删除${def.itemName}`,
      content: formatMessage(MSG.registriesDeleteConfirm, { item: def.itemName, name }),
      okText: '删除',
      cancelText: '取消',
    });
    if (!isConfirmed) return;
    setIsDeleting(true);
    try {
      await deleteRegistryRow(def, target);
      void queryClient.invalidateQueries({ queryKey: ['registries', def.key] });
      void navigate(registryPath(def, 'list'), { replace: true });
    } catch {
      // the HTTP client has told the user
    } finally {
      setIsDeleting(false);
    }
  };

  return (
    <Card
      title={`${def.itemName}：${name}`}
      extra={
        <Space>
          {page.isOwn(view) && def.start !== undefined && (
            <>
              <StartProjectButton def={def} rows={[view]} isPrimary />
              <StartPlanButton def={def} row={view} />
            </>
          )}
          {page.isOwn(view) && (
            <>
              <Button onClick={() => void navigate(registryPath(def, 'edit', view.id))}>编辑</Button>
              <Button danger loading={isDeleting} onClick={() => void onDelete(view)}>
                删除
              </Button>
            </>
          )}
          <CloseButton to={registryPath(def, 'list')} />
        </Space>
      }
    >
      {/* every field of the definition, then the regulator, the project, the owner company and 更新时间 */}
      <ListDetails columns={registryColumns(def, page.isExchange)} row={view} />
    </Card>
  );
}
