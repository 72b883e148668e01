// Notifications (消息提醒; spec 000 section 2: reminder, GJS_MESSAGE). A notification is raised by a business event
// for one receiving company (the applicant whose application the exchange approved or returned, later the
// operator a task is assigned to, the owner of a disclosure about to end), optionally for one of its operators
// only, and read in the portal: the 消息提醒 page and the header's bell with the unread count. Its link is an
// in-app path (`/index/bulkShowProject?id=3`) the page opens when the row is clicked.
import { z } from 'zod';
import { formatMessage } from './format.ts';
import { MSG } from './messages.ts';

/** What raised a notification: a text code `area.event`, stored as is. Add a kind here before raising it. */
export const NOTIFICATION_KINDS = [
  'workflow.pass',
  'workflow.back',
  'task.assigned',
  'disclosure.deadline',
  'investor.audit',
  'investor.selection',
  'document.received',
  'intention.submitted',
  'intention.reviewed',
  'intention.deposit',
  'bidding.result',
  'evaluation.submitted',
  'delivery.pickup',
  'delivery.received',
  'vehicle.appraisal',
  'vehicle.listed',
  'vehicle.deal',
  'vehicle.dismantled',
  'listing.changed',
  'listing.matched',
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  'workflow.pass': '审核通过',
  'workflow.back': '审核退回',
  'task.assigned': '任务提醒',
  'disclosure.deadline': '披露到期',
  'investor.audit': '资格审核',
  'investor.selection': '遴选结果',
  'document.received': '收文提醒',
  'intention.submitted': '意向登记',
  'intention.reviewed': '资格审核',
  'intention.deposit': '保证金提醒',
  'bidding.result': '竞价结果',
  'evaluation.submitted': '评估结果',
  'delivery.pickup': '提货签收',
  'delivery.received': '交付完成',
  'vehicle.appraisal': '车辆评估',
  'vehicle.listed': '车辆挂牌',
  'vehicle.deal': '车辆成交',
  'vehicle.dismantled': '车辆拆解',
  'listing.changed': '关注项目变更',
  'listing.matched': '新挂牌项目',
};

/** Longer titles and bodies are cut (a long review opinion must not make the review itself fail). */
export const NOTIFICATION_TITLE_MAX = 100;
export const NOTIFICATION_BODY_MAX = 2000;
export const NOTIFICATION_LINK_MAX = 500;

/** A disclosure ending within this many working days is told to its owner (and its agent member) once. */
export const DEADLINE_REMINDER_WORKDAYS = 3;

/** How often the header asks for the unread count (and again whenever the window gets the focus). */
export const NOTIFICATION_POLL_MS = 60_000;

/**
 * Whether `link` is a path of this portal: it starts with one `/` (not `//host`, not a scheme) and holds no
 * backslash or control character, so opening it can never leave the site.
 */
export function isInAppLink(link: string): boolean {
  return (
    link.length <= NOTIFICATION_LINK_MAX &&
    link.startsWith('/') &&
    !link.startsWith('//') &&
    !/[\\\s\u0000-\u001f\u007f]/.test(link)
  );
}

/** `text` cut to `max` characters (code points), the cut marked with an ellipsis. */
export function clipText(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

export const ZNotificationRow = z.object({
  id: z.number(),
  kind: z.string(),
  /** the kind's label (审核通过 ...), empty for a kind this version does not know */
  kindLabel: z.string(),
  title: z.string(),
  body: z.string(),
  /** an in-app path, or null when there is nothing to open */
  link: z.string().nullable(),
  isRead: z.boolean(),
  /** ISO time */
  readAt: z.string().nullable(),
  /** ISO time */
  createdAt: z.string(),
});

export type NotificationRow = z.infer<typeof ZNotificationRow>;

export const ZUnreadCount = z.object({ count: z.number() });

export type UnreadCount = z.infer<typeof ZUnreadCount>;

export const ZMarkedRead = z.object({ count: z.number() });

export type MarkedRead = z.infer<typeof ZMarkedRead>;

export function notificationKindLabel(kind: string): string {
  return (NOTIFICATION_KIND_LABELS as Record<string, string>)[kind] ?? '';
}

/** What the applicant is told of a review: the action, the project and the reviewer's opinion (审核意见). */
export type ReviewNoticeInput = {
  isPassed: boolean;
  /** the action's title: 信息披露, 中止 ... */
  actionTitle: string;
  projectName: string;
  projectCode: string;
  /** the reviewer's opinion; empty when none was written */
  opinion: string;
};

/** The kind, title and body of the notification of an approval (workflow.pass) or a return (workflow.back). */
export function reviewNotice(input: ReviewNoticeInput): {
  kind: NotificationKind;
  title: string;
  body: string;
} {
  const params = {
    action: input.actionTitle,
    project: input.projectName,
    code: input.projectCode,
    opinion: input.opinion.trim() === '' ? MSG.notificationsNoOpinion : input.opinion.trim(),
  };
  return input.isPassed
    ? {
        kind: 'workflow.pass',
        title: formatMessage(MSG.notificationsPassTitle, params),
        body: formatMessage(MSG.notificationsPassBody, params),
      }
    : {
        kind: 'workflow.back',
        title: formatMessage(MSG.notificationsBackTitle, params),
        body: formatMessage(MSG.notificationsBackBody, params),
      };
}

/** What the owner of a disclosure about to end is told. */
export function deadlineNotice(input: { projectName: string; projectCode: string; end: string }): {
  kind: NotificationKind;
  title: string;
  body: string;
} {
  return {
    kind: 'disclosure.deadline',
    title: MSG.notificationsDeadlineTitle,
    body: formatMessage(MSG.notificationsDeadlineBody, {
      project: input.projectName,
      code: input.projectCode,
      end: input.end,
    }),
  };
}

/** What the exchange is told when an application reaches its review (待办: a task assigned to it). */
export function taskNotice(input: {
  actionTitle: string;
  projectName: string;
  projectCode: string;
  applicant: string;
}): { kind: NotificationKind; title: string; body: string } {
  const params = {
    action: input.actionTitle,
    project: input.projectName,
    code: input.projectCode,
    company: input.applicant,
  };
  return {
    kind: 'task.assigned',
    title: formatMessage(MSG.notificationsTaskTitle, params),
    body: formatMessage(MSG.notificationsTaskBody, params),
  };
}
