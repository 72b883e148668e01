// What every use case of 退票信息 stands on: the module's deps, who must act on a ticket in each state (its 待办),
// the ticket moved on under its version, a ticket and an application found for the caller (another company's
// answers 404), a letter filed on the ticket, and the views the calls answer.
import {
  IDENTITY,
  REFUND_PAYOUT_KIND_LABELS,
  REFUND_TICKET_STATE_LABELS,
  REPAYOUT_STATE_LABELS,
  type PayeeAccount,
  type RefundTicket,
  type RefundTicketState,
  type RepayoutApplication,
  type TaskStep,
  type TaskType,
} from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { PlatformDeps } from '../../platform/deps.ts';
import type { AuditService } from '../audit/service.ts';
import type { OtpService } from '../otp/service.ts';
import type { UsersService } from '../users/service.ts';
import type { Viewer, AttachmentsService } from '../attachments/service.ts';
import type { LetterSigning } from '../signatures/seal-letter.ts';
import type { SignaturesService } from '../signatures/service.ts';
import type { OpenTaskInput, TaskDecider, TasksService } from '../tasks/service.ts';
import type { Actor } from '../workflow/instances.ts';
import type { ApprovedPayout } from '../workflow/payouts.ts';
import * as repo from './repo.ts';

export type RefundTicketDeps = Pick<PlatformDeps, 'db' | 'clock'> & {
  audit: AuditService;
  users: UsersService;
  otp: OtpService;
  attachments: AttachmentsService;
  tasks: TasksService;
  signatures: Pick<SignaturesService, 'loadSigner'>;
  /** the approved payout (price, refund cash-out) of a workflow instance */
  findPayout: (db: Db, instanceId: number) => Promise<ApprovedPayout | undefined>;
  /** the caller's own bank account (银行账户) by its id */
  findBankAccount: (viewer: Viewer, id: number) => Promise<PayeeAccount | undefined>;
};

/** What the use cases run on: the module's deps and the letter signing made from them once. */
export type RefundTicketsContext = RefundTicketDeps & { letterSigning: LetterSigning };

/** The record class of a ticket's files: the letters of its applications, signed and not. */
export const REFUND_TICKET_DATA_CLASS = 'refundTicket';

export const isExchange = (viewer: Pick<Viewer, 'identityType'>): boolean =>
  viewer.identityType === IDENTITY.admin;

/** Who must act on a ticket in each state, and where: the company applies, signs and corrects, the exchange reviews. */
const TICKET_TASKS: Record<
  Exclude<RefundTicketState, 'closed'>,
  { step: TaskStep; type: TaskType; routeName: string; isExchange: boolean }
> = {
  pending: { step: 'refundTicketApply', type: 'Aon', routeName: 'refundTicketApply', isExchange: false },
  signing: {
    step: 'refundTicketSign',
    type: 'EicSre',
    routeName: 'refundTicketApplyShow',
    isExchange: false,
  },
  reviewing: {
    step: 'refundTicketReview',
    type: 'Review',
    routeName: 'refundTicketApplyShow',
    isExchange: true,
  },
  returned: {
    step: 'refundTicketModify',
    type: 'MfyRrn',
    routeName: 'refundTicketModify',
    isExchange: false,
  },
};

