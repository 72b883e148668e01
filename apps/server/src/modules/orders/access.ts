// Who sees an order: its owner company and the exchange, or in the agent scope (read only) the agent member
// acting for the project.
import { IDENTITY } from '@cqjy/domain';
import { notFound } from '../../platform/errors.ts';
import type { Viewer } from '../attachments/service.ts';
import type { OrderDeps, OrderScope } from './deps.ts';
import * as repo from './repo.ts';

export const isExchange = (viewer: Pick<Viewer, 'identityType'>): boolean =>
  viewer.identityType === IDENTITY.admin;

/**
 * The order, to its owner company and the exchange, or in the agent scope (read only) to the agent member acting
 * for the project; anything else is not found.
 */
export async function findVisible(
  deps: Pick<OrderDeps, 'db'>,
  viewer: Viewer,
  id: number,
  scope: OrderScope = 'own',
): Promise<repo.OrderItem> {
  const item = await repo.findItem(deps.db, id);
  const isVisible =
    item !== undefined &&
    (scope === 'agent'
      ? item.agentCompanyId === viewer.companyId
      : scope === 'own' && (item.companyId === viewer.companyId || isExchange(viewer)));
  if (!isVisible) throw notFound();
  return item;
}
