// 消息提醒: the reminder page. The header's bell (notification-bell.tsx) is imported by the app shell directly,
// so the page stays in its own lazy chunk.
export { ReminderPage } from './reminder-page.tsx';
