// The stock family (产权转让, business type 1): state-owned enterprise equity, transferred under regulation 32 of
// SASAC and the Ministry of Finance — an approval, a pre-disclosure before the formal disclosure, the employees'
// placement. Its actions open on the rights-type screens (rightShowProject, rightEicSre ...).
import { defineEquityKind } from './equity.ts';

export const STOCK_KIND = defineEquityKind({ family: 'stock', businessType: '1', isStateOwned: true });
