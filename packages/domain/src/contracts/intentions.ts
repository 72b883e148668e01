// Intention registrations' calls (意向登记). The area moves onto contracts call by call: the deal's course and the
// deposit's record are here; the rest still declare their schemas in the intentions module's routes.
import { z } from 'zod';
import { defineCall, zPathId, ZSaved, zVersion } from '../contract.ts';
import { ZDealCourseView, ZDepositReceiptInput } from '../intentions.ts';

/** Who reads a project's registrations: the owner, an agent member, the exchange. */
export const INTENTION_READER_CODES = [
  'GJS_PROJECT_LT',
  'GJS_PROJECT_SERVICE_SR_LT',
  'GJS_PROJECT_LT_ADMIN',
] as const;

/**
 * GET /api/intention/course/{projectId}: agreement or bidding, how many registrations are qualified, and whether
 * the course's step (开启网络竞价, 确认协议转让) may be taken now, or why not.
 */
export const dealCourseCall = defineCall({
  method: 'GET',
  path: '/api/intention/course/:projectId',
  tag: 'intention',
  summary: '项目成交方式（协议转让或网络竞价）',
  params: z.object({ projectId: zPathId }),
  answer: ZDealCourseView,
});

/**
 * POST /api/intention/deposit/{id}: the exchange records the deposit arrived, as the bank statement says it (the
 * amount owed, in fen; the day; the bank's reference); checked by checkDepositReceipt.
 */
export const recordDepositCall = defineCall({
  method: 'POST',
  path: '/api/intention/deposit/:id',
  tag: 'intention',
  summary: '登记保证金已到账（到账金额、到账日期、银行流水号）',
  params: z.object({ id: zPathId }),
  body: ZDepositReceiptInput.extend({ version: zVersion }),
  answer: ZSaved,
});
