// 查看账号 (/index/accountShow?id=): an account of the company — username, name, masked mobile, whether it is the
// 主操作员, its status, whether its password is chosen yet, the last sign-in — and its permissions by menu row.
// 编辑 opens the form; anyone but the main operator and oneself may be stopped, restarted or reset from here too.
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Descriptions, Space, Tag } from 'antd';
import { formatDateTime } from '@cqjy/domain/format';
import { OPERATOR_FIELD_LABELS, OPERATOR_STATUS, operatorPermissionTree } from '@cqjy/domain/operators';
import { CloseButton, PageLoading, PageNotFound } from '../../components/index.ts';
import { readQueryId } from '../../lib/query-id.ts';
import { isTouchable, useAccountActions } from './account-actions.ts';
import { accountEditPath } from './account-list-page.tsx';
import { operatorCodesQuery, operatorQuery } from './api.ts';
import { PermissionSummary } from './permission-picker.tsx';

const L = OPERATOR_FIELD_LABELS;

export function AccountShowPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = readQueryId(params.get('id'));
  const operator = useQuery({ ...operatorQuery(id ?? 0), enabled: id !== null });
  const company = useQuery(operatorCodesQuery());
  const actions = useAccountActions();

  if (id === null || operator.isError) {
    return <PageNotFound />;
  }
  const view = operator.data;
  if (view === undefined || company.data === undefined) {
    return <PageLoading />;
  }
  const tree = operatorPermissionTree(company.data);
  const isNormal = view.status === OPERATOR_STATUS.normal;
  const isOpen = isTouchable(view);

  return (
    <Card
      title={`账号：${view.nickname ?? view.username}`}
      extra={
        <Space>
          <Button onClick={() => void navigate(accountEditPath(view.id))}>编辑</Button>
          {isOpen && (
            <>
              <Button
                danger={isNormal}
                loading={actions.isBusy(view.id, isNormal ? 'disable' : 'enable')}
                onClick={() => void actions.run(isNormal ? 'disable' : 'enable', view)}
              >
                {isNormal ? '停用' : '启用'}
              </Button>
              <Button
                loading={actions.isBusy(view.id, 'reset')}
                onClick={() => void actions.run('reset', view)}
              >
                重置密码
              </Button>
            </>
          )}
          <CloseButton to="/index/account" />
        </Space>
      }
    >
      <Descriptions bordered size="small" column={2} styles={{ label: { width: 140 } }}>
        <Descriptions.Item label={L.username}>
          <Space size={4}>
            {view.username}
            {view.isMain && <Tag color="orange">主操作员</Tag>}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={L.nickname}>{view.nickname ?? ''}</Descriptions.Item>
        <Descriptions.Item label={L.mobile}>{view.mobileMasked ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <Tag color={isNormal ? 'green' : 'red'}>{view.statusLabel}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="登录密码">
          {view.isPasswordSet ? '已设置' : '待设置（使用手机验证码登录后设置）'}
        </Descriptions.Item>
        <Descriptions.Item label="最近登录">
          {view.lastSignInAt === null ? '—' : formatDateTime(view.lastSignInAt)}
        </Descriptions.Item>
        <Descriptions.Item label="创建时间" span={2}>
          {formatDateTime(view.createdAt)}
        </Descriptions.Item>
        <Descriptions.Item label={L.codes} span={2}>
          {view.isFullRole && (
            <div style={{ marginBottom: 8 }}>
              <Tag color="gold">全部权限</Tag>
            </div>
          )}
          <PermissionSummary tree={tree} codes={view.codes} />
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
