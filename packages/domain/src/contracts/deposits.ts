// The calls of the deposit ledger (保证金台账): the bank's signed arrival notice, the exchange's import of the bank's
// statement file (previewed first) and its reconciliation list; the refunds owed with their due days, the refund
// batches (each a file for the bank, GET /api/deposit/refund/batch/{id}/file, served beside the calls: it answers
// bytes) and their confirmation; a deposit's forfeiture. The notice is the bank's call (no session: its HMAC
// signature is its credential, BANK_NOTICE_HEADERS); the others need the exchange's GJS_PROJECT_LT_ADMIN.
import { z } from 'zod';
import { defineCall, zPageOf, zPathId, zQueryInt } from '../contract.ts';
import {
  DEPOSIT_ARRIVAL_OUTCOMES,
  REFUND_BATCH_LINES_MAX,
  REFUND_BATCH_STATUSES,
  REFUND_LINE_OUTCOMES,
} from '../deposits.ts';
import { DEPOSIT_STATES, zForfeitReason } from '../intentions.ts';
import { formatMessage } from '../format.ts';
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

// ---------------------------------------------------------------------------------------------------------------
// Refunds

/** A deposit owed back: the registration, what is paid back and to whom, and by when. */
export const ZRefundDueRow = z.object({
  registrationId: z.number(),
  /** the buyer */
  name: z.string(),
  memberName: z.string(),
  projectId: z.number(),
  projectName: z.string(),
  /** fen */
  amount: z.number(),
  /** the arrival's payer (the bank's notice or statement), else the buyer; the account when the bank told it */
  payeeName: z.string(),
  payeeAccount: z.string(),
  reference: z.string(),
  /** the day the term runs from (left the race, or the money arrived if later) and the day it is due (+08:00) */
  since: z.string(),
  dueOn: z.string(),
  isOverdue: z.boolean(),
});
export type RefundDueRow = z.infer<typeof ZRefundDueRow>;

/** GET /api/deposit/refund/list ?page&size: the deposits owed back and not yet sent, the earliest due first. */
export const listRefundsDueCall = defineCall({
  method: 'GET',
  path: '/api/deposit/refund/list',
  tag: 'deposit',
  summary: '待退还保证金（含退还期限）',
  query: z.object({ page: zQueryInt(100_000, 1), size: zQueryInt(REFUND_BATCH_LINES_MAX, 20) }),
  answer: zPageOf(ZRefundDueRow).extend({ overdue: z.number() }),
});

const ZBatchSummary = z.object({
  id: z.number(),
  batchNo: z.string(),
  status: z.enum(REFUND_BATCH_STATUSES),
  statusLabel: z.string(),
  lineCount: z.number(),
  /** fen */
  total: z.number(),
  createdByName: z.string(),
  createdAt: z.string(),
  confirmedByName: z.string(),
  confirmedAt: z.string().nullable(),
  /** lines refunded and failed once confirmed */
  refunded: z.number(),
  failed: z.number(),
});
export type RefundBatchSummary = z.infer<typeof ZBatchSummary>;

/** POST /api/deposit/refund/batch {registrationIds}: the chosen deposits sent back as one batch (a file for the bank). */
export const issueRefundBatchCall = defineCall({
  method: 'POST',
  path: '/api/deposit/refund/batch',
  tag: 'deposit',
  summary: '生成保证金退款批次（银行批量代付文件）',
  body: z.object({
    registrationIds: z
      .array(zPathId, { error: MSG.depositRefundPickRequired })
      .min(1, MSG.depositRefundPickRequired)
      .max(
        REFUND_BATCH_LINES_MAX,
        formatMessage(MSG.depositRefundBatchTooLarge, { max: REFUND_BATCH_LINES_MAX }),
      ),
  }),
  answer: ZBatchSummary,
});

/** GET /api/deposit/refund/batch/list ?status&page&size: the batches, newest first. */
export const listRefundBatchesCall = defineCall({
  method: 'GET',
  path: '/api/deposit/refund/batch/list',
  tag: 'deposit',
  summary: '保证金退款批次',
  query: z.object({
    page: zQueryInt(100_000, 1),
    size: zQueryInt(100, 20),
    status: z.enum(REFUND_BATCH_STATUSES, { error: MSG.badRequest }).optional(),
  }),
  answer: zPageOf(ZBatchSummary),
});

export const ZRefundLine = z.object({
  id: z.number(),
  line: z.number(),
  registrationId: z.number(),
  name: z.string(),
  projectName: z.string(),
  amount: z.number(),
  payeeName: z.string(),
  payeeAccount: z.string(),
  reference: z.string(),
  outcome: z.enum(REFUND_LINE_OUTCOMES),
  outcomeLabel: z.string(),
});
export type RefundLine = z.infer<typeof ZRefundLine>;

/** GET /api/deposit/refund/batch/{id}: a batch with its lines. */
export const showRefundBatchCall = defineCall({
  method: 'GET',
  path: '/api/deposit/refund/batch/:id',
  tag: 'deposit',
  summary: '保证金退款批次明细',
  params: z.object({ id: zPathId }),
  answer: ZBatchSummary.extend({ lines: z.array(ZRefundLine) }),
});

/**
 * POST /api/deposit/refund/batch/{id}/confirm {failedIds}: the bank's confirmation entered: every line refunded but
 * the registrations it could not pay (owed back again, for a later batch). Once only: a second answers 409.
 */
export const confirmRefundBatchCall = defineCall({
  method: 'POST',
  path: '/api/deposit/refund/batch/:id/confirm',
  tag: 'deposit',
  summary: '确认保证金退款批次（银行回单）',
  params: z.object({ id: zPathId }),
  body: z.object({
    failedIds: z
      .array(zPathId, { error: MSG.badRequest })
      .max(REFUND_BATCH_LINES_MAX, MSG.badRequest)
      .default([]),
  }),
  answer: ZBatchSummary,
});

// ---------------------------------------------------------------------------------------------------------------
// Forfeiture

/**
 * POST /api/deposit/forfeit/{id} {version, reason, isBarred}: the deposit kept (扣除), with the reason; `isBarred`
 * also bars the party from the owner's projects for the rule parameter depositBarDays.
 */
export const forfeitDepositCall = defineCall({
  method: 'POST',
  path: '/api/deposit/forfeit/:id',
  tag: 'deposit',
  summary: '扣除保证金（竞得人违约等）',
  params: z.object({ id: zPathId }),
  body: z.object({
    version: z.number({ error: MSG.badRequest }).int(MSG.badRequest),
    reason: zForfeitReason(MSG.depositForfeitReasonRequired),
    isBarred: z.boolean({ error: MSG.badRequest }).default(false),
  }),
  answer: z.object({
    id: z.number(),
    version: z.number(),
    depositState: z.enum(DEPOSIT_STATES),
    /** the last day of the bar (+08:00), or null: none */
    barUntil: z.string().nullable(),
  }),
});
