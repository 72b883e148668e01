// The investors of one capital increase, as the project page's section (投资方) and the exchange's audit screen
// (capOpenInvestorAudit) show them: the list the server answers the viewer (the owner and the exchange every
// submitted investor and their own drafts, a member its own), a person's number already masked by the server.
//   - every viewer: 查看, 导出名单（Excel）, 导出名单（PDF） (the project's header has the announcement's PDF);
//   - the registrant: 编辑 of its drafts and 批量删除 of the drafts it ticks (after a confirm);
//   - the owner, while the project is disclosing: 登记投资方; while it is disclosing or ended: 确定遴选结果;
//   - the exchange: 资格审核 of a submitted investor.
// The audit screen shows the list and the exchange's actions only.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button, Card, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { IDENTITY } from '@cqjy/domain/identity';
import { MSG } from '@cqjy/domain/messages';
import { INVESTOR_REGISTRATION_STATUSES, INVESTOR_SELECTION_STATUSES } from '@cqjy/domain/projects/investors';
import type { InvestorView } from '@cqjy/domain/projects/investors';
import type { ProjectStatus } from '@cqjy/domain/workflow/statuses';
import { useSession } from '../../lib/session-store.ts';
import { useBusy } from '../../lib/use-busy.ts';
import { SELECTION_WIDTH, tableMinWidth } from '../../components/index.ts';
import { deleteInvestors, exportProjectInvestors, projectInvestorsQuery } from './api.ts';
import { InvestorAuditDialog } from './audit-dialog.tsx';
import { SelectionDialog } from './selection-dialog.tsx';
import type { SelectionPlan } from './selection-dialog.tsx';
import {
  cutText,
  investorEditPath,
  investorShowPath,
  isOwnDraft,
  newInvestorPath,
  confirmDraftDeletion,
  INVESTOR_COLUMNS,
} from './shared.tsx';

export type InvestorsTableProps = {
  family: string;
  projectId: number;
  /** the project's status; unknown while it loads (nothing is registered or selected then) */
  status: ProjectStatus | undefined;
  /** the viewer's company owns the project */
  isOwner: boolean;
  /** the project's code and name, for the exported files' names */
  project?: { code: string; name: string } | undefined;
  /** the plan's limits the selection is held to */
  plan?: SelectionPlan | undefined;
  /** the exchange's audit screen: the list and the audit only */
  isAuditMode?: boolean;
  title?: string;
};

type Busy = 'delete' | 'xlsx' | 'pdf' | null;

