// 服务费订单: a dealt project's service fee, billed to its owner (the domain's orders.ts). The workflow engine tells
// this module when an action is approved (registerApprovalEffect, wired in app.ts): the contract makes or remakes
// the order (the deal amount and day are the contract's, the fee the schedule's in force on the deal day), the
// price deduction (服务费扣划) marks it deducted from the price. The owner asks for an invoice made out to one of
// its 发票抬头; the exchange records the payment and the invoice it issued. Another company's order answers 404;
// a stale version 409; every change is audited.
import {
  FAMILY_TITLES,
  formatDate,
  IDENTITY,
  MSG,
  ORDER_CODE,
  ORDER_INVOICE_STATE_LABELS,
  ORDER_PAY_STATE_LABELS,
  yearSerialCode,
  type FamilyKey,
  type FeeLine,
  type OrderInvoice,
  type OrderPayState,
  type PageResult,
  type ServiceFeeOrder,
} from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import { toAuditActor } from '../../platform/audit.ts';
import { conflict, notFound, refused } from '../../platform/errors.ts';
import type { PlatformDeps } from '../../platform/deps.ts';
import type { AuditService } from '../audit/service.ts';
import type { Actor, Viewer } from '../attachments/service.ts';
import type { ApprovedAction } from '../workflow/instances.ts';
import * as repo from './repo.ts';

export type OrdersService = ReturnType<typeof createOrdersService>;

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

const isExchange = (viewer: Pick<Viewer, 'identityType'>): boolean => viewer.identityType === IDENTITY.admin;

function toView(item: repo.OrderItem): ServiceFeeOrder {
  return {
    id: item.id,
    code: item.code,
    companyId: item.companyId,
    companyName: item.companyName,
    projectId: item.projectId,
    projectName: item.projectName,
    projectCode: item.projectCode,
    family: item.family,
    familyLabel: FAMILY_TITLES[item.family as FamilyKey] ?? item.family,
    dealAmount: item.dealAmount,
    dealDate: item.dealDate,
    fee: item.fee,
    feeLines: item.feeLines,
    scheduleFrom: item.scheduleFrom,
    payState: item.payState,
    payStateLabel: ORDER_PAY_STATE_LABELS[item.payState],
    paidAt: item.paidAt?.toISOString() ?? null,
    invoiceState: item.invoiceState,
    invoiceStateLabel: ORDER_INVOICE_STATE_LABELS[item.invoiceState],
    invoice: item.invoice,
    version: item.version,
    createdAt: item.createdAt.toISOString(),
  };
}

/** The contract's deal: its price (fen) and its day (the signing day, else the approval's). */
function dealOf(approved: ApprovedAction): { amount: number; day: string } | undefined {
  const price = approved.form.dealPrice;
  if (typeof price !== 'number' || !Number.isSafeInteger(price) || price < 0) return undefined;
  const signed = approved.form.signDate;
  const day = typeof signed === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(signed) ? signed : '';
  return { amount: price, day: day === '' ? formatDate(approved.approvedAt) : day };
}

