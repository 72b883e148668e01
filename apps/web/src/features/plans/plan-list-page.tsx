// 我的计划 (计划管理 for the exchange): the caller's plans, scoped by the server to its company (the exchange reads
// every company's), searched by keyword and status, paged. 新增计划 opens planAdd; a row opens planShow, and the
// owner's plan not yet turned into a project may also be edited, deleted or turned into a project (after a
// confirm). A plan that became a project links to it.
import { useNavigate } from 'react-router';
import { Button, Space, Tag } from 'antd';
import { PLAN_STATUS, PLAN_STATUS_LABELS } from '@cqjy/domain/plans';
import type { PlanListRow, PlanStatus } from '@cqjy/domain/plans';
import { moneyColumn } from '../../components/index.ts';
import { ListPage, RowAction, useListQuery } from '../../components/list-page/index.ts';
import type { ListColumn } from '../../components/list-page/index.ts';
import { projectShowPath } from '../projects/index.ts';
import { plansQuery } from './api.ts';
import type { PlanQuery } from './api.ts';
import { usePlanActions } from './plan-actions.ts';

/** The least the name and the company get: with the other columns, the card of a 1,440 px screen holds them. */
const TEXT_MIN_WIDTH = 150;

const STATUS_OPTIONS = Object.entries(PLAN_STATUS_LABELS).map(([value, label]) => ({ value, label }));

type Filters = { keyword?: string; status?: PlanStatus };

export const planShowPath = (id: number): string => `/index/planShow?id=${id}`;
export const planEditPath = (id: number): string => `/index/planEdit?id=${id}`;

export function PlanListPage() {
  const navigate = useNavigate();
  const { search, list } = useListQuery((query: PlanQuery) => plansQuery(query));
  const actions = usePlanActions();

  // 查询 always asks the server again, even with the same filters: others change plans meanwhile.
  const onSearch = (values: Filters): void => {
    search({ keyword: values.keyword?.trim() || undefined, status: values.status });
  };

  const columns: ListColumn<PlanListRow>[] = [
    {
      title: '关键字',
      key: 'keyword',
      hideInTable: true,
      search: { kind: 'input', placeholder: '计划名称或编号', width: 220 },
    },
    { title: '计划编号', dataIndex: 'code', key: 'code', width: 140, fixed: 'left' },
    // The name and the company take the width the fixed columns leave, and wrap rather than being cut.
    { title: '计划名称', dataIndex: 'name', key: 'name' },
    { title: '业务类型', dataIndex: 'familyLabel', key: 'family', width: 96 },
    moneyColumn({ key: 'listingPrice', title: '预计挂牌价', fen: (row) => row.listingPrice }),
    { title: '计划挂牌日期', dataIndex: 'plannedDate', key: 'plannedDate', width: 110 },
    {
      // a converted plan names its project under its status (one column fewer for the name to share)
      title: '状态',
      key: 'status',
      width: 150,
      render: (_value, row) => (
        <Space size={4} wrap>
          <Tag color={row.status === PLAN_STATUS.converted ? 'green' : undefined}>{row.statusLabel}</Tag>
          {row.project !== null && (
            <Button
              type="link"
              size="small"
              style={{ padding: 0 }}
              onClick={() => void navigate(projectShowPath({ id: row.project?.id ?? 0, family: row.family }))}
            >
              {row.project.code}
            </Button>
          )}
        </Space>
      ),
      search: { kind: 'select', options: STATUS_OPTIONS, width: 140 },
    },
    { title: '机构', dataIndex: 'companyName', key: 'companyName' },
  ];

  return (
    <ListPage<PlanListRow, Filters>
      columns={columns}
      list={list}
      onSearch={onSearch}
      toolbarAt="search"
      toolbar={
        <Button type="primary" onClick={() => void navigate('/index/planAdd')}>
          新增计划
        </Button>
      }
      actions={{
        // 查看 编辑 转为项目 删除 of an open plan side by side (small link buttons and the cell's padding)
        width: 220,
        render: (row) => {
          const isOpen = row.isOwn && row.status === PLAN_STATUS.planned;
          return (
            <>
              <RowAction onClick={() => void navigate(planShowPath(row.id))}>查看</RowAction>
              {isOpen && <RowAction onClick={() => void navigate(planEditPath(row.id))}>编辑</RowAction>}
              {isOpen && (
                <RowAction
                  loading={actions.isBusy(row.id, 'toProject')}
                  onClick={() => void actions.toProject(row)}
                >
                  转为项目
                </RowAction>
              )}
              {isOpen && (
                <RowAction
                  danger
                  loading={actions.isBusy(row.id, 'delete')}
                  onClick={() => void actions.remove(row)}
                >
                  删除
                </RowAction>
              )}
            </>
          );
        },
      }}
      fit={{ textMinWidth: TEXT_MIN_WIDTH }}
    />
  );
}
