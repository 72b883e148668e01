import { MSG } from '@cqjy/domain';
import { refused } from '../../../platform/errors.ts';
import type { Actor } from '../../attachments/service.ts';
import { findVisible } from '../access.ts';
import { change } from '../change.ts';
import type { OrderDeps } from '../deps.ts';

/** The exchange records the fee paid. */
export async function recordPayment(
  deps: OrderDeps,
  actor: Actor,
  id: number,
  input: { version: number },
): Promise<{ id: number; version: number }> {
  const item = await findVisible(deps, actor, id);
  if (item.payState !== 'unpaid') throw refused(MSG.ordersNotUnpaid);
  return change(
    deps,
    actor,
    item,
    input.version,
    { payState: 'paid', paidAt: deps.clock.now() },
    'order.pay',
  );
}
