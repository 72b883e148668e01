// The calls of 网络竞价 (spec 001 section 2, bulkOnline and the online bidding flow): the exchange opens a project's
// hall, whoever sees it reads it, and the member owning a bidder bids in it. Any signed-in caller may ask; the
// service answers a hall only to the exchange, the project's owner and the members with a bidder in it (anyone
// else 404). The hall's event stream and its signed result answer no envelope and have no contract (the bidding
// module's routes).
import { z } from 'zod';
import { ZAuctionRules, ZAuctionRulesForm, ZBiddingHall, ZBiddingOpenForm } from '../bidding.ts';
import { defineCall, ZIdPath, ZSaved } from '../contract.ts';
import { zForfeitReason } from '../intentions.ts';
import { MSG } from '../messages.ts';

/** POST /api/bidding/open: 开启网络竞价, the exchange's; its bidders are the project's qualified registrations. */
export const openBiddingCall = defineCall({
  method: 'POST',
  path: '/api/bidding/open',
  tag: 'bidding',
  summary: '开启网络竞价',
  body: ZBiddingOpenForm,
  answer: ZSaved,
});

/** GET /api/bidding/project/{id}: the project's hall, or null before the exchange opens one. */
export const projectHallCall = defineCall({
  method: 'GET',
  path: '/api/bidding/project/:id',
  tag: 'bidding',
  summary: '项目的网络竞价',
  params: ZIdPath,
  answer: z.object({ id: z.number() }).nullable(),
});

/** GET /api/bidding/{id}: the hall as it stands, with the caller's own bidder numbers. */
export const showHallCall = defineCall({
  method: 'GET',
  path: '/api/bidding/:id',
  tag: 'bidding',
  summary: '竞价大厅',
  params: ZIdPath,
  answer: ZBiddingHall,
});

/** The caller's bidder, by its registration. */
const zBidderRegistration = z
  .number({ error: MSG.badRequest })
  .int(MSG.badRequest)
  .min(1, MSG.badRequest)
  .max(2_147_483_647, MSG.badRequest);

/** A bid's or a ceiling's amount, fen. */
const zBidAmount = z
  .number({ error: MSG.biddingAmountInvalid })
  .int(MSG.biddingAmountInvalid)
  .min(1, MSG.biddingAmountInvalid)
  .max(Number.MAX_SAFE_INTEGER, MSG.biddingAmountInvalid);

/**
 * POST /api/bidding/proxy/{id}: a ceiling (fen) left for one of the caller's bidders in a dynamic session (委托代理出
 * 价): the hall bids for it by the increment, up to the ceiling, whenever it is topped; raised, never lowered.
 * Answers the hall after the bids it made at once.
 */
export const setProxyCall = defineCall({
  method: 'POST',
  path: '/api/bidding/proxy/:id',
  tag: 'bidding',
  summary: '委托代理出价（设定最高价）',
  params: ZIdPath,
  body: z.object({
    registrationId: zBidderRegistration,
    ceiling: zBidAmount,
  }),
  answer: ZBiddingHall,
});

/** POST /api/bidding/bid/{id}: a bid (fen) for one of the caller's bidders; answers the hall after it. */
export const placeBidCall = defineCall({
  method: 'POST',
  path: '/api/bidding/bid/:id',
  tag: 'bidding',
  summary: '报价',
  params: ZIdPath,
  body: z.object({
    registrationId: zBidderRegistration,
    amount: zBidAmount,
  }),
  answer: ZBiddingHall,
});

/**
 * POST /api/bidding/default/{id} {version, reason, isBarred}: the exchange records that the winner of the closed
 * hall defaulted (违约) while its deal waits for the contract: the winner loses the deal, its deposit is forfeited
 * with the reason (`isBarred`: barred from the owner's projects for the rule parameter depositBarDays), and the deal
 * is offered to the next highest bidder at its own price, or the project is unsold when nobody is left. `version`
 * is the hall's as the exchange saw it (another change meanwhile: 409). Answers the hall after it.
 */
export const defaultWinnerCall = defineCall({
  method: 'POST',
  path: '/api/bidding/default/:id',
  tag: 'bidding',
  summary: '认定竞得人违约（递补或流拍）',
  params: ZIdPath,
  body: z.object({
    version: z.number({ error: MSG.badRequest }).int(MSG.badRequest),
    // it forfeits the deposit with this reason: the forfeiture's own rules
    reason: zForfeitReason(MSG.biddingDefaultReasonRequired),
    isBarred: z.boolean({ error: MSG.badRequest }).default(false),
  }),
  answer: ZBiddingHall,
});

/**
 * POST /api/bidding/offer/{id} {registrationId, isAccepted}: the member of the bidder the deal is offered to (递补)
 * accepts it (the deal at the bidder's price, the contract next) or declines it (offered to the next, or unsold),
 * before the offer's term ends. Answers the hall after it.
 */
export const answerOfferCall = defineCall({
  method: 'POST',
  path: '/api/bidding/offer/:id',
  tag: 'bidding',
  summary: '答复递补（接受或放弃）',
  params: ZIdPath,
  body: z.object({
    registrationId: zBidderRegistration,
    isAccepted: z.boolean({ error: MSG.badRequest }),
  }),
  answer: ZBiddingHall,
});

/**
 * POST /api/project/save/auction: the seller's rules for its project's hall (竞价规则), by the project's owner or the
 * member acting for it, while the project is a draft or disclosing and no hall is open. The exchange's 开启网络竞价
 * starts from them.
 */
export const saveAuctionRulesCall = defineCall({
  method: 'POST',
  path: '/api/project/save/auction',
  tag: 'project',
  summary: '保存竞价规则',
  description:
    '处置方（项目方或代理会员）设置网络竞价的开始时间、自由报价期、限时报价周期、起始价与加价幅度。',
  body: ZAuctionRulesForm,
  answer: ZSaved,
});

/** GET /api/project/auction/{id}: the rules saved for the project's hall, or null. */
export const showAuctionRulesCall = defineCall({
  method: 'GET',
  path: '/api/project/auction/:id',
  tag: 'project',
  summary: '竞价规则',
  params: ZIdPath,
  answer: ZAuctionRules.nullable(),
});
