// Sealing a letter the company e-signs (the workflow engine's letters, the re-payout applications of 退票信息, the
// documents of 发文管理), one course for all of them (`createLetterSigning`): the SMS sign code is sent to the
// caller's own mobile bound to the sha256 of the letter waiting, checked without being used up; to sign, the
// operator's enrolled signer is loaded first, so that a company not enrolled is refused before its code is spent,
// then the code is used up, the stored letter read back, checked against the hash the code was bound to, signed
// (PAdES) with the company's credential and its seal drawn where the letter left room for it, and stored.
import { createHash } from 'node:crypto';
import { MSG } from '@cqjy/domain';
import { toAuditActor } from '../../platform/audit.ts';
import type { RequestOrigin, SessionContext } from '../../platform/auth.ts';
import { conflict, refused } from '../../platform/errors.ts';
import type { StoredObject } from '../../platform/storage.ts';
import type { AttachmentsService } from '../attachments/service.ts';
import type { UsersService } from '../users/service.ts';
import { describeOtpCheck, type OtpService } from '../otp/service.ts';
import { signPdf } from '../../platform/pdf/pades.ts';
import type { LetterLayout } from '../../platform/pdf/flow.ts';
import { renderSealPng } from '../../platform/signing/seal.ts';
import type { Signer, SignaturesService } from './service.ts';

/** Seal image resolution: 300 px over the 120 pt seal box prints sharply. */
const SEAL_PX = 300;

export type EnrolledSigner = Signer & { privateKeyPem: string };

