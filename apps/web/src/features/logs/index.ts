// 操作日志 (logs): the company's operation log (every company's for the exchange), its export and the chain's state.
export { LogsPage } from './logs-page.tsx';
