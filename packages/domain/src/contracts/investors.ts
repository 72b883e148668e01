// The calls of the investors (投资方) of a capital increase (spec 001 section 7, Investor and Capital increase): the
// draft's create, update, submit and delete, one investor, and per family (cap at /api/capitalIncrease, capOpen at
// /api/capitalIncreaseOpen) a project's investors, the members that may represent one, the caller's earlier
// customers, the disclosing projects open to registrations, the owner's selection result and the exchange's audit.
// Another company's investor or project answers 404, a stale version 409. All need a project code (PROJECT_CODES);
// the audit the reviewers' GJS_TASK_ADMIN.
//
// The exports (.xlsx, PDF) answer bytes, not the envelope: they stay plain routes, at the paths and with the
// queries written here so that the server and the web name the same.
import { z } from 'zod';
import { defineCall, zPathId, zQueryId, zRowId, ZSaved, zVersion } from '../contract.ts';
import { MSG } from '../messages.ts';
import {
  CAPITAL_INCREASE_BASES,
  ZInvestorCustomer,
  ZInvestorView,
  ZOpenCapitalIncrease,
} from '../projects/investors.ts';

/** The investor travels as an object; its fields are checked by the domain so the messages are the form's. */
const zInvestor = z.record(z.string(), z.unknown(), { error: MSG.badRequest });

const ZInvestorPath = z.object({ id: zPathId });

/** POST /api/investor: a draft investor of a disclosing capital increase (the files under createId its own). */
export const createInvestorCall = defineCall({
  method: 'POST',
  path: '/api/investor',
  tag: 'investor',
  summary: '登记投资方（草稿）',
  body: z.object({
    projectId: zRowId,
    investor: zInvestor,
    createId: z.string().max(64).optional(),
  }),
  answer: ZSaved,
});

/** POST /api/investor/update/{id}: a draft's facts replaced (a blank certNo keeps the stored number). */
export const updateInvestorCall = defineCall({
  method: 'POST',
  path: '/api/investor/update/:id',
  tag: 'investor',
  summary: '修改投资方',
  params: ZInvestorPath,
  body: z.object({ version: zVersion, investor: zInvestor }),
  answer: ZSaved,
});

/** POST /api/investor/submit/{id}: the draft goes to the exchange's audit (its required files uploaded). */
export const submitInvestorCall = defineCall({
  method: 'POST',
  path: '/api/investor/submit/:id',
  tag: 'investor',
  summary: '提交投资方资格审核',
  params: ZInvestorPath,
  body: z.object({ version: zVersion }),
  answer: ZSaved,
});

/** POST /api/investor/batchDelete: the caller's drafts among `ids`, all or none. */
export const deleteInvestorsCall = defineCall({
  method: 'POST',
  path: '/api/investor/batchDelete',
  tag: 'investor',
  summary: '批量删除投资方草稿',
  body: z.object({ ids: z.array(zRowId, { error: MSG.badRequest }).max(200, MSG.badRequest) }),
  answer: z.object({ count: z.number() }),
});

/** GET /api/investor/{id}: one investor (a person's number masked). */
export const showInvestorCall = defineCall({
  method: 'GET',
  path: '/api/investor/:id',
  tag: 'investor',
  summary: '查看投资方',
  params: ZInvestorPath,
  answer: ZInvestorView,
});

/** GET /api/investor/export[?projectId=]: the .xlsx of the investors the caller sees (of the project, or its own). */
export const INVESTOR_EXPORT_PATH = '/api/investor/export';
export const ZInvestorExportQuery = z.object({ projectId: zQueryId.optional() });

/** A family's export of a project's investors (.xlsx and PDF) takes the project. */
export const ZProjectInvestorsExportQuery = z.object({ projectId: zQueryId });

type ApiPath = `/api/${string}`;

function isApiPath(path: string): path is ApiPath {
  return path.startsWith('/api/');
}

function capitalIncreaseCallsOf(family: string, base: ApiPath) {
  return {
    /** GET B/investors[?projectId=]: the project's investors; without it, the caller's own on every project */
    investors: defineCall({
      method: 'GET',
      path: `${base}/investors`,
      tag: 'investor',
      summary: '增资项目的投资方',
      query: z.object({ projectId: zQueryId.optional() }),
      answer: z.array(ZInvestorView),
    }),
    /** GET B/members: the admitted members that may represent an investor */
    members: defineCall({
      method: 'GET',
      path: `${base}/members`,
      tag: 'investor',
      summary: '可代理投资方的会员机构',
      answer: z.array(z.object({ id: z.number(), name: z.string() })),
    }),
    /** POST B/customers {keyword?}: the caller's customers and earlier investors, to register one in one pick */
    customers: defineCall({
      method: 'POST',
      path: `${base}/customers`,
      tag: 'investor',
      summary: '本机构登记过的投资方客户',
      body: z.object({ keyword: z.string().max(50, MSG.badRequest).default('') }).default({ keyword: '' }),
      answer: z.array(ZInvestorCustomer),
    }),
    /** GET B/open: the disclosing capital increases of the family open to registrations */
    open: defineCall({
      method: 'GET',
      path: `${base}/open`,
      tag: 'investor',
      summary: '披露中、可登记投资方的增资项目',
      answer: z.array(ZOpenCapitalIncrease),
    }),
    /**
     * POST B/{capitalIncreaseId}/selection {investors: [{id, version}]}: the owner's selection result, each chosen
     * investor named with the version it was read at
     */
    selection: defineCall({
      method: 'POST',
      path: `${base}/:capitalIncreaseId/selection`,
      tag: 'investor',
      summary: '确定遴选结果',
      params: z.object({ capitalIncreaseId: zPathId }),
      body: z.object({
        investors: z
          .array(z.object({ id: zRowId, version: zVersion }), { error: MSG.badRequest })
          .max(200, MSG.badRequest),
      }),
      answer: z.object({ selected: z.number() }),
    }),
    /** POST /api/project/{family}/investor/audit/{id} {version, result, reason}: the exchange's qualification audit */
    audit: defineCall({
      method: 'POST',
      path: `/api/project/${family}/investor/audit/:id`,
      tag: 'investor',
      summary: '投资方资格审核',
      params: ZInvestorPath,
      body: z.object({
        version: zVersion,
        result: z.enum(['pass', 'refuse'], { error: MSG.badRequest }),
        reason: z.string({ error: MSG.badRequest }).max(2000, MSG.badRequest).default(''),
      }),
      answer: ZSaved,
    }),
    /** GET B/export?projectId= (.xlsx) and GET B/export/pdf?projectId=: plain byte routes, no envelope */
    exportPaths: { xlsx: `${base}/export`, pdf: `${base}/export/pdf` },
  } as const;
}

export type CapitalIncreaseCalls = ReturnType<typeof capitalIncreaseCallsOf>;
export type InvestorAuditInput = z.input<CapitalIncreaseCalls['audit']['body']>;

/** The investor calls of each family with investors, by family (cap, capOpen). */
export const CAPITAL_INCREASE_CALLS: Readonly<Record<string, CapitalIncreaseCalls>> = Object.fromEntries(
  CAPITAL_INCREASE_BASES.map(({ family, base }) => {
    if (!isApiPath(base)) throw new Error(`${family}: no API base`);
    return [family, capitalIncreaseCallsOf(family, base)];
  }),
);

/** The investor calls of a family (a family without investors has none). */
export function capitalIncreaseCalls(family: string): CapitalIncreaseCalls {
  const calls = CAPITAL_INCREASE_CALLS[family];
  if (calls === undefined) throw new Error(`${family}: no investors`);
  return calls;
}
