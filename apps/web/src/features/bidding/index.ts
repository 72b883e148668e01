// The bidding hall (竞价大厅) and what the project's page uses of the buyer side: the calls of the registrations'
// review and deposits, and the exchange's dialog that opens a hall.
export { BiddingHallPage } from './bidding-hall-page.tsx';
export { OpenBiddingDialog } from './open-bidding-dialog.tsx';
export type { OpenBiddingDialogProps } from './open-bidding-dialog.tsx';
export {
  confirmAgreement,
  dealCourseQuery,
  projectHallQuery,
  projectIntentionsQuery,
  recordDeposit,
  recordDepositRefund,
  reviewIntention,
} from './api.ts';
export type { DealCourseView, ReviewResult } from './api.ts';
