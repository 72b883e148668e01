// The letter drawn for the e-signature (the deposit the project asks copied into it), the SMS code bound to it, and
// the seal, which submits the registration to its review.
import { createHash } from 'node:crypto';
import {
  composeIntentionLetter,
  formatMessage,
  INTENTION_LETTER_TAG,
  INTENTION_LETTER_TITLE,
  INTENTION_NOTICE_KINDS,
  INTENTION_TRANSITIONS,
  intentionShowPath,
  MSG,
  SIGNED_LETTER_TAG,
} from '@cqjy/domain';
import { conflict } from '../../../platform/errors.ts';
import { renderLetter } from '../../../platform/pdf/letter.ts';
import { createLetterSigning, waitingLetter } from '../../signatures/seal-letter.ts';
import { familyOf, findOwn, recordOf, requireOpenProject, requireStillOpen } from '../access.ts';
import { writeAudit } from '../audit.ts';
import type { Actor, IntentionsDeps } from '../deps.ts';
import { handOn } from '../hand-on.ts';
import * as repo from '../repo.ts';
import { depositAccountOf, depositTermsOf } from '../view.ts';

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/**
 * POST /api/intention/letter/{id}: the registration drawn as its letter for the e-signature, with the deposit
 * the project asks now (what the buyer signs for stays, whatever the project says later).
 */
export async function drawLetter(
  deps: IntentionsDeps,
  actor: Actor,
  id: number,
  input: { version: number },
): Promise<{ id: number; version: number }> {
  const { db, clock, users, attachments } = deps;
  const item = await findOwn(deps, actor, id, 'draw');
  const project = await requireOpenProject(deps, item.projectId);
  if (item.version !== input.version) throw conflict();
  const deposit = depositTermsOf(project);
  const now = clock.now();
  const rendered = await renderLetter(
    composeIntentionLetter({
      projectName: project.name,
      projectCode: project.code,
      buyer: item,
      depositAmount: deposit.amount,
      depositDeadline: deposit.deadline,
      depositAccount: deposit.amount === null ? null : depositAccountOf(deps, item.id),
      member: item.memberName,
      exchange: await users.findExchangeName(),
      at: now,
    }),
  );
  const stored = await attachments.putBytes(rendered.pdf);
  return db.transaction(async (tx) => {
    await requireStillOpen(deps, tx, item.projectId);
    const file = await attachments.recordPdf(tx, {
      stored,
      fileName: `${INTENTION_LETTER_TITLE}（${item.name}）.pdf`,
      tag: INTENTION_LETTER_TAG,
      record: recordOf(item.id),
      companyId: item.companyId,
      createdBy: actor.userId,
    });
    const row = await repo.updateGuarded(
      tx,
      item.id,
      input.version,
      {
        status: 'letterGenerated',
        depositAmount: deposit.amount,
        depositDeadline: deposit.deadline,
        letterId: file.uuid,
        letterSha256: sha256(rendered.pdf),
        letterLayout: { pageIndex: rendered.pageIndex, sealRect: rendered.sealRect },
        updatedAt: now,
      },
      INTENTION_TRANSITIONS.draw.from,
    );
    if (row === undefined) throw conflict();
    await handOn(deps, tx, item, row.status, { result: 'drawn', decider: actor, at: now });
    await writeAudit(deps, tx, actor, 'intention.letter', row, {
      sha256: row.letterSha256,
      depositAmount: row.depositAmount,
      depositDeadline: row.depositDeadline,
    });
    return { id: row.id, version: row.version };
  });
}

/** The member's registration with its drawn letter, ready for the code and the seal. */
async function findSignable(deps: IntentionsDeps, actor: Actor, id: number) {
  const item = await findOwn(deps, actor, id, 'sign');
  return { item, letter: waitingLetter(item, MSG.intentionLetterMissing) };
}

/** POST /api/intention/sign/otp/{id} and sign/otp/check/{id}: the sign code bound to the drawn letter. */
export function signCodeCalls(deps: IntentionsDeps) {
  return createLetterSigning(deps).codeCallsOf(
    async (actor, id) => (await findSignable(deps, actor, id)).letter.sha256,
  );
}

/**
 * POST /api/intention/signature/{id}: the member seals the letter with the code, which submits the
 * registration (the deposit its letter carries is owed since it was drawn; one paid in an earlier round stays
 * paid): the review of an earlier round is cleared, the files are locked, and the project's owner is told.
 */
export async function signIntention(
  deps: IntentionsDeps,
  actor: Actor,
  id: number,
  input: { version: number; otp: string },
): Promise<{ id: number; version: number }> {
  const { db, clock, attachments, notifications } = deps;
  const { item, letter } = await findSignable(deps, actor, id);
  await requireOpenProject(deps, item.projectId);
  if (item.version !== input.version) throw conflict();
  const now = clock.now();
  const stored = await createLetterSigning(deps).sign(actor, letter, {
    code: input.otp,
    reason: INTENTION_LETTER_TITLE,
    name: item.memberName,
    at: now,
  });
  return db.transaction(async (tx) => {
    await requireStillOpen(deps, tx, item.projectId);
    const file = await attachments.recordPdf(tx, {
      stored,
      fileName: `${INTENTION_LETTER_TITLE}（${item.name}，已签章）.pdf`,
      // the tag 电签文件 lists, filed for the member: its e-signed files show it
      tag: SIGNED_LETTER_TAG,
      record: recordOf(item.id),
      companyId: item.companyId,
      createdBy: actor.userId,
    });
    const row = await repo.updateGuarded(
      tx,
      item.id,
      input.version,
      {
        status: 'submitted',
        signedFileId: file.uuid,
        signedAt: now,
        ownerOpinion: '',
        ownerReviewedAt: null,
        ownerReviewedBy: null,
        reviewReason: '',
        reviewedAt: null,
        reviewedBy: null,
        updatedAt: now,
      },
      INTENTION_TRANSITIONS.sign.from,
    );
    if (row === undefined) throw conflict();
    await handOn(deps, tx, item, row.status, { result: 'signed', decider: actor, at: now });
    await attachments.lockRecord(tx, recordOf(row.id));
    const params = { name: row.name, project: item.projectName };
    await notifications.raise(tx, {
      companyId: item.projectCompanyId,
      kind: INTENTION_NOTICE_KINDS.submitted,
      title: formatMessage(MSG.intentionSubmittedTitle, params),
      body: formatMessage(MSG.intentionSubmittedBody, params),
      link: intentionShowPath(familyOf(item), row.id),
      createdAt: now,
    });
    await writeAudit(deps, tx, actor, 'intention.sign', row, { signedSha256: stored.sha256 });
    return { id: row.id, version: row.version };
  });
}
