// The avatar: a picture uploaded through the attachments module under the user's own avatar record (its content
// checks, storage and audit), then chosen among the user's own pictures.
import type { Readable } from 'node:stream';
import type { UploadResult } from '@cqjy/domain';
import { AVATAR_DATA_CLASS, AVATAR_TAG, checkAvatar } from '@cqjy/domain/profile';
import { toAuditActor } from '../../../platform/audit.ts';
import { notFound } from '../../../platform/errors.ts';
import { drain } from '../../../platform/multipart.ts';
import type { ReceivedFile } from '../../attachments/service.ts';
import type { Actor, ProfileDeps } from '../deps.ts';

/**
 * Takes the file part of an avatar upload: a name the avatar rules refuse is answered before any byte is
 * kept; the rest goes through the attachments module's checks (size, content). The parser cuts the file just
 * past the avatar limit, so the size is judged by uploadAvatar.
 */
export async function receiveAvatar(
  { attachments }: ProfileDeps,
  stream: Readable,
  fileName: string,
): Promise<ReceivedFile> {
  const message = checkAvatar({ name: fileName, size: 1 });
  if (message !== null) {
    await drain(stream);
    return { fileName, isAccepted: false, message };
  }
  return attachments.receive(stream, fileName, () => false);
}

/**
 * Keeps an uploaded avatar picture through the attachments module (its content checks, storage and audit),
 * under the user's own avatar record; the avatar rules (png or jpeg, 2 MB) are checked first. `isTruncated`
 * tells whether the multipart parser cut the file at its (avatar-sized) limit.
 */
export async function uploadAvatar(
  { attachments }: ProfileDeps,
  actor: Actor,
  file: ReceivedFile,
  isTruncated: boolean,
): Promise<string> {
  let checked = file;
  if (file.isAccepted) {
    const message = isTruncated
      ? checkAvatar({ name: file.fileName, size: Number.MAX_SAFE_INTEGER })
      : checkAvatar({ name: file.fileName, size: file.staged.size });
    if (message !== null) {
      await file.staged.discard();
      checked = { fileName: file.fileName, isAccepted: false, message };
    }
  }
  const result: UploadResult = await attachments.upload(actor, checked, {
    tag: AVATAR_TAG,
    // Earlier pictures stay: the one in use goes only when another is chosen.
    isReplacing: false,
    dataClass: AVATAR_DATA_CLASS,
    dataId: String(actor.userId),
  });
  const uuid = result[AVATAR_TAG]?.[0]?.uuid;
  if (uuid === undefined) throw new Error('the avatar upload answered no file');
  return uuid;
}

/** Uses one of the caller's own uploaded avatar pictures; any other file is not found. */
export async function setAvatar(
  { db, audit, users, attachments }: ProfileDeps,
  actor: Actor,
  uuid: string,
): Promise<void> {
  const own = await attachments.listRelated(actor, {
    dataClass: AVATAR_DATA_CLASS,
    dataId: String(actor.userId),
  });
  if (!own.some((item) => item.uuid === uuid && item.tag === AVATAR_TAG)) throw notFound();
  await db.transaction(async (tx) => {
    await users.updateUser(tx, actor.userId, { avatarUuid: uuid });
    await audit.append(tx, {
      ...toAuditActor(actor),
      action: 'avatar.update',
      result: 'ok',
      target: String(actor.userId),
      detail: { uuid },
    });
  });
}
