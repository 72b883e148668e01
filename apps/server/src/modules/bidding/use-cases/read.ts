// The reads: a project's hall, the hall, and its signed result, to whoever sees it (anyone else 404). A hall read
// after its end is closed first, so what is read never shows a countdown run out.
import { IDENTITY, MSG, type BiddingHall } from '@cqjy/domain';
import { notFound, refused } from '../../../platform/errors.ts';
import type { Viewer } from '../../attachments/service.ts';
import { track, type HallDeps } from '../deps.ts';
import { canSee, isExchange, load, toHall, type Loaded } from '../hall.ts';
import * as repo from '../repo.ts';
import { closeHall } from './close.ts';
import { ensureResult } from './result.ts';

/** The hall to whoever may see it; anything else is not found. A hall read after its end is closed first. */
export async function loadVisible(
  deps: HallDeps,
  viewer: Pick<Viewer, 'companyId' | 'identityType'>,
  id: number,
): Promise<Loaded> {
  const { db, clock } = deps;
  const loaded = await load(db, id);
  if (loaded === undefined || !canSee(viewer, loaded)) throw notFound();
  const { item } = loaded;
  if (item.closedAt === null && clock.now().getTime() >= item.endsAt.getTime()) {
    await closeHall(deps, id);
    return (await load(db, id)) ?? loaded;
  }
  return loaded;
}

/** The project's hall, or null: to whoever sees the project (404 otherwise), the id only when it sees the hall. */
export async function findForProject(
  deps: HallDeps,
  viewer: Viewer,
  projectId: number,
): Promise<{ id: number } | null> {
  const { db } = deps;
  const project = await repo.findProject(db, projectId);
  if (project === undefined) throw notFound();
  const isVisible =
    isExchange(viewer) ||
    project.companyId === viewer.companyId ||
    (viewer.identityType === IDENTITY.member && project.agentCompanyId === viewer.companyId) ||
    (await repo.hasRegistration(db, projectId, viewer.companyId));
  if (!isVisible) throw notFound();
  const hall = await repo.findByProject(db, projectId);
  if (hall === undefined) return null;
  const loaded = await load(db, hall.id);
  return loaded !== undefined && canSee(viewer, loaded) ? { id: hall.id } : null;
}

/** The hall as it stands, with the caller's own bidder numbers. */
export async function showHall(deps: HallDeps, viewer: Viewer, id: number): Promise<BiddingHall> {
  const { clock } = deps;
  return toHall(await loadVisible(deps, viewer, id), clock.now(), viewer);
}

/** The signed result PDF of a closed hall, to whoever sees the hall. */
export async function openResult(deps: HallDeps, viewer: Viewer, id: number) {
  const { attachments } = deps;
  const loaded = await loadVisible(deps, viewer, id);
  if (loaded.item.closedAt === null) throw refused(MSG.biddingNotClosed);
  const fileId = loaded.item.resultFileId ?? (await track(deps, ensureResult(deps, id)));
  if (fileId === null) throw refused(MSG.biddingResultPending);
  return attachments.openDownload(viewer, fileId, false);
}
