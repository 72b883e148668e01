// Who reaches which project, shared by the use cases: its owner company, the agent member acting for it and the
// exchange see it; anyone else is told it does not exist (404). Only the owner changes it, and only while its
// kind's form is editable and no disclosure application is under way.
import {
  EDITABLE_ACTION_STATUSES,
  findProjectKind,
  IDENTITY,
  isFormEditable,
  MSG,
  type ProjectKind,
} from '@cqjy/domain';
import { notFound, refused } from '../../platform/errors.ts';
import type { Viewer } from '../attachments/service.ts';
import type { ProjectRow, ProjectsDeps } from './deps.ts';
import type { ProjectScope } from './repo-lists.ts';
import * as repo from './repo.ts';

export function isExchange(viewer: Pick<Viewer, 'identityType'>): boolean {
  return viewer.identityType === IDENTITY.admin;
}

export function isVisibleTo(viewer: Pick<Viewer, 'companyId' | 'identityType'>, row: ProjectRow): boolean {
  return (
    row.companyId === viewer.companyId ||
    isExchange(viewer) ||
    (viewer.identityType === IDENTITY.member && row.agentCompanyId === viewer.companyId)
  );
}

/** The seller's side of the project's deal: its company, or the member acting for it (not the exchange). */
export function isSellerSide(viewer: Pick<Viewer, 'companyId'>, row: ProjectRow): boolean {
  return row.companyId === viewer.companyId || row.agentCompanyId === viewer.companyId;
}

/** The projects a list shows the viewer: every company's to the exchange, a member's agencies, else its own. */
export function scopeOf(viewer: Viewer): ProjectScope {
  if (isExchange(viewer)) return { kind: 'all' };
  if (viewer.identityType === IDENTITY.member) return { kind: 'agent', companyId: viewer.companyId };
  return { kind: 'company', companyId: viewer.companyId };
}

/** The kind of a family whose projects have a form; any other family names no project here. */
export function requireKind(family: string): ProjectKind {
  const kind = findProjectKind(family);
  if (kind === undefined) throw notFound();
  return kind;
}

/** The project, or 404 when it does not exist or belongs to another company (the exchange sees all). */
export async function findVisible(
  deps: Pick<ProjectsDeps, 'db'>,
  viewer: Pick<Viewer, 'companyId' | 'identityType'>,
  id: number,
): Promise<ProjectRow> {
  const row = await repo.findById(deps.db, id);
  if (row === undefined || !isVisibleTo(viewer, row)) throw notFound();
  return row;
}

/** The project if the caller's own company owns it; the exchange and agents are told it is not there. */
export async function findOwn(
  deps: Pick<ProjectsDeps, 'db'>,
  viewer: Viewer,
  id: number,
): Promise<ProjectRow> {
  const row = await findVisible(deps, viewer, id);
  if (row.companyId !== viewer.companyId) throw notFound();
  return row;
}

/** Whether an application under way locks the project form (submitted, awaiting signature or review). */
export async function isLocked(
  deps: Pick<ProjectsDeps, 'disclosure'>,
  viewer: Viewer,
  projectId: number,
): Promise<boolean> {
  const open = await deps.disclosure.gateway?.find(viewer, projectId);
  return open != null && !EDITABLE_ACTION_STATUSES.includes(open.status);
}

/** Whether the viewer's company may still change the project (its form; a vehicle disposal's vehicles too). */
export async function isEditableBy(
  deps: Pick<ProjectsDeps, 'disclosure'>,
  viewer: Viewer,
  row: ProjectRow,
): Promise<boolean> {
  const kind = findProjectKind(row.family);
  return (
    row.companyId === viewer.companyId &&
    kind !== undefined &&
    isFormEditable(kind, row.status) &&
    !(await isLocked(deps, viewer, row.id))
  );
}

/**
 * A project of the caller's company that may still be changed: a draft (or a pre-disclosed project) whose
 * disclosure application is not under way (submitted, awaiting signature or review). Of another family, or
 * another company's: 404.
 */
export async function findEditable(
  deps: Pick<ProjectsDeps, 'db' | 'disclosure'>,
  viewer: Viewer,
  id: number,
  family: string,
): Promise<ProjectRow> {
  const project = await findOwn(deps, viewer, id);
  if (project.family !== family) throw notFound();
  if (!isFormEditable(requireKind(family), project.status) || (await isLocked(deps, viewer, project.id))) {
    throw refused(MSG.projectsNotEditable);
  }
  return project;
}