/** The operator's signer, refused when the company's key is not held here. */
async function requireSigner(
  signatures: Pick<SignaturesService, 'loadSigner'>,
  companyId: number,
  operatorId: number,
): Promise<EnrolledSigner> {
  const signer = await signatures.loadSigner(companyId, operatorId);
  if (signer.privateKeyPem === null) throw refused(MSG.signatureNotEnrolled);
  return { ...signer, privateKeyPem: signer.privateKeyPem };
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/**
 * Seals a PDF with a signer's credential (PAdES) and its company seal drawn where the PDF left room for it: the one
 * sealing of every signed file, a company's letter or the exchange's own result.
 */
export function sealPdf(
  signer: Pick<EnrolledSigner, 'certificatePem' | 'privateKeyPem' | 'chainPems' | 'companySealSvg'>,
  input: { pdf: Uint8Array; layout: LetterLayout; reason: string; name: string; at: Date },
): Promise<Buffer> {
  return signPdf({
    pdf: input.pdf,
    signer: {
      certificatePem: signer.certificatePem,
      privateKeyPem: signer.privateKeyPem,
      chainPems: signer.chainPems,
    },
    sealPng: renderSealPng(signer.companySealSvg, SEAL_PX),
    pageIndex: input.layout.pageIndex,
    rect: input.layout.sealRect,
    reason: input.reason,
    name: input.name,
    location: '中国',
    signingTime: input.at,
  });
}

/**
 * Signs the stored letter read from `unsigned`, which must be the one whose sha256 the sign code was bound to (a
 * letter replaced meanwhile: 409).
 */
async function sealLetter(
  signer: EnrolledSigner,
  input: {
    unsigned: NodeJS.ReadableStream;
    sha256: string;
    layout: LetterLayout;
    reason: string;
    name: string;
    at: Date;
  },
): Promise<Buffer> {
  const bytes = await readAll(input.unsigned);
  if (createHash('sha256').update(bytes).digest('hex') !== input.sha256) throw conflict();
  return sealPdf(signer, {
    pdf: bytes,
    layout: input.layout,
    reason: input.reason,
    name: input.name,
    at: input.at,
  });
}

/** A letter waiting for its signature: the stored file, the sha256 its codes are bound to, where the seal goes. */
export type LetterToSign = { id: string; sha256: string; layout: LetterLayout };

/**
 * What a sign code is bound to: one letter's sha256, or for several signed at once (a batch of vehicles' letters)
 * the sha256 of their hashes in order, so the code signs exactly those letters as they were drawn.
 */
export function bindingOf(letters: readonly Pick<LetterToSign, 'sha256'>[]): string {
  const [only] = letters;
  if (letters.length === 1 && only !== undefined) return only.sha256;
  return createHash('sha256')
    .update(letters.map((letter) => letter.sha256).join('\n'))
    .digest('hex');
}

/**
 * The letter a row (a document, a registration) keeps waiting for its signature, from its letter columns; refused
 * with `missing` while none is drawn.
 */
export function waitingLetter(
  row: { letterId: string | null; letterSha256: string | null; letterLayout: LetterLayout | null },
  missing: string,
): LetterToSign {
  const { letterId, letterSha256, letterLayout } = row;
  if (letterId === null || letterSha256 === null || letterLayout === null) throw refused(missing);
  return { id: letterId, sha256: letterSha256, layout: letterLayout };
}

export type LetterSigner = SessionContext & RequestOrigin;

export type LetterSigning = ReturnType<typeof createLetterSigning>;

export function createLetterSigning(deps: {
  users: UsersService;
  otp: OtpService;
  attachments: AttachmentsService;
  signatures: Pick<SignaturesService, 'loadSigner'>;
}) {
  const { users, otp, attachments, signatures } = deps;

  async function requireOwnMobile(actor: LetterSigner): Promise<string> {
    const user = await users.findUser(actor.userId);
    if (user?.mobile === null || user?.mobile === undefined) throw refused(MSG.mobileNotBound);
    return user.mobile;
  }

  /** Sends a sign code to the caller's own mobile, bound to the letter's sha256. */
  async function sendCode(actor: LetterSigner, sha256: string): Promise<{ isSent: boolean }> {
    return otp.issue({
      mobile: await requireOwnMobile(actor),
      purpose: 'sign',
      sessionId: actor.sessionId,
      actor: toAuditActor(actor),
      isDelivered: true,
      binding: sha256,
    });
  }

  /** Checks a sign code against the letter without using it up; refused with the check's message. */
  async function checkCode(actor: LetterSigner, sha256: string, code: string): Promise<void> {
    const outcome = await otp.check({
      mobile: await requireOwnMobile(actor),
      purpose: 'sign',
      code,
      isConsuming: false,
      binding: sha256,
    });
    if (outcome !== 'ok') throw refused(describeOtpCheck(outcome));
  }

  /**
   * Signs letters with one code bound to all of them (bindingOf): the signer is checked before the code is used
   * up, once, then each stored letter is sealed and its signed copy stored, in order (their bytes; the caller
   * records the files in its own transaction, all or none).
   */
  async function signMany(
    actor: LetterSigner,
    letters: readonly LetterToSign[],
    input: { code: string; reason: string; name: string; at: Date },
  ): Promise<StoredObject[]> {
    const mobile = await requireOwnMobile(actor);
    const signer = await requireSigner(signatures, actor.companyId, actor.operatorId);
    await otp.assertCode({
      mobile,
      purpose: 'sign',
      code: input.code,
      isConsuming: true,
      binding: bindingOf(letters),
    });
    const stored: StoredObject[] = [];
    for (const letter of letters) {
      const download = await attachments.openDownload(actor, letter.id, false);
      const signed = await sealLetter(signer, {
        unsigned: download.stream,
        sha256: letter.sha256,
        layout: letter.layout,
        reason: input.reason,
        name: input.name,
        at: input.at,
      });
      stored.push(await attachments.putBytes(signed));
    }
    return stored;
  }

  /** Signs one letter with the code bound to it (see signMany). */
  async function sign(
    actor: LetterSigner,
    letter: LetterToSign,
    input: { code: string; reason: string; name: string; at: Date },
  ): Promise<StoredObject> {
    const [stored] = await signMany(actor, [letter], input);
    if (stored === undefined) throw new Error('a signed letter was not stored');
    return stored;
  }

  /**
   * The two code calls of a kind of row whose letter waits for its signature (a document, a registration, a
   * ticket's application): `findSha256` finds the caller's row by id, refusing what is not signable.
   */
  function codeCallsOf(findSha256: (actor: LetterSigner, id: number) => Promise<string>) {
    return {
      /** Sends the sign code to the caller's own mobile, bound to the row's letter as it is now. */
      sendSignCode: async (actor: LetterSigner, id: number): Promise<{ isSent: boolean }> =>
        sendCode(actor, await findSha256(actor, id)),
      /** Checks a sign code against the row's letter without using it up. */
      checkSignCode: async (actor: LetterSigner, id: number, code: string): Promise<void> =>
        checkCode(actor, await findSha256(actor, id), code),
    };
  }

  return { sendCode, checkCode, sign, signMany, codeCallsOf };
}
