// Who sees a plan (its owner company and the exchange; anyone else is told it does not exist) and who may change
// it (its own company, while it is still a plan).
import { MSG } from '@cqjy/domain';
import { notFound, refused } from '../../platform/errors.ts';
import type { Viewer } from '../attachments/service.ts';
import { isExchange } from '../projects/service.ts';
import type { PlansDeps } from './deps.ts';
import * as repo from './repo.ts';

/** The plan, or 404 when it does not exist or belongs to another company (the exchange sees all). */
export async function findVisible(
  deps: Pick<PlansDeps, 'db'>,
  viewer: Viewer,
  id: number,
): Promise<repo.PlanItem> {
  const item = await repo.findItem(deps.db, id);
  if (item === undefined || (item.companyId !== viewer.companyId && !isExchange(viewer))) throw notFound();
  return item;
}

/** A plan of the caller's company that is still a plan; the exchange, which reads, is told it is not there. */
export async function findOpen(
  deps: Pick<PlansDeps, 'db'>,
  actor: Viewer,
  id: number,
): Promise<repo.PlanItem> {
  const item = await findVisible(deps, actor, id);
  if (item.companyId !== actor.companyId) throw notFound();
  if (item.projectId !== null) throw refused(MSG.plansConverted);
  return item;
}
