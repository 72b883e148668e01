// A project's result in the exchange's trading system (交易系统; spec 001 section 7: GET
// /api/project/update/from/otc/{id}): bidding takes place there once a project's disclosure is over, and the
// portal reads the outcome back. What the trading system answers is checked here (a malformed answer changes
// nothing), and what it means for the project: a deal makes the project dealt (已成交) with the price, the time and
// the buyer; a project still trading or without a buyer (流拍) keeps its status and records the latest answer.
import { z } from 'zod';
import type { ProjectStatus } from '../workflow/statuses.ts';

export const OTC_TRADE_STATUS = { trading: 'trading', dealt: 'dealt', failed: 'failed' } as const;

export type OtcTradeStatus = (typeof OTC_TRADE_STATUS)[keyof typeof OTC_TRADE_STATUS];

export const OTC_TRADE_STATUS_LABELS: Record<OtcTradeStatus, string> = {
  trading: '交易中',
  dealt: '已成交',
  failed: '未成交',
};

/** The project statuses whose result may be read from the trading system. */
export const OTC_SYNCABLE_STATUSES: readonly ProjectStatus[] = ['disclosing', 'ended', 'dealt'];

/** What the trading system answers for one project (money in integer fen, times ISO 8601). */
export type OtcTradeResult = {
  code: string;
  status: OtcTradeStatus;
  dealPrice?: number | undefined;
  dealTime?: string | undefined;
  transferee?: string | undefined;
  bidCount?: number | undefined;
};

const zFen = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const otcTradeResultSchema = z
  .object({
    code: z.string().min(1).max(64),
    status: z.enum(['trading', 'dealt', 'failed']),
    dealPrice: zFen.optional(),
    dealTime: z.iso.datetime({ offset: true }).optional(),
    transferee: z.string().min(1).max(200).optional(),
    bidCount: z.number().int().min(0).optional(),
  })
  // a deal names its price, its time and its buyer
  .refine(
    (result) =>
      result.status !== 'dealt' ||
      (result.dealPrice !== undefined && result.dealTime !== undefined && result.transferee !== undefined),
  ) as unknown as z.ZodType<OtcTradeResult>;

/** The answer checked, or null when it is not one the contract allows. */
export function parseOtcTradeResult(answer: unknown): OtcTradeResult | null {
  const result = otcTradeResultSchema.safeParse(answer);
  return result.success ? result.data : null;
}

/** What the project keeps of the trading system's answer (details.otc), with when it was read. */
export type OtcRecord = OtcTradeResult & { syncedAt: string };

/** The project's next status for a trading result: dealt on a deal, else unchanged. */
export function statusAfterOtc(current: ProjectStatus, result: OtcTradeResult): ProjectStatus {
  return result.status === OTC_TRADE_STATUS.dealt ? 'dealt' : current;
}
