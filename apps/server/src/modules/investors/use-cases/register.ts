// A draft investor registered on a disclosing capital increase, and its facts replaced while it is a draft.
import { INVESTOR_DATA_CLASS, INVESTOR_EDITABLE_STATUSES } from '@cqjy/domain';
import { toAuditActor } from '../../../platform/audit.ts';
import { conflict } from '../../../platform/errors.ts';
import { findCapitalIncrease } from '../access.ts';
import type { Actor, InvestorsDeps, Saved } from '../deps.ts';
import {
  checkMember,
  findOwnDraft,
  readInvestor,
  refuseTakenCertNo,
  requireRegistrant,
  requireRegistrationOpen,
  writing,
} from '../registration.ts';
import * as repo from '../repo.ts';

/** POST /api/investor: a draft investor of a disclosing capital increase. */
export async function createInvestor(
  deps: InvestorsDeps,
  actor: Actor,
  input: { projectId: number; investor: unknown; createId?: string | undefined },
): Promise<Saved> {
  const { db, audit, attachments } = deps;
  const project = await findCapitalIncrease(deps, input.projectId);
  requireRegistrant(actor, project);
  const values = await readInvestor(deps, input.investor, project);
  const memberCompanyId = await checkMember(deps, actor, values.memberCompanyId);
  const certNo = values.certNo ?? '';
  return writing(() =>
    db.transaction(async (tx) => {
      await requireRegistrationOpen(deps, tx, project.id);
      await refuseTakenCertNo(tx, project.id, certNo);
      const row = await repo.insertInvestor(tx, {
        ...values,
        certNo,
        memberCompanyId,
        projectId: project.id,
        companyId: actor.companyId,
        createdBy: actor.userId,
      });
      if (input.createId !== undefined && input.createId !== '') {
        await attachments.bindDraft(tx, {
          companyId: actor.companyId,
          dataClass: INVESTOR_DATA_CLASS,
          createId: input.createId,
          dataId: String(row.id),
        });
      }
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'investor.create',
        result: 'ok',
        target: String(row.id),
        // the certificate number stays out of the log: the row holds it
        detail: {
          projectId: project.id,
          investorType: row.investorType,
          amount: row.amount,
          share: row.share,
        },
      });
      return { id: row.id, version: row.version };
    }),
  );
}

/** POST /api/investor/update/{id}: the draft's facts replaced (a blank certNo keeps the stored number). */
export async function updateInvestor(
  deps: InvestorsDeps,
  actor: Actor,
  id: number,
  input: { version: number; investor: unknown },
): Promise<Saved> {
  const { db, audit } = deps;
  const { investor, project } = await findOwnDraft(deps, actor, id);
  const values = await readInvestor(deps, input.investor, project, investor);
  const memberCompanyId = await checkMember(deps, actor, values.memberCompanyId);
  return writing(() =>
    db.transaction(async (tx) => {
      await requireRegistrationOpen(deps, tx, project.id);
      await refuseTakenCertNo(tx, project.id, values.certNo, investor.id);
      const row = await repo.updateInvestorGuarded(
        tx,
        investor.id,
        input.version,
        { ...values, certNo: values.certNo ?? investor.certNo, memberCompanyId },
        INVESTOR_EDITABLE_STATUSES,
      );
      if (row === undefined) throw conflict();
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'investor.update',
        result: 'ok',
        target: String(row.id),
        detail: { projectId: project.id, version: row.version, amount: row.amount, share: row.share },
      });
      return { id: row.id, version: row.version };
    }),
  );
}
