// Who reaches which registration, shared by the use cases: the member its own registrations; the project's owner,
// the project's agent member and the exchange those past signing. Anyone else is answered 404, as for an id that
// does not exist. And the project a registration is made on, open to registrations.
import {
  canIntention,
  IDENTITY,
  INTENTION_DATA_CLASS,
  isIntentionFamily,
  isPastSigning,
  isRegistrationOpen,
  MSG,
  type IntentionEvent,
  type IntentionFamily,
} from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import { notFound, refused } from '../../platform/errors.ts';
import type { Viewer } from '../attachments/service.ts';
import type { ProjectRow } from '../projects/service.ts';
import type { IntentionsDeps } from './deps.ts';
import * as repo from './repo.ts';

export const isExchange = (viewer: Pick<Viewer, 'identityType'>): boolean =>
  viewer.identityType === IDENTITY.admin;
export const isMember = (viewer: Pick<Viewer, 'identityType'>): boolean =>
  viewer.identityType === IDENTITY.member;

/** The attachments' record of a registration: its files and letters. */
export const recordOf = (id: number) => ({ dataClass: INTENTION_DATA_CLASS, dataId: String(id) });

/** Whether the viewer sees the registration: the member always, the owner, agent and exchange once signed. */
export function canSee(
  viewer: Pick<Viewer, 'companyId' | 'identityType'>,
  item: repo.IntentionItem,
): boolean {
  if (item.companyId === viewer.companyId && isMember(viewer)) return true;
  if (!isPastSigning(item.status)) return false;
  return (
    isExchange(viewer) ||
    item.projectCompanyId === viewer.companyId ||
    (isMember(viewer) && item.projectAgentCompanyId === viewer.companyId)
  );
}

/** The family of a stored registration's project (checked when the registration was made). */
export function familyOf(item: Pick<repo.IntentionItem, 'projectFamily'>): IntentionFamily {
  if (!isIntentionFamily(item.projectFamily))
    throw new Error(`not an intention family: ${item.projectFamily}`);
  return item.projectFamily;
}

/** The registration an attachment record names (its id as text), if the text is an id at all. */
export async function findRow(deps: IntentionsDeps, dataId: string): Promise<repo.IntentionItem | undefined> {
  const { db } = deps;
  const id = Number(dataId);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? repo.findItem(db, id) : undefined;
}

export async function findVisible(
  deps: IntentionsDeps,
  viewer: Viewer,
  id: number,
): Promise<repo.IntentionItem> {
  const { db } = deps;
  const item = await repo.findItem(db, id);
  if (item === undefined || !canSee(viewer, item)) throw notFound();
  return item;
}

/** The caller's own registration (its member's), ready for `event`; another's: 404; the wrong status: refused. */
export async function findOwn(
  deps: IntentionsDeps,
  actor: Viewer,
  id: number,
  event: IntentionEvent,
): Promise<repo.IntentionItem> {
  const { db } = deps;
  const item = await repo.findItem(db, id);
  if (item === undefined || item.companyId !== actor.companyId || !isMember(actor)) throw notFound();
  if (!canIntention(event, item.status)) throw refused(MSG.intentionNotAllowed);
  return item;
}

/** A registration the exchange acts on: one past signing (the exchange never sees the others). */
export async function findForExchange(
  deps: IntentionsDeps,
  actor: Viewer,
  id: number,
): Promise<repo.IntentionItem> {
  const { db } = deps;
  if (!isExchange(actor)) throw notFound();
  const item = await repo.findItem(db, id);
  if (item === undefined || !isPastSigning(item.status)) throw notFound();
  return item;
}

/**
 * Whether the viewer may ask about the project's registrations: whoever sees the project (owner, agent member,
 * exchange), and a member on a project open to registrations or one it registered on.
 */
export async function canAskAbout(
  deps: IntentionsDeps,
  viewer: Viewer,
  project: ProjectRow,
): Promise<boolean> {
  const { db, projects } = deps;
  if (!isIntentionFamily(project.family)) return false;
  if (projects.isVisibleTo(viewer, project)) return true;
  if (!isMember(viewer)) return false;
  return project.status === 'disclosing' || (await repo.hasOwnOnProject(db, project.id, viewer.companyId));
}

/**
 * The project a registration is made on: an intention family's, disclosing and its registration deadline (the
 * disclosure's last day) not passed (checked again when writing).
 */
export async function requireOpenProject(
  deps: IntentionsDeps,
  projectId: number,
): Promise<ProjectRow & { family: IntentionFamily }> {
  const { clock, projects } = deps;
  const project = await projects.findById(projectId);
  if (project === undefined || !isIntentionFamily(project.family)) {
    throw refused(MSG.intentionProjectNotFound);
  }
  if (!isRegistrationOpen(project, clock.now())) throw refused(MSG.intentionProjectClosed);
  return project as ProjectRow & { family: IntentionFamily };
}

/** Inside the writing transaction: the project still taking registrations (its row shared-locked until the commit). */
export async function requireStillOpen(deps: IntentionsDeps, tx: Db, projectId: number): Promise<void> {
  const { clock, projects } = deps;
  await projects.lockStatus(tx, projectId, 'share');
  const project = await projects.findById(projectId, tx);
  if (project === undefined || !isRegistrationOpen(project, clock.now())) {
    throw refused(MSG.intentionProjectClosed);
  }
}
