// What the notifications module's use cases are given (service.ts wires them) and the inputs their calls carry.
import type { NotificationKind } from '@cqjy/domain';
import type { SessionContext } from '../../platform/auth.ts';
import type { PlatformDeps } from '../../platform/deps.ts';

export type NotificationsDeps = Pick<PlatformDeps, 'db' | 'clock'>;

/** What a raising service says; see `raise`. */
export type RaiseNotificationInput = {
  /** the receiving company */
  companyId: number;
  /** one user of that company only; absent or null: every operator of the company */
  userId?: number | null | undefined;
  kind: NotificationKind;
  title: string;
  body: string;
  /** an in-app path such as `/index/bulkShowProject?id=3` (isInAppLink); absent or null: nothing to open */
  link?: string | null | undefined;
  /** when the event happened; defaults to the app clock's now (the demo seed dates its past events) */
  createdAt?: Date | undefined;
};

/** Who reads: the signed-in operator's company and user. */
export type NotificationReader = Pick<SessionContext, 'companyId' | 'userId'>;

export type NotificationListQuery = { page: number; size: number; isUnread?: boolean | undefined };