export function InvestorsTable({
  family,
  projectId,
  status,
  isOwner,
  project,
  plan = {},
  isAuditMode = false,
  title = '投资方',
}: InvestorsTableProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const companyId = useSession((session) => session.userInfo?.companyId);
  const isExchange = useSession((session) => session.identityType === IDENTITY.admin);
  const list = useQuery(projectInvestorsQuery(family, projectId));
  const rows = list.data ?? [];
  const [chosenIds, setChosenIds] = useState<number[]>([]);
  const [auditing, setAuditing] = useState<InvestorView | null>(null);
  const [isSelecting, setIsSelecting] = useState(false);
  const { busy, run } = useBusy<NonNullable<Busy>>();

  // a recorded selection closes the registration, as the server holds it (the owner sees every submitted one)
  const hasSelection = rows.some((row) => row.status === 'selected' || row.status === 'notSelected');
  const canRegister =
    !isAuditMode &&
    isOwner &&
    status !== undefined &&
    INVESTOR_REGISTRATION_STATUSES.includes(status) &&
    !hasSelection;
  const canSelect =
    !isAuditMode &&
    isOwner &&
    status !== undefined &&
    INVESTOR_SELECTION_STATUSES.includes(status) &&
    rows.some((row) => row.status !== 'draft');
  const canDelete = !isAuditMode && rows.some((row) => isOwnDraft(row, companyId));
  const named = project ?? { code: rows[0]?.projectCode ?? '', name: rows[0]?.projectName ?? '' };

  const refresh = (): void => {
    void queryClient.invalidateQueries({ queryKey: ['investors'] });
  };

  const onDelete = async (): Promise<void> => {
    if (!(await confirmDraftDeletion(chosenIds.length))) return;
    await run('delete', async () => {
      await deleteInvestors(chosenIds);
      setChosenIds([]);
      refresh();
    });
  };

  const onExport = (format: 'xlsx' | 'pdf') =>
    run(format, () => exportProjectInvestors(family, { id: projectId, ...named }, format));

  // Widths as the values need them, so that the nine columns and the boxes fit the card of a 1,366 px screen; a
  // narrower window scrolls with the name and 操作 in place. Long text is cut and shown whole in a tooltip.
  const columns: TableColumnsType<InvestorView> = [
    { ...INVESTOR_COLUMNS.name, width: 160, fixed: 'left' },
    INVESTOR_COLUMNS.investorType,
    INVESTOR_COLUMNS.certNo,
    INVESTOR_COLUMNS.amount,
    INVESTOR_COLUMNS.share,
    {
      key: 'registrant',
      title: '登记方',
      width: 170,
      // one line: the company cut with its tooltip, then the mark of a member's registration
      render: (_, row) => (
        <div style={{ display: 'flex', alignItems: 'center', gap: 4, minWidth: 0 }}>
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 }}>
            {cutText(row.registrantCompanyName)}
          </span>
          {row.isByMember ? (
            <Tag color="purple" style={{ flex: 'none', marginInlineEnd: 0 }}>
              会员代理
            </Tag>
          ) : null}
        </div>
      ),
    },
    INVESTOR_COLUMNS.status,
    INVESTOR_COLUMNS.auditReason,
    {
      key: 'actions',
      title: '操作',
      width: 130,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => void navigate(investorShowPath(row.id))}>
            查看
          </Button>
          {!isAuditMode && isOwnDraft(row, companyId) ? (
            <Button type="link" size="small" onClick={() => void navigate(investorEditPath(row.id))}>
              编辑
            </Button>
          ) : null}
          {isExchange && row.status === 'submitted' ? (
            <Button type="link" size="small" onClick={() => setAuditing(row)}>
              资格审核
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={title}
      extra={
        <Space wrap>
          {canRegister ? (
            <Button type="primary" onClick={() => void navigate(newInvestorPath({ id: projectId, family }))}>
              登记投资方
            </Button>
          ) : null}
          {canSelect ? (
            <Button type="primary" ghost onClick={() => setIsSelecting(true)}>
              确定遴选结果
            </Button>
          ) : null}
          {canDelete ? (
            <Button
              danger
              disabled={chosenIds.length === 0}
              loading={busy === 'delete'}
              onClick={() => void onDelete()}
            >
              批量删除
            </Button>
          ) : null}
          <Button loading={busy === 'xlsx'} onClick={() => void onExport('xlsx')}>
            导出名单（Excel）
          </Button>
          <Button loading={busy === 'pdf'} onClick={() => void onExport('pdf')}>
            导出名单（PDF）
          </Button>
        </Space>
      }
    >
      {canDelete && chosenIds.length > 0 ? (
        <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
          已选择{chosenIds.length}名投资方草稿
        </Typography.Text>
      ) : null}
      <Table<InvestorView>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        columns={columns}
        dataSource={rows}
        scroll={{ x: tableMinWidth(columns, { extra: canDelete ? SELECTION_WIDTH : 0 }) }}
        pagination={false}
        locale={{ emptyText: MSG.investorsEmpty }}
        rowSelection={
          canDelete
            ? {
                selectedRowKeys: chosenIds,
                onChange: (keys) => setChosenIds(keys.map(Number)),
                getCheckboxProps: (row) => ({ disabled: !isOwnDraft(row, companyId), name: row.name }),
              }
            : undefined
        }
      />
      {auditing === null ? null : (
        <InvestorAuditDialog
          investor={auditing}
          onClose={() => setAuditing(null)}
          onAudited={() => {
            setAuditing(null);
            refresh();
          }}
        />
      )}
      {isSelecting ? (
        <SelectionDialog
          family={family}
          projectId={projectId}
          investors={rows}
          plan={plan}
          onClose={() => setIsSelecting(false)}
          onSelected={() => {
            setIsSelecting(false);
            refresh();
          }}
        />
      ) : null}
    </Card>
  );
}
