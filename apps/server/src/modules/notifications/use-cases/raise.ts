// Raising runs in the caller's transaction, so the notification exists exactly when the change that caused it
// commits.
import { clipText, isInAppLink, NOTIFICATION_BODY_MAX, NOTIFICATION_TITLE_MAX } from '@cqjy/domain';
import type { Db } from '../../../db/client.ts';
import type { NotificationsDeps, RaiseNotificationInput } from '../deps.ts';
import * as repo from '../repo.ts';

/**
 * Stores a notification for `input.companyId` in the caller's transaction `tx` (or any Db). Title and body are
 * trimmed and cut to NOTIFICATION_TITLE_MAX / NOTIFICATION_BODY_MAX (a long opinion never fails the caller's
 * change). An empty title or a link that is not an in-app path is a programming error: it throws, which rolls
 * back the caller's transaction. Answers the new notification's id.
 */
export async function raise(
  deps: NotificationsDeps,
  tx: Db,
  input: RaiseNotificationInput,
): Promise<{ id: number }> {
  const { clock } = deps;
  const title = clipText(input.title.trim(), NOTIFICATION_TITLE_MAX);
  if (title === '') throw new Error(`notification ${input.kind} without a title`);
  const link = input.link ?? null;
  if (link !== null && !isInAppLink(link))
    throw new Error(`notification link is not an in-app path: ${link}`);
  return repo.insertNotification(tx, {
    companyId: input.companyId,
    userId: input.userId ?? null,
    kind: input.kind,
    title,
    body: clipText(input.body.trim(), NOTIFICATION_BODY_MAX),
    link,
    createdAt: input.createdAt ?? clock.now(),
  });
}

/**
 * Raises the notification unless the company was already told of the same kind and link: a reminder that a
 * periodic run finds due again is not repeated. Answers whether it was raised.
 */
export async function raiseOnce(
  deps: NotificationsDeps,
  tx: Db,
  input: RaiseNotificationInput & { link: string },
): Promise<boolean> {
  if (await repo.hasBeenRaised(tx, { companyId: input.companyId, kind: input.kind, link: input.link })) {
    return false;
  }
  await raise(deps, tx, input);
  return true;
}
