// The header's bell: the reader's unread notifications as a badge, kept fresh by unreadCountQuery (a poll and on
// window focus); clicking it opens 消息提醒. Shown only to users who may open that page (GJS_MESSAGE): a count
// nobody can open would only nag.
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button } from 'antd';
import BellOutlined from '@ant-design/icons/BellOutlined';
import { formatMessage } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { findRouteByName } from '@cqjy/domain/routes';
import { useCanOpen } from '../../lib/use-can-open.ts';
import { unreadCountQuery } from './api.ts';

export const REMINDER_PATH = findRouteByName('reminder')?.path ?? '/index/reminder';

export function NotificationBell() {
  return useCanOpen(REMINDER_PATH) ? <Bell /> : null;
}

function Bell() {
  const navigate = useNavigate();
  const unread = useQuery(unreadCountQuery());
  const count = unread.data?.count ?? 0;
  return (
    <Button
      type="text"
      aria-label={formatMessage(MSG.notificationsBellLabel, { count })}
      title={formatMessage(MSG.notificationsBellLabel, { count })}
      data-testid="header-bell"
      onClick={() => void navigate(REMINDER_PATH)}
      style={{ color: 'inherit', width: 40, height: 40, paddingInline: 0 }}
    >
      <Badge count={count} size="small" overflowCount={99} offset={[2, -2]}>
        <BellOutlined style={{ color: 'rgba(255, 255, 255, 0.85)', fontSize: 18 }} />
      </Badge>
    </Button>
  );
}
