// 退票信息 (spec 000 section 2, orders group: refundTicket, GJS_ORDER_REFUND): a payout the bank returned (a price
// paid out, a deposit refunded) because the account was wrong or closed. The exchange records the return as a
// ticket of the payee's company; the company applies again (重新出金申请, refundTicketApply) with a corrected
// account from its 银行账户, e-signs the application letter with its SMS code, and the exchange reviews it:
// returned with a reason, the company corrects it (refundTicketModify) and signs again; approved, the money goes
// out again and the ticket closes.
import { z } from 'zod';

/** A ticket's code: TP, the year, the id (yearSerialCode). */
export const REFUND_TICKET_CODE = { prefix: 'TP' } as const;

/** What was paid out and came back. */
export const REFUND_PAYOUT_KINDS = ['price', 'refundCashout'] as const;
export type RefundPayoutKind = (typeof REFUND_PAYOUT_KINDS)[number];
export const REFUND_PAYOUT_KIND_LABELS: Record<RefundPayoutKind, string> = {
  price: '价款划转',
  refundCashout: '退款出金',
};

/** The reasons banks give for a returned transfer. */
export const REFUND_RETURN_REASONS = [
  '账户已销户',
  '户名与账号不符',
  '账号不存在',
  '账户冻结或止付',
  '开户行信息有误',
  '其他',
] as const;

/**
 * A ticket's state: 待重新出金 until an application is signed (a draft one is 待签章), 审核中 while the exchange
 * reviews it, 已退回 when it was returned for correction, 已完成 once approved.
 */
export const REFUND_TICKET_STATES = ['pending', 'signing', 'reviewing', 'returned', 'closed'] as const;
export type RefundTicketState = (typeof REFUND_TICKET_STATES)[number];
export const REFUND_TICKET_STATE_LABELS: Record<RefundTicketState, string> = {
  pending: '待重新出金',
  signing: '待签章',
  reviewing: '审核中',
  returned: '已退回',
  closed: '已完成',
};

/** An application's state: its letter awaiting the signature, under review, returned, approved. */
export const REPAYOUT_STATES = ['signing', 'reviewing', 'returned', 'approved'] as const;
export type RepayoutState = (typeof REPAYOUT_STATES)[number];
export const REPAYOUT_STATE_LABELS: Record<RepayoutState, string> = {
  signing: '待签章',
  reviewing: '审核中',
  returned: '已退回',
  approved: '已通过',
};

/** A bank account as a payout goes to it. */
export const ZPayeeAccount = z.object({
  accountName: z.string(),
  bankName: z.string(),
  branchName: z.string(),
  accountNo: z.string(),
});
export type PayeeAccount = z.infer<typeof ZPayeeAccount>;

export const ZRepayoutApplication = z.object({
  id: z.number(),
  ticketId: z.number(),
  /** 1 for the first application of the ticket, counted up by each correction after a return */
  revisionNo: z.number(),
  account: ZPayeeAccount,
  remark: z.string(),
  state: z.enum(REPAYOUT_STATES),
  stateLabel: z.string(),
  /** the letter to sign (uuid), and once signed the signed one */
  letterId: z.string(),
  signedLetterId: z.string().nullable(),
  signedAt: z.string().nullable(),
  reviewReason: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewerName: z.string().nullable(),
  version: z.number(),
  createdAt: z.string(),
});
export type RepayoutApplication = z.infer<typeof ZRepayoutApplication>;

export const ZRefundTicket = z.object({
  id: z.number(),
  code: z.string(),
  companyId: z.number(),
  companyName: z.string(),
  projectId: z.number(),
  projectName: z.string(),
  projectCode: z.string(),
  payoutKind: z.enum(REFUND_PAYOUT_KINDS),
  payoutKindLabel: z.string(),
  /** fen */
  amount: z.number(),
  /** the account the returned payout went to (masked in lists) */
  original: ZPayeeAccount,
  returnReason: z.string(),
  /** YYYY-MM-DD: the day the bank returned it */
  returnedOn: z.string(),
  state: z.enum(REFUND_TICKET_STATES),
  stateLabel: z.string(),
  /** the latest application, if any */
  application: ZRepayoutApplication.nullable(),
  version: z.number(),
  createdAt: z.string(),
});
export type RefundTicket = z.infer<typeof ZRefundTicket>;

/** The ticket with every application made on it, the latest first. */
export const ZRefundTicketDetail = ZRefundTicket.extend({ applications: z.array(ZRepayoutApplication) });
export type RefundTicketDetail = z.infer<typeof ZRefundTicketDetail>;

/** The application letter's title. */
export const REPAYOUT_LETTER_TITLE = '重新出金申请书';

/** The letter the company e-signs: what came back, and where it is to be paid now. */
export function composeRepayoutLetter(input: {
  ticket: Pick<RefundTicket, 'code' | 'projectName' | 'projectCode' | 'payoutKindLabel' | 'original'> & {
    amountText: string;
    returnedOn: string;
    returnReason: string;
  };
  account: PayeeAccount;
  remark: string;
  applicant: string;
  exchange: string;
  day: string;
}): {
  title: string;
  addressee: string;
  paragraphs: string[];
  fields: { label: string; value: string }[];
  applicant: string;
  date: string;
} {
  const { ticket, account } = input;
  const [year, month, date] = input.day.split('-');
  return {
    title: REPAYOUT_LETTER_TITLE,
    addressee: input.exchange,
    paragraphs: [
      `我单位项目“${ticket.projectName}”（项目编号${ticket.projectCode}）的${ticket.payoutKindLabel}款项${ticket.amountText}元，` +
        `于${ticket.returnedOn}被银行退回（退票原因：${ticket.returnReason}）。`,
      '现申请将该款项重新划转至以下账户，我单位确认账户信息真实、准确，因账户信息有误产生的后果由我单位承担。',
      ...(input.remark === '' ? [] : [`说明：${input.remark}`]),
    ],
    fields: [
      { label: '退票编号', value: ticket.code },
      { label: '原收款户名', value: ticket.original.accountName },
      { label: '原收款账号', value: ticket.original.accountNo },
      { label: '收款户名', value: account.accountName },
      { label: '收款账号', value: account.accountNo },
      { label: '开户银行', value: account.bankName },
      { label: '开户网点', value: account.branchName },
    ],
    applicant: input.applicant,
    date: `${year}年${Number(month)}月${Number(date)}日`,
  };
}
