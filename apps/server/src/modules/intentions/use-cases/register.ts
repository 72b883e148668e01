// The member's draft of a registration: saved and edited while it may be (a draft, or returned to it), one buyer per
// member and project, a certificate number once per project, on a project still taking registrations.
import {
  checkIntention,
  formatDate,
  formatMessage,
  INTENTION_DATA_CLASS,
  INTENTION_TRANSITIONS,
  MSG,
} from '@cqjy/domain';
import type { Db } from '../../../db/client.ts';
import { violatedIndex } from '../../../db/errors.ts';
import { conflict, refused } from '../../../platform/errors.ts';
import { findOwn, isMember, requireOpenProject, requireStillOpen } from '../access.ts';
import { writeAudit } from '../audit.ts';
import type { Actor, IntentionInput, IntentionsDeps } from '../deps.ts';
import * as repo from '../repo.ts';

/** The index of one registration per member and project (tables.ts). */
const MEMBER_INDEX = 'intention_registrations_member_idx';

async function writing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // two registrations racing past the checks: the unique indexes decide, the loser is told why
    const index = violatedIndex(error);
    if (index === MEMBER_INDEX) throw refused(MSG.intentionMemberTaken);
    if (index !== undefined) throw refused(MSG.intentionCertNoTaken);
    throw error;
  }
}

async function refuseTakenCertNo(tx: Db, projectId: number, certNo: string, selfId?: number) {
  const holder = await repo.findByCertNo(tx, projectId, certNo);
  if (holder !== undefined && holder.id !== selfId) throw refused(MSG.intentionCertNoTaken);
}

/** A party whose deposit was forfeited may be barred from the owner's projects until a day (intention_bars). */
async function refuseBarred(deps: IntentionsDeps, tx: Db, ownerCompanyId: number, certNo: string) {
  const bar = await repo.findBar(tx, ownerCompanyId, certNo, formatDate(deps.clock.now()));
  if (bar !== undefined) throw refused(formatMessage(MSG.intentionBarred, { until: bar.until }));
}

/** A member represents one buyer of a project (two competing buyers of one member could fix the price). */
async function refuseSecondOfMember(tx: Db, projectId: number, companyId: number) {
  if ((await repo.findByMember(tx, projectId, companyId)) !== undefined) {
    throw refused(MSG.intentionMemberTaken);
  }
}

/** Checks the buyer as typed; on an update a blank number keeps the stored one. */
function readBuyer(
  deps: IntentionsDeps,
  input: IntentionInput,
  stored?: Pick<repo.IntentionRow, 'kind' | 'certType'>,
) {
  const { clock } = deps;
  // PostgreSQL text holds no NUL character: one typed in is refused rather than failing the insert (a 500)
  if (Object.values(input).some((value) => typeof value === 'string' && value.includes('\u0000'))) {
    throw refused(MSG.badRequest);
  }
  const checked = checkIntention(input, { stored, now: clock.now() });
  if (checked.message !== null) throw refused(checked.message);
  return checked.value;
}

/** The customer a registration is filled from: none, or one of the member's own. */
async function requireOwnCustomer(
  deps: IntentionsDeps,
  actor: Actor,
  customerId: number | null | undefined,
): Promise<void> {
  const { isOwnCustomer } = deps;
  if (customerId === null || customerId === undefined) return;
  if (!(await isOwnCustomer(actor, customerId))) throw refused(MSG.intentionCustomerUnknown);
}

/** POST /api/intention/save: a member's draft, adopting the files uploaded under the form's draft id. */
export async function createIntention(
  deps: IntentionsDeps,
  actor: Actor,
  input: IntentionInput & { projectId: number; createId?: string | undefined },
): Promise<{ id: number; version: number }> {
  const { db, attachments } = deps;
  if (!isMember(actor)) throw refused(MSG.intentionNotMember);
  const buyer = readBuyer(deps, input);
  await requireOwnCustomer(deps, actor, input.customerId);
  const project = await requireOpenProject(deps, input.projectId);
  const certNo = buyer.certNo ?? '';
  return writing(() =>
    db.transaction(async (tx) => {
      await requireStillOpen(deps, tx, project.id);
      await refuseTakenCertNo(tx, project.id, certNo);
      await refuseBarred(deps, tx, project.companyId, certNo);
      await refuseSecondOfMember(tx, project.id, actor.companyId);
      const row = await repo.insertIntention(tx, {
        ...buyer,
        certNo,
        projectId: project.id,
        companyId: actor.companyId,
        customerId: input.customerId ?? null,
        createdBy: actor.userId,
      });
      if (input.createId !== undefined && input.createId !== '') {
        await attachments.bindDraft(tx, {
          companyId: actor.companyId,
          dataClass: INTENTION_DATA_CLASS,
          createId: input.createId,
          dataId: String(row.id),
        });
      }
      await writeAudit(deps, tx, actor, 'intention.create', row, { amount: row.amount });
      return { id: row.id, version: row.version };
    }),
  );
}

/**
 * POST /api/intention/update/{id}: a draft's or a returned registration's buyer replaced (a blank certNo keeps
 * the stored number). A drawn letter no longer matches and goes; the registration stays where it was.
 */
export async function updateIntention(
  deps: IntentionsDeps,
  actor: Actor,
  id: number,
  input: IntentionInput & { version: number },
): Promise<{ id: number; version: number }> {
  const { db, clock } = deps;
  const item = await findOwn(deps, actor, id, 'edit');
  const buyer = readBuyer(deps, input, item);
  if (input.customerId !== item.customerId) await requireOwnCustomer(deps, actor, input.customerId);
  await requireOpenProject(deps, item.projectId);
  if (item.version !== input.version) throw conflict();
  const certNo = buyer.certNo ?? item.certNo;
  return writing(() =>
    db.transaction(async (tx) => {
      await requireStillOpen(deps, tx, item.projectId);
      await refuseTakenCertNo(tx, item.projectId, certNo, item.id);
      await refuseBarred(deps, tx, item.projectCompanyId, certNo);
      const row = await repo.updateGuarded(
        tx,
        item.id,
        input.version,
        {
          ...buyer,
          certNo,
          customerId: input.customerId === undefined ? item.customerId : input.customerId,
          letterId: null,
          letterSha256: null,
          letterLayout: null,
          updatedAt: clock.now(),
        },
        INTENTION_TRANSITIONS.edit.from,
      );
      if (row === undefined) throw conflict();
      await writeAudit(deps, tx, actor, 'intention.update', row, { amount: row.amount });
      return { id: row.id, version: row.version };
    }),
  );
}
