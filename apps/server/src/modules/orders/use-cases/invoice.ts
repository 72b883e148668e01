import { MSG } from '@cqjy/domain';
import { notFound, refused } from '../../../platform/errors.ts';
import type { Actor } from '../../attachments/service.ts';
import { findVisible } from '../access.ts';
import { change } from '../change.ts';
import type { OrderDeps } from '../deps.ts';

/** The owner asks for the invoice, made out to one of its 发票抬头 (as it is now), until it is issued. */
export async function requestInvoice(
  deps: OrderDeps,
  actor: Actor,
  id: number,
  input: { version: number; titleId: number },
): Promise<{ id: number; version: number }> {
  const item = await findVisible(deps, actor, id);
  if (item.companyId !== actor.companyId) throw notFound();
  if (item.invoiceState === 'issued') throw refused(MSG.ordersInvoiceIssued);
  const invoice = await deps.findInvoiceTitle(actor, input.titleId);
  if (invoice === undefined) throw refused(MSG.ordersInvoiceTitleMissing);
  return change(
    deps,
    actor,
    item,
    input.version,
    { invoiceState: 'requested', invoice },
    'order.invoiceRequest',
  );
}

/** The exchange records the invoice issued, once asked for. */
export async function issueInvoice(
  deps: OrderDeps,
  actor: Actor,
  id: number,
  input: { version: number },
): Promise<{ id: number; version: number }> {
  const item = await findVisible(deps, actor, id);
  if (item.invoiceState !== 'requested') throw refused(MSG.ordersInvoiceNotRequested);
  return change(deps, actor, item, input.version, { invoiceState: 'issued' }, 'order.invoiceIssue');
}