export function createOrdersService(deps: OrderDeps) {
  const { db, audit, clock, serviceFee, findInvoiceTitle } = deps;

  /**
   * The order, to its owner company and the exchange, or in the agent scope (read only) to the agent member acting
   * for the project; anything else is not found.
   */
  async function findVisible(viewer: Viewer, id: number, scope: OrderScope = 'own'): Promise<repo.OrderItem> {
    const item = await repo.findItem(db, id);
    const isVisible =
      item !== undefined &&
      (scope === 'agent'
        ? item.agentCompanyId === viewer.companyId
        : scope === 'own' && (item.companyId === viewer.companyId || isExchange(viewer)));
    if (!isVisible) throw notFound();
    return item;
  }

  /**
   * The engine's approval of a contract: the project's order made, or remade from the corrected contract while
   * it is unpaid (a paid or deducted order keeps what it was paid for).
   */
  async function billContract(tx: Db, approved: ApprovedAction): Promise<void> {
    const deal = dealOf(approved);
    if (deal === undefined) return;
    const quote = await serviceFee(tx, approved.family, deal.amount, deal.day);
    const billed = {
      dealAmount: deal.amount,
      dealDate: deal.day,
      fee: quote.fee,
      feeLines: quote.lines,
      scheduleFrom: quote.scheduleFrom,
    };
    const existing = await repo.findByProject(tx, approved.projectId);
    if (existing !== undefined) {
      if (existing.payState !== 'unpaid') return;
      const row = await repo.updateGuarded(tx, existing.id, existing.version, billed);
      if (row === undefined) throw conflict();
      await audit.append(tx, {
        action: 'order.rebill',
        result: 'ok',
        target: String(row.id),
        companyId: approved.companyId,
        detail: { projectId: approved.projectId, fee: quote.fee, dealAmount: deal.amount },
      });
      return;
    }
    const inserted = await repo.insertOrder(tx, {
      // a placeholder until the id is known; replaced below in the same transaction
      code: `order-${crypto.randomUUID()}`,
      companyId: approved.companyId,
      projectId: approved.projectId,
      family: approved.family,
      ...billed,
    });
    const row = await repo.setCode(tx, inserted.id, yearSerialCode(ORDER_CODE, clock.now(), inserted.id));
    if (row === undefined) throw conflict();
    await audit.append(tx, {
      action: 'order.create',
      result: 'ok',
      target: String(row.id),
      companyId: approved.companyId,
      detail: { code: row.code, projectId: approved.projectId, fee: quote.fee, dealAmount: deal.amount },
    });
  }

  /** The engine's approval of a price deduction: the fee was taken from the price paid out. */
  async function markDeducted(tx: Db, approved: ApprovedAction): Promise<void> {
    const existing = await repo.findByProject(tx, approved.projectId);
    if (existing?.payState !== 'unpaid') return;
    const row = await repo.updateGuarded(tx, existing.id, existing.version, {
      payState: 'deducted',
      paidAt: approved.approvedAt,
    });
    if (row === undefined) throw conflict();
    await audit.append(tx, {
      action: 'order.deduct',
      result: 'ok',
      target: String(row.id),
      companyId: approved.companyId,
      detail: { projectId: approved.projectId },
    });
  }

  /**
   * The orders the caller reads: its own (every company's for the exchange), or in the agent scope those of the
   * projects it acts for as the agent member (GJS_ORDER_SERVICE_FEE_JTC, 代理项目订单).
   */
  async function list(
    viewer: Viewer,
    query: {
      page: number;
      size: number;
      keyword?: string | undefined;
      payState?: OrderPayState | undefined;
      scope?: OrderScope | undefined;
    },
  ): Promise<PageResult<ServiceFeeOrder>> {
    const { scope = 'own', ...filter } = query;
    if (scope === 'none') return { list: [], total: 0 };
    const page = await repo.listOrders(db, {
      ...filter,
      ...(scope === 'agent'
        ? { agentCompanyId: viewer.companyId }
        : { companyId: isExchange(viewer) ? undefined : viewer.companyId }),
    });
    return { list: page.list.map(toView), total: page.total };
  }

  async function show(viewer: Viewer, id: number, scope: OrderScope = 'own'): Promise<ServiceFeeOrder> {
    return toView(await findVisible(viewer, id, scope));
  }

  async function change(
    actor: Actor,
    item: repo.OrderItem,
    version: number,
    patch: Parameters<typeof repo.updateGuarded>[3],
    action: string,
  ): Promise<{ id: number; version: number }> {
    return db.transaction(async (tx) => {
      const row = await repo.updateGuarded(tx, item.id, version, patch);
      if (row === undefined) throw conflict();
      await audit.append(tx, {
        ...toAuditActor(actor),
        action,
        result: 'ok',
        target: String(row.id),
        detail: { code: row.code, version: row.version },
      });
      return { id: row.id, version: row.version };
    });
  }

  /** The owner asks for the invoice, made out to one of its 发票抬头 (as it is now), until it is issued. */
  async function requestInvoice(
    actor: Actor,
    id: number,
    input: { version: number; titleId: number },
  ): Promise<{ id: number; version: number }> {
    const item = await findVisible(actor, id);
    if (item.companyId !== actor.companyId) throw notFound();
    if (item.invoiceState === 'issued') throw refused(MSG.ordersInvoiceIssued);
    const invoice = await findInvoiceTitle(actor, input.titleId);
    if (invoice === undefined) throw refused(MSG.ordersInvoiceTitleMissing);
    return change(actor, item, input.version, { invoiceState: 'requested', invoice }, 'order.invoiceRequest');
  }

  /** The exchange records the fee paid. */
  async function recordPayment(
    actor: Actor,
    id: number,
    input: { version: number },
  ): Promise<{ id: number; version: number }> {
    const item = await findVisible(actor, id);
    if (item.payState !== 'unpaid') throw refused(MSG.ordersNotUnpaid);
    return change(actor, item, input.version, { payState: 'paid', paidAt: clock.now() }, 'order.pay');
  }

  /** The exchange records the invoice issued, once asked for. */
  async function issueInvoice(
    actor: Actor,
    id: number,
    input: { version: number },
  ): Promise<{ id: number; version: number }> {
    const item = await findVisible(actor, id);
    if (item.invoiceState !== 'requested') throw refused(MSG.ordersInvoiceNotRequested);
    return change(actor, item, input.version, { invoiceState: 'issued' }, 'order.invoiceIssue');
  }

  return { billContract, markDeducted, list, show, requestInvoice, recordPayment, issueInvoice };
}
