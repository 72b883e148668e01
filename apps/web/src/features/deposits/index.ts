export { DepositLedgerPage } from './deposit-ledger-page.tsx';
export { ForfeitDialog } from './forfeit-dialog.tsx';
