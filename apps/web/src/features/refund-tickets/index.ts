export { RefundTicketListPage } from './refund-ticket-list-page.tsx';
export { RefundTicketShowPage } from './refund-ticket-show-page.tsx';
export { RefundTicketApplyPage } from './refund-ticket-apply-page.tsx';
export { RefundTicketApplyShowPage } from './refund-ticket-apply-show-page.tsx';