export function toApplicationView(row: repo.ApplicationItem): RepayoutApplication {
  return {
    id: row.id,
    ticketId: row.ticketId,
    revisionNo: row.revisionNo,
    account: row.account,
    remark: row.remark,
    state: row.state,
    stateLabel: REPAYOUT_STATE_LABELS[row.state],
    letterId: row.letterId,
    signedLetterId: row.signedLetterId,
    signedAt: row.signedAt?.toISOString() ?? null,
    reviewReason: row.reviewReason,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reviewerName: row.reviewerName,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toView(item: repo.TicketItem, application: repo.ApplicationItem | undefined): RefundTicket {
  return {
    id: item.id,
    code: item.code,
    companyId: item.companyId,
    companyName: item.companyName,
    projectId: item.projectId,
    projectName: item.projectName,
    projectCode: item.projectCode,
    payoutKind: item.payoutKind,
    payoutKindLabel: REFUND_PAYOUT_KIND_LABELS[item.payoutKind],
    amount: item.amount,
    original: item.original,
    returnReason: item.returnReason,
    returnedOn: item.returnedOn,
    state: item.state,
    stateLabel: REFUND_TICKET_STATE_LABELS[item.state],
    application: application === undefined ? null : toApplicationView(application),
    version: item.version,
    createdAt: item.createdAt.toISOString(),
  };
}

/** The decision a ticket in `state` waits for, and on whom. */
export function taskFor(
  ticket: Pick<repo.TicketRow, 'id' | 'companyId' | 'projectId'>,
  state: RefundTicketState,
): OpenTaskInput | undefined {
  if (state === 'closed') return undefined;
  const next = TICKET_TASKS[state];
  return {
    subject: 'refundTicket',
    subjectId: ticket.id,
    step: next.step,
    projectId: ticket.projectId,
    companyId: ticket.companyId,
    type: next.type,
    routeName: next.routeName,
    routeQuery: { id: ticket.id },
    assignee: next.isExchange ? { identity: IDENTITY.admin } : { companyId: ticket.companyId },
  };
}

/**
 * Moves the ticket to `state` if it is still at `version` (else 409) and hands the decision on to whoever must
 * act in that state (待办任务), closing the one just taken.
 */
export async function moveTicket(
  deps: Pick<RefundTicketDeps, 'tasks'>,
  tx: Db,
  ticket: Pick<repo.TicketRow, 'id' | 'version' | 'companyId' | 'projectId'>,
  state: RefundTicketState,
  done: { result: string; decider: TaskDecider; at: Date },
): Promise<repo.TicketRow> {
  const moved = await repo.setTicketState(tx, ticket.id, ticket.version, state, done.at);
  if (moved === undefined) throw conflict();
  await deps.tasks.advance(
    tx,
    { subject: 'refundTicket', subjectId: ticket.id },
    done,
    taskFor(ticket, state),
  );
  return moved;
}

/** The ticket, to its company and the exchange; anything else is not found. */
export async function findVisible(
  deps: Pick<RefundTicketDeps, 'db'>,
  viewer: Viewer,
  id: number,
): Promise<repo.TicketItem> {
  const item = await repo.findItem(deps.db, id);
  if (item === undefined || (item.companyId !== viewer.companyId && !isExchange(viewer))) throw notFound();
  return item;
}

/** The application with its ticket, to the ticket's company and the exchange. */
export async function findApplication(
  deps: Pick<RefundTicketDeps, 'db'>,
  viewer: Viewer,
  id: number,
): Promise<{ ticket: repo.TicketItem; application: repo.ApplicationRow }> {
  const application = await repo.findApplication(deps.db, id);
  if (application === undefined) throw notFound();
  return { ticket: await findVisible(deps, viewer, application.ticketId), application };
}

/** The same, to the ticket's own company only (who applies and signs). */
export async function findOwnApplication(
  deps: Pick<RefundTicketDeps, 'db'>,
  actor: Actor,
  id: number,
): Promise<{ ticket: repo.TicketItem; application: repo.ApplicationRow }> {
  const found = await findApplication(deps, actor, id);
  if (found.ticket.companyId !== actor.companyId) throw notFound();
  return found;
}

/** A letter the server made (or sealed), filed on the ticket as its company's, locked from the start. */
export async function recordPdf(
  deps: Pick<RefundTicketDeps, 'attachments'>,
  tx: Db,
  actor: Actor,
  ticket: repo.TicketItem,
  file: {
    stored: Awaited<ReturnType<RefundTicketDeps['attachments']['putBytes']>>;
    fileName: string;
    tag: string;
  },
) {
  return deps.attachments.recordPdf(tx, {
    ...file,
    record: { dataClass: REFUND_TICKET_DATA_CLASS, dataId: String(ticket.id) },
    companyId: ticket.companyId,
    createdBy: actor.userId,
  });
}
