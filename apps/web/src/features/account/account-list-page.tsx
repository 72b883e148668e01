// 账号管理 (/index/account): the company's operators, the 主操作员 first, searched by keyword (username, name or
// mobile) and status, paged. 新增账号 opens accountAdd; the main operator also sees 变更主操作员 (accountChange). Each
// row opens its page (查看) or form (编辑); anyone but the main operator and oneself may be stopped or restarted
// and have the password reset, each after a confirm.
import { useNavigate } from 'react-router';
import { Button, Space, Tag, Tooltip } from 'antd';
import { formatDateTime } from '@cqjy/domain/format';
import { OPERATOR_STATUS, OPERATOR_STATUS_LABELS } from '@cqjy/domain/operators';
import type { OperatorListRow, OperatorQuery, OperatorStatus } from '@cqjy/domain/operators';
import { ListPage, RowAction, useListQuery } from '../../components/list-page/index.ts';
import type { ListColumn } from '../../components/list-page/index.ts';
import { useSession } from '../../lib/session-store.ts';
import { isTouchable, useAccountActions } from './account-actions.ts';
import { operatorsQuery } from './api.ts';

/** How many permission names a row shows before 等N项 (the rest are in the tooltip). */
const SHOWN_PERMISSIONS = 3;

const STATUS_OPTIONS = Object.entries(OPERATOR_STATUS_LABELS).map(([value, label]) => ({ value, label }));

type Filters = { keyword?: string; status?: OperatorStatus };

export const accountShowPath = (id: number): string => `/index/accountShow?id=${id}`;
export const accountEditPath = (id: number): string => `/index/accountEdit?id=${id}`;

/** A row's permissions: 全部权限 for a full role, else the first names and how many more. */
export function PermissionTags({ row }: { row: Pick<OperatorListRow, 'permissions' | 'isFullRole'> }) {
  if (row.isFullRole) return <Tag color="gold">全部权限</Tag>;
  if (row.permissions.length === 0) return <span style={{ color: '#999' }}>仅首页</span>;
  const shown = row.permissions.slice(0, SHOWN_PERMISSIONS);
  const more = row.permissions.length - shown.length;
  return (
    <Tooltip title={row.permissions.join('、')}>
      <Space size={[4, 4]} wrap>
        {shown.map((title) => (
          <Tag key={title}>{title}</Tag>
        ))}
        {more > 0 && <span style={{ color: '#999' }}>等{row.permissions.length}项</span>}
      </Space>
    </Tooltip>
  );
}

/** The least the permission tags get: with the other columns, the card of a 1,440 px screen holds the table. */
const PERMISSIONS_MIN_WIDTH = 240;

export function AccountListPage() {
  const navigate = useNavigate();
  const { search, list } = useListQuery((query: OperatorQuery) => operatorsQuery(query));
  const actions = useAccountActions();
  const isMain = useSession((session) => session.userInfo?.manager === true);

  // 查询 always asks the server again, even with the same filters: others change accounts meanwhile.
  const onSearch = (values: Filters): void => {
    search({
      ...(values.keyword?.trim() ? { keyword: values.keyword.trim() } : {}),
      ...(values.status === undefined ? {} : { status: values.status }),
    });
  };

  const columns: ListColumn<OperatorListRow>[] = [
    {
      title: '关键字',
      key: 'keyword',
      hideInTable: true,
      search: { kind: 'input', placeholder: '用户名、姓名或手机号', width: 220 },
    },
    {
      title: '用户名',
      key: 'username',
      width: 180,
      fixed: 'left',
      render: (_value, row) => (
        <Space size={4}>
          <span>{row.username}</span>
          {row.isMain && <Tag color="orange">主操作员</Tag>}
        </Space>
      ),
    },
    { title: '姓名', dataIndex: 'nickname', key: 'nickname', width: 120 },
    { title: '手机号', dataIndex: 'mobileMasked', key: 'mobile', width: 130 },
    { title: '权限', key: 'permissions', render: (_value, row) => <PermissionTags row={row} /> },
    {
      title: '状态',
      key: 'status',
      width: 80,
      render: (_value, row) => (
        <Tag color={row.status === OPERATOR_STATUS.normal ? 'green' : 'red'}>{row.statusLabel}</Tag>
      ),
      search: { kind: 'select', options: STATUS_OPTIONS, width: 120 },
    },
    {
      title: '最近登录',
      key: 'lastSignInAt',
      width: 170,
      render: (_value, row) => (row.lastSignInAt === null ? '—' : formatDateTime(row.lastSignInAt)),
    },
  ];

  return (
    <ListPage<OperatorListRow, Filters>
      columns={columns}
      list={list}
      onSearch={onSearch}
      toolbarAt="search"
      toolbar={
        <Space>
          {isMain && <Button onClick={() => void navigate('/index/accountChange')}>变更主操作员</Button>}
          <Button type="primary" onClick={() => void navigate('/index/accountAdd')}>
            新增账号
          </Button>
        </Space>
      }
      actions={{
        width: 230,
        render: (row) => {
          const isOpen = isTouchable(row);
          const isNormal = row.status === OPERATOR_STATUS.normal;
          return (
            <>
              <RowAction onClick={() => void navigate(accountShowPath(row.id))}>查看</RowAction>
              <RowAction onClick={() => void navigate(accountEditPath(row.id))}>编辑</RowAction>
              {isOpen && (
                <RowAction
                  danger={isNormal}
                  loading={actions.isBusy(row.id, isNormal ? 'disable' : 'enable')}
                  onClick={() => void actions.run(isNormal ? 'disable' : 'enable', row)}
                >
                  {isNormal ? '停用' : '启用'}
                </RowAction>
              )}
              {isOpen && (
                <RowAction
                  loading={actions.isBusy(row.id, 'reset')}
                  onClick={() => void actions.run('reset', row)}
                >
                  重置密码
                </RowAction>
              )}
            </>
          );
        },
      }}
      fit={{ textMinWidth: PERMISSIONS_MIN_WIDTH }}
    />
  );
}
