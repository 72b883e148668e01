// The calls of the deposit ledger (保证金台账): the bank's signed arrival notice, the exchange's import of the bank's
// statement file (previewed first) and its reconciliation list. The notice is the bank's call (no session: its
// HMAC signature is its credential, BANK_NOTICE_HEADERS); the others need the exchange's GJS_PROJECT_LT_ADMIN.
import { z } from 'zod';
import { defineCall, zPageOf, zQueryInt } from '../contract.ts';
import { DEPOSIT_ARRIVAL_OUTCOMES } from '../deposits.ts';
import { MSG } from '../messages.ts';

/** What happened to one transfer: its judgement, or `duplicate` when its serial was already recorded. */
export const DEPOSIT_RECORD_RESULTS = [...DEPOSIT_ARRIVAL_OUTCOMES, 'duplicate'] as const;
export type DepositRecordResult = (typeof DEPOSIT_RECORD_RESULTS)[number];

/** The largest statement file one import takes (bytes; 5,000 lines of a bank's export are well under it). */
export const STATEMENT_FILE_MAX_BYTES = 512 * 1024;

/**
 * POST /api/deposit/bank/notify: the bank's arrival notice, a JSON body (ZBankArrival) signed in its headers; the
 * body is read as sent (the signature covers its bytes), so the contract describes no body.
 */
export const bankNoticeCall = defineCall({
  method: 'POST',
  path: '/api/deposit/bank/notify',
  tag: 'deposit',
  summary: '银行保证金到账通知（HMAC 签名）',
  description:
    '请求头 x-bank-timestamp（Unix 秒）与 x-bank-signature（HMAC-SHA256(密钥, 时间戳 + "." + 请求体) 的十六进制）。请求体：serial、account（虚拟子账户）、amount（分）、arrivedAt（ISO 8601）、payerName、payerAccount。未签名、签名错误、超过5分钟或重放的通知被拒绝并记入日志；同一流水号只计一次。',
  answer: z.object({ serial: z.string(), result: z.enum(DEPOSIT_RECORD_RESULTS) }),
});

const ZStatementFile = z.object({
  fileName: z
    .string({ error: MSG.depositStatementFileInvalid })
    .trim()
    .min(1, MSG.depositStatementFileInvalid)
    .max(200, MSG.depositStatementFileInvalid),
  /** the file's bytes, base64 */
  content: z
    .string({ error: MSG.depositStatementFileInvalid })
    .min(1, MSG.uploadEmpty)
    .max(Math.ceil(STATEMENT_FILE_MAX_BYTES / 3) * 4, MSG.depositStatementFileTooLarge),
});

/** One statement line as the preview shows it: what it reads as, and what it would be found to be. */
export const ZStatementLine = z.object({
  line: z.number(),
  serial: z.string(),
  account: z.string(),
  amount: z.number().nullable(),
  arrivedAt: z.string().nullable(),
  payerName: z.string(),
  /** null: the line cannot be read (`message` says why) */
  result: z.enum(DEPOSIT_RECORD_RESULTS).nullable(),
  message: z.string(),
  /** the registration its account names, if any */
  registrationName: z.string(),
});
export type StatementLine = z.infer<typeof ZStatementLine>;

const ZResultCounts = z.record(z.enum(DEPOSIT_RECORD_RESULTS), z.number());

/** POST /api/deposit/statement/import/preview {fileName, content}: every line read and judged; nothing stored. */
export const previewStatementCall = defineCall({
  method: 'POST',
  path: '/api/deposit/statement/import/preview',
  tag: 'deposit',
  summary: '银行对账单导入预览（CSV 或 Excel）',
  body: ZStatementFile,
  answer: z.object({ lines: z.array(ZStatementLine), invalid: z.number(), counts: ZResultCounts }),
});

/** POST /api/deposit/statement/import {fileName, content}: the readable lines recorded, each transfer once. */
export const importStatementCall = defineCall({
  method: 'POST',
  path: '/api/deposit/statement/import',
  tag: 'deposit',
  summary: '导入银行对账单（CSV 或 Excel），已通知的流水不重复计入',
  body: ZStatementFile,
  answer: z.object({ invalid: z.number(), counts: ZResultCounts }),
});

/** One arrival in the reconciliation list. */
export const ZDepositArrivalRow = z.object({
  id: z.number(),
  serial: z.string(),
  source: z.enum(['notice', 'statement']),
  account: z.string(),
  amount: z.number(),
  arrivedAt: z.string(),
  payerName: z.string(),
  payerAccount: z.string(),
  outcome: z.enum(DEPOSIT_ARRIVAL_OUTCOMES),
  outcomeLabel: z.string(),
  registrationId: z.number().nullable(),
  registrationName: z.string(),
  projectName: z.string(),
  /** the deposit the registration owes (fen), if any */
  depositAmount: z.number().nullable(),
  createdAt: z.string(),
});
export type DepositArrivalRow = z.infer<typeof ZDepositArrivalRow>;

/**
 * GET /api/deposit/list ?outcome&keyword&page&size: the arrivals, newest first, with the reconciliation's counts
 * (what arrived unmatched, short, over or late waits for the exchange).
 */
export const listDepositArrivalsCall = defineCall({
  method: 'GET',
  path: '/api/deposit/list',
  tag: 'deposit',
  summary: '保证金到账台账与对账',
  query: z.object({
    page: zQueryInt(100_000, 1),
    size: zQueryInt(100, 20),
    outcome: z.enum(DEPOSIT_ARRIVAL_OUTCOMES, { error: MSG.badRequest }).optional(),
    keyword: z
      .string({ error: MSG.badRequest })
      .trim()
      .max(64, MSG.badRequest)
      .refine((text) => !text.includes('\u0000'), MSG.badRequest)
      .optional(),
  }),
  answer: zPageOf(ZDepositArrivalRow).extend({
    counts: z.record(z.enum(DEPOSIT_ARRIVAL_OUTCOMES), z.number()),
  }),
});
