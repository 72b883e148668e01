// Who reaches which investor, shared by the use cases: the registering company its own investors (drafts too); the
// project's owner and the exchange every submitted investor of the project; nobody else anything (404, as for an id
// that does not exist). And the capital increase an investor is registered on.
import { CAPITAL_INCREASE_FAMILIES, IDENTITY } from '@cqjy/domain';
import { notFound } from '../../platform/errors.ts';
import type { ProjectRow } from '../projects/service.ts';
import type { InvestorsDeps, Viewer } from './deps.ts';
import * as repo from './repo.ts';

export const isExchange = (viewer: Pick<Viewer, 'identityType'>): boolean =>
  viewer.identityType === IDENTITY.admin;
export const isMember = (viewer: Pick<Viewer, 'identityType'>): boolean =>
  viewer.identityType === IDENTITY.member;

/** The investor an attachment record names (its id as text), if the text is an id at all. */
export async function findRow(
  deps: InvestorsDeps,
  dataId: string,
): Promise<repo.InvestorListItem | undefined> {
  const id = Number(dataId);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647
    ? repo.findInvestor(deps.db, id)
    : undefined;
}

export async function canSee(
  deps: InvestorsDeps,
  viewer: Pick<Viewer, 'companyId' | 'identityType'>,
  row: repo.InvestorRow,
): Promise<boolean> {
  if (row.companyId === viewer.companyId) return true;
  if (row.status === 'draft') return false;
  if (isExchange(viewer)) return true;
  const project = await deps.projects.findById(row.projectId);
  return project?.companyId === viewer.companyId;
}

/** A capital increase by id, whoever owns it (its public facts are announced); another family: 404. */
export async function findCapitalIncrease(
  deps: InvestorsDeps,
  projectId: number,
  family?: string,
): Promise<ProjectRow> {
  const project = await deps.projects.findById(projectId);
  if (project === undefined || !CAPITAL_INCREASE_FAMILIES.includes(project.family)) throw notFound();
  if (family !== undefined && project.family !== family) throw notFound();
  return project;
}
