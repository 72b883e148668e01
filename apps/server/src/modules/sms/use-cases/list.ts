// 短信管理's list of the outbox.
import { toDate, type PageResult, type SmsListItem, type SmsListQuery } from '@cqjy/domain';
import type { SmsDeps } from '../deps.ts';
import { indexLinks, toItem } from '../outbox.ts';
import * as repo from '../repo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Newest first, filtered; the dates are +08:00 calendar days, both included (checked by the route). */
export async function list({ db }: SmsDeps, query: SmsListQuery): Promise<PageResult<SmsListItem>> {
  const { rows, total } = await repo.listPage(db, {
    offset: (query.pageNum - 1) * query.pageSize,
    limit: query.pageSize,
    mobileDigits: query.mobile,
    status: query.status,
    purpose: query.purpose,
    template: query.template,
    from: query.dateFrom === undefined ? undefined : toDate(query.dateFrom),
    until: query.dateTo === undefined ? undefined : new Date(toDate(query.dateTo).getTime() + DAY_MS),
  });
  const links = indexLinks(await repo.findResendLinks(db, rows));
  return { list: rows.map((row) => toItem(row, links)), total };
}
