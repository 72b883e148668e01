// 消息提醒: the reader's notifications, newest first, under 全部 and 未读, paged. A row shows its kind, title, body,
// time and whether it was read; clicking it marks it read (for the whole company) and opens its link, an in-app
// path. 全部标为已读 marks every unread one read. The bell in the header counts the same unread ones.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Alert, Badge, Button, Tabs, Tag } from 'antd';
import { formatDateTime } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { isInAppLink } from '@cqjy/domain/notifications';
import type { NotificationRow } from '@cqjy/domain/notifications';
import { ListPage, useListQuery } from '../../components/list-page/index.ts';
import type { ListColumn } from '../../components/list-page/index.ts';
import {
  markAllRead,
  markRead,
  notificationsQuery,
  NOTIFICATIONS_KEY,
  unreadCountQuery,
  type NotificationQuery,
} from './api.ts';

type TabKey = 'all' | 'unread';

/** The least a message's title and body get before the table scrolls: a line of a sentence. */
const CONTENT_MIN_WIDTH = 390;

export function ReminderPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { query, setQuery, result, list } = useListQuery(
    (notifications: NotificationQuery) => notificationsQuery(notifications),
    { initial: { isUnread: false } },
  );
  const unread = useQuery(unreadCountQuery());
  const unreadCount = unread.data?.count ?? 0;

  const refresh = (): Promise<void> => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  const readOne = useMutation({ mutationFn: markRead, onSettled: refresh });
  const readAll = useMutation({ mutationFn: markAllRead, onSettled: refresh });

  const open = (row: NotificationRow): void => {
    if (!row.isRead) readOne.mutate(row.id);
    if (row.link !== null && isInAppLink(row.link)) void navigate(row.link);
  };

  const onTab = (key: string): void => {
    setQuery((current) => ({ ...current, page: 1, isUnread: (key as TabKey) === 'unread' }));
  };

  const columns: ListColumn<NotificationRow>[] = [
    {
      title: '状态',
      key: 'state',
      width: 90,
      render: (_value, row) =>
        row.isRead ? <Badge status="default" text="已读" /> : <Badge status="error" text="未读" />,
    },
    {
      title: '类型',
      key: 'kind',
      width: 100,
      render: (_value, row) =>
        row.kindLabel === '' ? null : (
          <Tag color={row.kind === 'workflow.back' ? 'orange' : 'blue'}>{row.kindLabel}</Tag>
        ),
    },
    {
      // The title opens the notification (a button, so the keyboard reaches it); the body wraps below it.
      title: '消息内容',
      key: 'content',
      render: (_value, row) => (
        <div>
          <Button
            type="link"
            size="small"
            style={{ padding: 0, height: 'auto', fontWeight: row.isRead ? 400 : 600, whiteSpace: 'normal' }}
            onClick={(event) => {
              event.stopPropagation();
              open(row);
            }}
          >
            {row.title}
          </Button>
          <div style={{ color: row.isRead ? 'rgba(0, 0, 0, 0.45)' : 'rgba(0, 0, 0, 0.75)', marginTop: 4 }}>
            {row.body}
          </div>
        </div>
      ),
    },
    {
      title: '时间',
      key: 'createdAt',
      width: 180,
      render: (_value, row) => formatDateTime(row.createdAt),
    },
  ];

  return (
    <ListPage<NotificationRow>
      banner={
        <>
          <Tabs
            activeKey={query.isUnread ? 'unread' : 'all'}
            onChange={onTab}
            items={[
              { key: 'all', label: '全部' },
              {
                key: 'unread',
                label: (
                  <span>
                    未读
                    {unreadCount > 0 ? (
                      <Badge count={unreadCount} size="small" style={{ marginInlineStart: 6 }} />
                    ) : null}
                  </span>
                ),
              },
            ]}
            tabBarExtraContent={
              <Button
                type="primary"
                disabled={unreadCount === 0}
                loading={readAll.isPending}
                onClick={() => readAll.mutate()}
              >
                全部标为已读
              </Button>
            }
          />
          {result.isError ? (
            <Alert type="error" showIcon title={MSG.notificationsLoadFailed} style={{ marginBottom: 16 }} />
          ) : null}
        </>
      }
      columns={columns}
      list={list}
      fit={{ textMinWidth: CONTENT_MIN_WIDTH }}
      table={{
        locale: { emptyText: query.isUnread ? MSG.notificationsEmptyUnread : MSG.notificationsEmpty },
        onRow: (row) => ({ onClick: () => open(row), style: { cursor: 'pointer' } }),
      }}
    />
  );
}
