// The bidding hall (竞价大厅) and what the project's page uses of the buyer side: the calls of the registrations'
// review and deposits, the exchange's dialog that records a deposit and the one that opens a hall.
export { BiddingHallPage } from './bidding-hall-page.tsx';
export { DepositDialog } from './deposit-dialog.tsx';
export type { DepositDialogProps } from './deposit-dialog.tsx';
export { OpenBiddingDialog } from './open-bidding-dialog.tsx';
export type { OpenBiddingDialogProps } from './open-bidding-dialog.tsx';
export {
  confirmAgreement,
  dealCourseQuery,
  projectHallQuery,
  projectIntentionsQuery,
  recordDepositRefund,
  reviewIntention,
} from './api.ts';
export type { DealCourseView, ReviewResult } from './api.ts';
