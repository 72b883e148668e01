// The privateStock family (私募股权, business type 8): non-state equity on the same form, price rules and
// rights-type screens as stock; the approval, the employees' placement and the pre-disclosure are optional.
import { defineEquityKind } from './equity.ts';

export const PRIVATE_STOCK_KIND = defineEquityKind({
  family: 'privateStock',
  businessType: '8',
  isStateOwned: false,
});
