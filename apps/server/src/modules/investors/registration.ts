// The registration's rules shared by the draft's use cases (create, update, submit): the project open to
// registrations, who may register on it, the representing member, the investor's facts checked by the domain, and
// one certificate number per project.
import {
  checkInvestor,
  INVESTOR_EDITABLE_STATUSES,
  INVESTOR_REGISTRATION_STATUSES,
  MSG,
  type ParticipantCertType,
  type ParticipantKind,
} from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import { notFound, refused } from '../../platform/errors.ts';
import type { ProjectRow } from '../projects/service.ts';
import { findCapitalIncrease, isMember } from './access.ts';
import type { InvestorsDeps, Viewer } from './deps.ts';
import * as repo from './repo.ts';
import { investorTypes, planOf } from './view.ts';
import { isUniqueViolation } from '../../db/errors.ts';

/** The registration is open: the project disclosing, no selection recorded (checked again in the writing tx). */
export async function requireRegistrationOpen(deps: InvestorsDeps, tx: Db, projectId: number): Promise<void> {
  const status = await deps.projects.lockStatus(tx, projectId, 'share');
  if (status === undefined) throw notFound();
  if (!INVESTOR_REGISTRATION_STATUSES.includes(status) || (await repo.hasSelection(tx, projectId))) {
    throw refused(MSG.investorsRegistrationClosed);
  }
}

/** Whether the caller may register investors for the project: its owner, or a member (for its customers). */
export function requireRegistrant(actor: Viewer, project: ProjectRow): void {
  if (project.companyId !== actor.companyId && !isMember(actor)) throw notFound();
}

/** The member representing the investor: a member registers for itself; the owner may name an admitted one. */
export async function checkMember(
  deps: InvestorsDeps,
  actor: Viewer,
  requested: number | null,
): Promise<number | null> {
  if (isMember(actor)) return actor.companyId;
  if (requested === null) return null;
  const members = await deps.projects.listMembers();
  if (!members.some((member) => member.id === requested)) throw refused(MSG.investorsMemberUnknown);
  return requested;
}

/** The investor's facts as the domain's checkInvestor reads them (its message refused as typed). */
export async function readInvestor(
  deps: InvestorsDeps,
  input: unknown,
  project: ProjectRow,
  stored?: { kind: ParticipantKind; certType: ParticipantCertType },
) {
  const types = await investorTypes(deps);
  const checked = checkInvestor(input, {
    investorTypes: types.keys,
    offeredShare: planOf(project).offeredShare,
    stored,
    now: deps.clock.now(),
  });
  if (checked.message !== null) throw refused(checked.message);
  return checked.value;
}

/** A write that a concurrent one with the same certificate number beat: refused as the number taken. */
export async function writing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw refused(MSG.investorsCertNoTaken);
    throw error;
  }
}

export async function refuseTakenCertNo(tx: Db, projectId: number, certNo: string | null, selfId?: number) {
  if (certNo === null) return;
  const holder = await repo.findByCertNo(tx, projectId, certNo);
  if (holder !== undefined && holder.id !== selfId) throw refused(MSG.investorsCertNoTaken);
}

/** The caller's own draft investor and its project; another company's: 404; no draft any more: refused. */
export async function findOwnDraft(deps: InvestorsDeps, actor: Viewer, id: number) {
  const investor = await repo.findInvestor(deps.db, id);
  if (investor === undefined || investor.companyId !== actor.companyId) throw notFound();
  if (!INVESTOR_EDITABLE_STATUSES.includes(investor.status)) throw refused(MSG.investorsNotEditable);
  return { investor, project: await findCapitalIncrease(deps, investor.projectId) };
}
