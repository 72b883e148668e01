import type { OrderPayState, PageResult, ServiceFeeOrder } from '@cqjy/domain';
import type { Viewer } from '../../attachments/service.ts';
import { findVisible, isExchange } from '../access.ts';
import type { OrderDeps, OrderScope } from '../deps.ts';
import * as repo from '../repo.ts';
import { toView } from '../view.ts';

/**
 * The orders the caller reads: its own (every company's for the exchange), or in the agent scope those of the
 * projects it acts for as the agent member (GJS_ORDER_SERVICE_FEE_JTC, 代理项目订单).
 */
export async function listOrders(
  deps: OrderDeps,
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
  const page = await repo.listOrders(deps.db, {
    ...filter,
    ...(scope === 'agent'
      ? { agentCompanyId: viewer.companyId }
      : { companyId: isExchange(viewer) ? undefined : viewer.companyId }),
  });
  return { list: page.list.map(toView), total: page.total };
}

export async function showOrder(
  deps: OrderDeps,
  viewer: Viewer,
  id: number,
  scope: OrderScope = 'own',
): Promise<ServiceFeeOrder> {
  return toView(await findVisible(deps, viewer, id, scope));
}
