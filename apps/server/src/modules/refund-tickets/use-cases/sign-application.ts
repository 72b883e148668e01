// The company e-signs its application's letter with the SMS code bound to the letter's hash.
import { MSG, REPAYOUT_LETTER_TITLE, SIGNED_LETTER_TAG } from '@cqjy/domain';
import { toAuditActor } from '../../../platform/audit.ts';
import { conflict, refused } from '../../../platform/errors.ts';
import type { LetterToSign } from '../../signatures/seal-letter.ts';
import type { Actor } from '../../workflow/instances.ts';
import * as repo from '../repo.ts';
import { findOwnApplication, moveTicket, recordPdf, type RefundTicketsContext } from '../tickets.ts';

async function findSignable(deps: RefundTicketsContext, actor: Actor, applicationId: number) {
  const found = await findOwnApplication(deps, actor, applicationId);
  if (found.application.state !== 'signing') throw refused(MSG.refundTicketNotSignable);
  return found;
}

/** The application's letter waiting for its signature. */
function letterOf(application: repo.ApplicationRow): LetterToSign {
  return { id: application.letterId, sha256: application.letterSha256, layout: application.letterLayout };
}

/** The hash the sign code is bound to: the caller's application's current letter, while it waits. */
export async function signableLetterSha256(
  deps: RefundTicketsContext,
  actor: Actor,
  applicationId: number,
): Promise<string> {
  return (await findSignable(deps, actor, applicationId)).application.letterSha256;
}

/** The company e-signs the letter with the code; the exchange then reviews it. */
export async function signApplication(
  deps: RefundTicketsContext,
  actor: Actor,
  applicationId: number,
  input: { version: number; otp: string },
): Promise<{ id: number; version: number }> {
  const { db, audit, clock, letterSigning } = deps;
  const { ticket, application } = await findSignable(deps, actor, applicationId);
  if (application.version !== input.version) throw conflict();
  const now = clock.now();
  const stored = await letterSigning.sign(actor, letterOf(application), {
    code: input.otp,
    reason: REPAYOUT_LETTER_TITLE,
    name: ticket.companyName,
    at: now,
  });
  return db.transaction(async (tx) => {
    await moveTicket(deps, tx, ticket, 'reviewing', { result: 'signed', decider: actor, at: now });
    const file = await recordPdf(deps, tx, actor, ticket, {
      stored,
      fileName: `${REPAYOUT_LETTER_TITLE}（已签章）.pdf`,
      tag: SIGNED_LETTER_TAG,
    });
    const row = await repo.updateApplicationGuarded(tx, application.id, input.version, {
      state: 'reviewing',
      signedLetterId: file.uuid,
      signedAt: now,
      reviewReason: null,
      updatedAt: now,
    });
    if (row === undefined) throw conflict();
    await audit.append(tx, {
      ...toAuditActor(actor),
      action: 'refundTicket.sign',
      result: 'ok',
      target: String(ticket.id),
      detail: { code: ticket.code, applicationId: row.id, signedSha256: stored.sha256 },
    });
    return { id: row.id, version: row.version };
  });
}
