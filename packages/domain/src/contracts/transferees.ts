// The 意向受让方 calls of spec 000 section 7 (Shared): a transferee is an intention registration (代理意向登记,
// intentions.ts) seen from the buyer it names. show answers the buyer's facts; state/funded whether the buyer has a
// state-funded background (国有资金: a 国家出资企业 or a company one funds), derived from what the portal knows of
// the buyer's unified social credit code, never typed. Both need a project code (INTENTION_READER_CODES) and answer
// a registration the caller may not see (the intentions' rules: its member, the project's owner, the exchange) as
// 404, as for an id that does not exist.
import { z } from 'zod';
import { defineCall, zPathId } from '../contract.ts';
import { INTENTION_STATUSES } from '../intentions.ts';
import { PARTY_VIEW_SHAPE } from '../projects/participants.ts';

export const ZTransfereeView = z.object({
  /** the registration's id */
  id: z.number(),
  projectId: z.number(),
  projectName: z.string(),
  ...PARTY_VIEW_SHAPE,
  /** 拟受让价格, fen */
  amount: z.number().nullable(),
  status: z.enum(INTENTION_STATUSES),
  statusLabel: z.string(),
});
export type TransfereeView = z.infer<typeof ZTransfereeView>;

export const ZStateFunded = z.object({
  stateFunded: z.boolean(),
  /** the 国家出资企业 behind the buyer (the buyer itself when it is one); null when not state-funded */
  stateFundedEnter: z.string().nullable(),
  /** that enterprise's unified social credit code */
  stateCreditCode: z.string().nullable(),
});
export type StateFunded = z.infer<typeof ZStateFunded>;

const ZTransfereePath = z.object({ id: zPathId });

/** GET /api/project/transferee/show/{id}: the buyer a registration names, with its project. */
export const showTransfereeCall = defineCall({
  method: 'GET',
  path: '/api/project/transferee/show/:id',
  tag: 'project',
  summary: '查看意向受让方',
  description: 'id 为意向登记的编号；无权查看的登记与不存在的登记一样回答 404。',
  params: ZTransfereePath,
  answer: ZTransfereeView,
});

/**
 * GET /api/project/transferee/state/funded/{id}: whether the registration's buyer is state-funded. True when its
 * certificate is a unified social credit code of a company on the portal whose account opening named a 国家出资企业,
 * or the code of a 国家出资企业 some company's account opening named; false otherwise (a person is never).
 */
export const transfereeStateFundedCall = defineCall({
  method: 'GET',
  path: '/api/project/transferee/state/funded/:id',
  tag: 'project',
  summary: '意向受让方是否为国有资金背景',
  description:
    '由受让方的统一社会信用代码推断：本平台开户时填写了国家出资企业的机构，或被开户机构填写为国家出资企业的机构，为国有资金背景。',
  params: ZTransfereePath,
  answer: ZStateFunded,
});
