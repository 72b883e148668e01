export { OrderListPage } from './order-list-page.tsx';
