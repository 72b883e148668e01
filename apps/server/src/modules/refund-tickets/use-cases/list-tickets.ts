// 退票信息's list and one ticket with its applications.
import type { PageResult, RefundTicket, RefundTicketDetail, RefundTicketState } from '@cqjy/domain';
import type { Viewer } from '../../attachments/service.ts';
import * as repo from '../repo.ts';
import { findVisible, isExchange, toApplicationView, toView, type RefundTicketsContext } from '../tickets.ts';

export type TicketListQuery = {
  page: number;
  size: number;
  keyword?: string | undefined;
  state?: RefundTicketState | undefined;
};

export async function listTickets(
  deps: RefundTicketsContext,
  viewer: Viewer,
  query: TicketListQuery,
): Promise<PageResult<RefundTicket>> {
  const { db } = deps;
  const page = await repo.listTickets(db, {
    ...query,
    companyId: isExchange(viewer) ? undefined : viewer.companyId,
  });
  const applications = await repo.listApplications(
    db,
    page.list.map((item) => item.id),
  );
  const latest = new Map<number, repo.ApplicationItem>();
  for (const application of applications) {
    if (!latest.has(application.ticketId)) latest.set(application.ticketId, application);
  }
  return { list: page.list.map((item) => toView(item, latest.get(item.id))), total: page.total };
}

export async function showTicket(
  deps: RefundTicketsContext,
  viewer: Viewer,
  id: number,
): Promise<RefundTicketDetail> {
  const item = await findVisible(deps, viewer, id);
  const applications = await repo.listApplications(deps.db, [item.id]);
  return { ...toView(item, applications[0]), applications: applications.map(toApplicationView) };
}
