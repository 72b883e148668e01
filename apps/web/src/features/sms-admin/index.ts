// 短信管理 (textMessage, GJS_SYSTEM_SMS_ADMIN): the outbox (发送记录, with 重发 of a failed message), the templates
// the portal sends (短信模板) and the state of the SMS channel (服务状态).
export { TextMessagePage } from './text-message-page.tsx';
