// 代理意向登记 (the member side): 代理意向方 with its two lists (intentionPro), the registration form
// (addIntention) and the registration's view under its family's address (bulkShow, rightShow, paperlessShow).
export { IntentionProPage } from './intention-pro-page.tsx';
export { IntentionFormPage } from './intention-form-page.tsx';
export { IntentionShowPage } from './intention-show-page.tsx';
export { DepositStateTag } from './shared.tsx';
