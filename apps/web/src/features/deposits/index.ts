export { DepositLedgerPage } from './deposit-ledger-page.tsx';
export { ForfeitDialog, ForfeitReasonDialog } from './forfeit-dialog.tsx';
export type { ForfeitValues } from './forfeit-dialog.tsx';
