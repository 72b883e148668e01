// The bidding hall (竞价大厅) and what the project's page uses of the buyer side: the calls of the registrations'
// review and deposits, the exchange's dialog that records a deposit and the one that opens a hall, and the seller's
// rules for its hall (竞价规则).
export { BiddingHallPage } from './bidding-hall-page.tsx';
export { DepositDialog } from './deposit-dialog.tsx';
export type { DepositDialogProps } from './deposit-dialog.tsx';
export { AuctionRulesDialog, OpenBiddingDialog } from './bidding-rules-dialog.tsx';
export type { AuctionRulesDialogProps, OpenBiddingDialogProps } from './bidding-rules-dialog.tsx';
export { AuctionRulesCard } from './auction-rules-card.tsx';
export type { AuctionRulesCardProps } from './auction-rules-card.tsx';
export {
  confirmAgreement,
  dealCourseQuery,
  projectHallQuery,
  projectIntentionsQuery,
  recordDepositRefund,
  reviewIntention,
} from './api.ts';
export type { DealCourseView, ReviewResult } from './api.ts';
