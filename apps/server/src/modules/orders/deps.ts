// What the orders module's use cases are given (service.ts wires them) and the shared types of its calls.
import type { FeeLine, OrderInvoice } from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import type { PlatformDeps } from '../../platform/deps.ts';
import type { AuditService } from '../audit/service.ts';
import type { Viewer } from '../attachments/service.ts';

/** whose orders a reading covers: the caller's own (the exchange: all), the projects it acts for, or none */
export type OrderScope = 'own' | 'agent' | 'none';

/** The service fee of a deal: the fee, its bands and the day the schedule used took effect ('' for the default). */
export type ServiceFeeQuote = { fee: number; lines: FeeLine[]; scheduleFrom: string };

export type OrderDeps = Pick<PlatformDeps, 'db' | 'clock'> & {
  audit: AuditService;
  /**
   * the fee of a deal of `family` for `amount` fen, by the schedule in force on `day` (YYYY-MM-DD), read through
   * `executor` (the approval's transaction: the embedded database serves one connection at a time)
   */
  serviceFee: (executor: Db, family: string, amount: number, day: string) => Promise<ServiceFeeQuote>;
  /** the caller's own invoice title (发票抬头) by its id, or undefined */
  findInvoiceTitle: (viewer: Viewer, id: number) => Promise<OrderInvoice | undefined>;
};
