// The demo's letters. The seed writes the demo projects' courses as the engine would (seed-courses.ts) but cannot
// sign: the demo operators' certificates are issued after it. This start-up pass, run outside production once
// they are, gives every signed application without letters what signing would have stored: the letter drawn
// from the revision submitted (dated the day it was submitted), sealed with the applicant's credential at the
// time its signature task was done, kept on the application and on the project (tag signedLetter), so that
// 电签文件 and the public verification have the demo's own letters to show. Idempotent: an application that has
// its letter is not touched again, and of two nodes only one attaches them.
import {
  ACTION_DATA_CLASS,
  composeLetter,
  findAction,
  formatDate,
  LETTER_TAG,
  PROJECT_DATA_CLASS,
  SIGNED_LETTER_TAG,
} from '@cqjy/domain';
import { TransactionRollbackError } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { renderLetter } from '../../platform/pdf/letter.ts';
import type { AttachmentsService } from '../attachments/service.ts';
import { sealPdf } from '../signatures/seal-letter.ts';
import type { Signer } from '../signatures/service.ts';
import type { UsersService } from '../users/service.ts';
import { sha256 } from './instances.ts';
import * as repo from './repo.ts';

export type SeededLettersDeps = {
  db: Db;
  log: FastifyBaseLogger;
  attachments: Pick<AttachmentsService, 'putBytes' | 'recordPdf'>;
  users: Pick<UsersService, 'findCompany' | 'findOperator' | 'findExchangeName'>;
  /** the company's signer for the operator who signed, undefined when either has no live credential */
  findSigner: (companyId: number, operatorId: number) => Promise<Signer | undefined>;
};

/** Draws, seals and attaches the letters of the seeded signed applications; answers how many it attached. */
export async function sealSeededLetters(deps: SeededLettersDeps): Promise<number> {
  const { db, log, attachments, users } = deps;
  const exchange = await users.findExchangeName();
  let sealed = 0;
  for (const row of await repo.listUnsealedSigned(db)) {
    const { instance, revision, project } = row;
    const config = findAction(instance.family, instance.action);
    const [signer, company, operator] = await Promise.all([
      deps.findSigner(instance.companyId, row.signedBy),
      users.findCompany(instance.companyId),
      users.findOperator(row.signedBy),
    ]);
    if (config?.isSigned !== true || company === undefined || operator === undefined) continue;
    if (signer?.privateKeyPem == null) {
      log.warn({ instanceId: instance.id }, '演示申请的签章人没有可用证书，未补签申请函');
      continue;
    }
    const letter = await renderLetter(
      composeLetter({
        config,
        form: revision.form,
        project,
        applicant: company.name,
        exchange,
        day: formatDate(revision.submittedAt),
      }),
    );
    const layout = { pageIndex: letter.pageIndex, sealRect: letter.sealRect };
    const signed = await sealPdf(
      { ...signer, privateKeyPem: signer.privateKeyPem },
      { pdf: letter.pdf, layout, reason: config.letterTitle, name: company.name, at: row.signedAt },
    );
    const [storedLetter, storedSigned] = await Promise.all([
      attachments.putBytes(letter.pdf),
      attachments.putBytes(signed),
    ]);
    const common = {
      companyId: instance.companyId,
      createdBy: operator.userId,
    };
    const onInstance = { dataClass: ACTION_DATA_CLASS, dataId: String(instance.id) };
    const signedName = `${config.letterTitle}（已签章）.pdf`;
    const isAttached = await db
      .transaction(async (tx) => {
        const letterFile = await attachments.recordPdf(tx, {
          ...common,
          stored: storedLetter,
          fileName: `${config.letterTitle}（第${revision.no}版）.pdf`,
          tag: LETTER_TAG,
          record: onInstance,
        });
        const signedFile = await attachments.recordPdf(tx, {
          ...common,
          stored: storedSigned,
          fileName: signedName,
          tag: SIGNED_LETTER_TAG,
          record: onInstance,
        });
        await attachments.recordPdf(tx, {
          ...common,
          stored: storedSigned,
          fileName: signedName,
          tag: SIGNED_LETTER_TAG,
          record: { dataClass: PROJECT_DATA_CLASS, dataId: String(instance.projectId) },
        });
        const isFirst = await repo.attachSeededLetters(tx, {
          instanceId: instance.id,
          revisionId: revision.id,
          letterId: letterFile.uuid,
          letterSha256: sha256(letter.pdf),
          letterLayout: layout,
          signedLetterId: signedFile.uuid,
        });
        // another node attached its letters first: this transaction's files are dropped with it
        if (!isFirst) tx.rollback();
        return isFirst;
      })
      .catch((error: unknown) => {
        if (error instanceof TransactionRollbackError) return false;
        throw error;
      });
    if (isAttached) sealed += 1;
  }
  return sealed;
}
