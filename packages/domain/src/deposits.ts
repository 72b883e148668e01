// The deposit ledger's rules (保证金台账): the receiving account each registration gets, the bank's arrival notice
// and how it is signed, the lines of the bank's statement file, and how an arrival is judged against the deposit
// it was paid for. Pure functions: the server computes the signature (node:crypto) and keeps the records; the
// same judgement answers a signed notice, a statement's preview and its import, so the three can never disagree.
//
// The receiving account (虚拟子账户) is the exchange's settlement account's prefix, the registration's id in ten
// digits and a check digit (Luhn, as bank card numbers): a payer's typing slip in one digit, or two neighbours
// swapped, names no registration instead of someone else's.
import { z } from 'zod';
import { formatDate, formatMessage, parseYuanToFen, toDate } from './format.ts';
import { MSG } from './messages.ts';
import { addWorkdays } from './workdays.ts';

/** The digits of the registration's id in its receiving account. */
export const VIRTUAL_ACCOUNT_ID_DIGITS = 10;

/** The settlement account's prefix when the exchange sets none (the demo's). */
export const DEPOSIT_SETTLEMENT_PREFIX_DEFAULT = '955880';

/** The Luhn check digit of `digits`. */
function luhnDigit(digits: string): string {
  let sum = 0;
  // from the right, the digit next to the check digit is doubled first
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

/** The receiving account of registration `registrationId` under the settlement account's `prefix` (digits). */
export function virtualAccountOf(prefix: string, registrationId: number): string {
  const body = `${prefix}${String(registrationId).padStart(VIRTUAL_ACCOUNT_ID_DIGITS, '0')}`;
  return `${body}${luhnDigit(body)}`;
}

/**
 * The registration a receiving account names, or null: not under `prefix`, not all digits, the wrong length or
 * check digit. Spaces the payer typed between groups of digits are ignored.
 */
export function registrationOfAccount(prefix: string, account: string): number | null {
  const digits = account.replace(/\s+/g, '');
  if (!/^\d+$/.test(digits) || digits.length !== prefix.length + VIRTUAL_ACCOUNT_ID_DIGITS + 1) return null;
  if (!digits.startsWith(prefix)) return null;
  const body = digits.slice(0, -1);
  if (luhnDigit(body) !== digits.slice(-1)) return null;
  const id = Number(body.slice(prefix.length));
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

// ---------------------------------------------------------------------------------------------------------------
// The bank's arrival notice

/** The headers a notice is signed in: the Unix time (seconds) it was sent and the HMAC-SHA256 (hex). */
export const BANK_NOTICE_HEADERS = { timestamp: 'x-bank-timestamp', signature: 'x-bank-signature' } as const;

/** How far (seconds) a notice's time may be from the server's: an older one is late, and refused. */
export const BANK_NOTICE_WINDOW_SECONDS = 300;

/** What the signature is computed over: the time, a dot, the body exactly as sent. */
export function bankNoticeSigningText(timestamp: string, rawBody: string): string {
  return `${timestamp}.${rawBody}`;
}

/** Why a notice's time is refused, or null: none or not a number, or outside the window of `nowMs`. */
export function bankNoticeTimeRefusal(timestamp: string | undefined, nowMs: number): string | null {
  if (timestamp === undefined || !/^\d{1,12}$/.test(timestamp)) return MSG.depositNoticeUnsigned;
  return Math.abs(nowMs / 1000 - Number(timestamp)) > BANK_NOTICE_WINDOW_SECONDS
    ? MSG.depositNoticeLate
    : null;
}

export const BANK_SERIAL_MAX = 64;
const PAYER_MAX = 100;

const zText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .refine((text) => !/[\u0000-\u001f\u007f]/.test(text), message);

/** One transfer that arrived, as a notice carries it and a statement line is read into: amounts in fen. */
export const ZBankArrival = z.object({
  /** the bank's serial (交易流水号): one transfer, however many times it is told */
  serial: zText(BANK_SERIAL_MAX, MSG.depositSerialInvalid).pipe(z.string().min(1, MSG.depositSerialInvalid)),
  /** the receiving account the payer paid into */
  account: zText(40, MSG.depositAccountInvalid).pipe(z.string().min(1, MSG.depositAccountInvalid)),
  amount: z
    .number({ error: MSG.intentionDepositAmountInvalid })
    .int(MSG.intentionDepositAmountInvalid)
    .min(1, MSG.intentionDepositAmountInvalid)
    .max(Number.MAX_SAFE_INTEGER, MSG.intentionDepositAmountInvalid),
  /** when it arrived, ISO 8601 with its offset */
  arrivedAt: z.iso.datetime({ offset: true, error: MSG.depositArrivedAtInvalid }),
  payerName: zText(PAYER_MAX, MSG.depositPayerInvalid).default(''),
  payerAccount: zText(40, MSG.depositPayerInvalid).default(''),
});
export type BankArrival = z.infer<typeof ZBankArrival>;

// ---------------------------------------------------------------------------------------------------------------
// Judging an arrival

/**
 * What an arrival was found to be. `matched`: the deposit owed, on time, to a registration in the race: it is
 * recorded arrived. The others are kept for the exchange's reconciliation and change no registration: `unmatched`
 * (the account names no registration owing a deposit), `short` and `over` (another amount than the one owed, or a
 * second payment of a deposit already arrived), `late` (after the deadline, or to a registration out of the race).
 */
export const DEPOSIT_ARRIVAL_OUTCOMES = ['matched', 'unmatched', 'short', 'over', 'late'] as const;
export type DepositArrivalOutcome = (typeof DEPOSIT_ARRIVAL_OUTCOMES)[number];

export const DEPOSIT_ARRIVAL_OUTCOME_LABELS: Record<DepositArrivalOutcome, string> = {
  matched: '已匹配',
  unmatched: '未匹配',
  short: '金额不足',
  over: '金额超出',
  late: '逾期到账',
};

/** The deposit an arrival is judged against: null when its account names none. */
export type DepositTarget = {
  depositAmount: number | null;
  /** the deadline's calendar day (+08:00), or null: none set */
  depositDeadline: string | null;
  isArrived: boolean;
  /** still in the race (not withdrawn, disqualified, won or lost) */
  isInRace: boolean;
};

export function judgeArrival(
  arrival: Pick<BankArrival, 'amount' | 'arrivedAt'>,
  target: DepositTarget | null,
): DepositArrivalOutcome {
  if (target === null || target.depositAmount === null) return 'unmatched';
  if (target.isArrived) return 'over';
  if (!target.isInRace) return 'late';
  if (target.depositDeadline !== null && formatDate(arrival.arrivedAt) > target.depositDeadline)
    return 'late';
  if (arrival.amount < target.depositAmount) return 'short';
  if (arrival.amount > target.depositAmount) return 'over';
  return 'matched';
}

// ---------------------------------------------------------------------------------------------------------------
// The bank's statement file (CSV or Excel)

/** The statement's columns by their headers, as the bank's export names them. */
export const STATEMENT_COLUMNS = {
  serial: '交易流水号',
  account: '收款账号',
  amount: '金额（元）',
  arrivedAt: '到账时间',
  payerName: '付款人户名',
  payerAccount: '付款人账号',
} as const;
export type StatementColumn = keyof typeof STATEMENT_COLUMNS;

/** The most lines one statement import takes. */
export const STATEMENT_LINES_MAX = 5000;

/** Header cells compare without spaces and with either width of brackets. */
function normalizeHeader(text: string): string {
  return text.replace(/\s+/g, '').replace(/\(/g, '（').replace(/\)/g, '）');
}

/** The column index of each statement column in `headers`, or the message naming the first one missing. */
export function mapStatementHeaders(
  headers: readonly string[],
): { columns: Record<StatementColumn, number>; message: null } | { columns: null; message: string } {
  const normalized = headers.map((header) => normalizeHeader(header));
  const columns = {} as Record<StatementColumn, number>;
  for (const [key, label] of Object.entries(STATEMENT_COLUMNS) as [StatementColumn, string][]) {
    const index = normalized.indexOf(normalizeHeader(label));
    if (index < 0)
      return { columns: null, message: formatMessage(MSG.depositStatementColumnMissing, { label }) };
    columns[key] = index;
  }
  return { columns, message: null };
}

/** '2026-12-01 10:30:00', '2026/12/01 10:30' or an ISO time: read in +08:00 when it carries no offset. */
function readStatementTime(text: string): string | null {
  const match = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(
    text.trim(),
  );
  if (match === null) {
    const parsed = z.iso.datetime({ offset: true }).safeParse(text.trim());
    return parsed.success ? toDate(parsed.data).toISOString() : null;
  }
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = match;
  const pad = (part: string) => part.padStart(2, '0');
  const iso = `${y}-${pad(mo ?? '')}-${pad(d ?? '')}T${pad(h)}:${mi}:${pad(s)}+08:00`;
  const date = new Date(iso);
  // 2026-02-30 rolls over in Date: a day that is not in the calendar is refused
  if (Number.isNaN(date.getTime()) || formatDate(date) !== `${y}-${pad(mo ?? '')}-${pad(d ?? '')}`)
    return null;
  return date.toISOString();
}

/** One statement line read into an arrival, or the message of what is wrong with it. */
export function readStatementLine(
  cells: Record<StatementColumn, string>,
): { value: BankArrival; message: null } | { value: null; message: string } {
  const amount = parseYuanToFen(cells.amount.replace(/[,，\s]/g, ''));
  if (amount === null || amount <= 0) return { value: null, message: MSG.intentionDepositAmountInvalid };
  const arrivedAt = readStatementTime(cells.arrivedAt);
  if (arrivedAt === null) return { value: null, message: MSG.depositArrivedAtInvalid };
  const parsed = ZBankArrival.safeParse({ ...cells, amount, arrivedAt });
  if (!parsed.success) return { value: null, message: parsed.error.issues[0]?.message ?? MSG.badRequest };
  return { value: parsed.data, message: null };
}

// ---------------------------------------------------------------------------------------------------------------
// Refunds (保证金退还): batches of instructions for the bank, closed by its confirmation

/** A batch is `issued` (its file sent to the bank) until the exchange enters the bank's confirmation. */
export const REFUND_BATCH_STATUSES = ['issued', 'confirmed'] as const;
export type RefundBatchStatus = (typeof REFUND_BATCH_STATUSES)[number];
export const REFUND_BATCH_STATUS_LABELS: Record<RefundBatchStatus, string> = {
  issued: '待银行确认',
  confirmed: '已确认',
};

/** One line's end: `issued` until confirmed, then `refunded`, or `failed` (owed back again). */
export const REFUND_LINE_OUTCOMES = ['issued', 'refunded', 'failed'] as const;
export type RefundLineOutcome = (typeof REFUND_LINE_OUTCOMES)[number];
export const REFUND_LINE_OUTCOME_LABELS: Record<RefundLineOutcome, string> = {
  issued: '待确认',
  refunded: '已退还',
  failed: '退款失败',
};

/** The most lines one batch takes (a bank's batch payment file takes a few hundred). */
export const REFUND_BATCH_LINES_MAX = 500;

/** 退款批次号: TK, the day it was issued (+08:00) and its id, as the bank's file and the confirmation name it. */
export function refundBatchNo(issuedAt: Date | string, id: number): string {
  return `TK${formatDate(issuedAt).replaceAll('-', '')}${String(id).padStart(6, '0')}`;
}

/** The refund file's columns, in order: what a bank's batch payment import reads. */
export const REFUND_FILE_COLUMNS = {
  batchNo: '批次号',
  line: '序号',
  payeeName: '收款人户名',
  payeeAccount: '收款人账号',
  amount: '金额（元）',
  reference: '原交易流水号',
  purpose: '用途',
} as const;

/** What each refund instruction says it is for. */
export const REFUND_PURPOSE = '退还交易保证金';

/**
 * The day a refund is due: `workdays` working days (the rule parameter depositRefundWorkdays of that day) after the
 * day the registration left the race or its money arrived, whichever was later ('YYYY-MM-DD', +08:00).
 */
export function refundDueOn(since: string, workdays: number): string {
  return formatDate(addWorkdays(since, workdays).date);
}
