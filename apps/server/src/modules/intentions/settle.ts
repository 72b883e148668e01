// The deal's readiness and end for a project's registrations, for whichever module decides it (the bidding hall
// when it opens and closes, an agreement at the listing price): the facts the domain's deal rules judge
// (readDealFacts), the qualified buyers as that module needs them, and the settlement. Plain functions on the
// caller's transaction, so the deal, its effect on the registrations, the project's stage and its process log
// commit together or not at all. The intentions module's agreement uses the same with its own notifications and
// audit (use-cases/agree.ts).
import {
  canIntention,
  DEAL_RESULT_KEY,
  dealResultOf,
  nextIntentionStatus,
  formatFen,
  formatMessage,
  INTENTION_NOTICE_KINDS,
  intentionShowPath,
  isIntentionFamily,
  MSG,
  PROJECT_STATUS,
  type DealFacts,
  type DealResult,
  type IntentionEvent,
  type NotificationKind,
  type ParticipantKind,
  type ProjectStatus,
} from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import type { AuditActor } from '../../platform/audit.ts';
import { conflict, refused } from '../../platform/errors.ts';
import type { AuditService } from '../audit/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { ProjectRow, ProjectsService } from '../projects/service.ts';
import type { ProjectEventInput } from '../workflow/process-log.ts';
import type { WorkflowService } from '../workflow/service.ts';
import * as repo from './repo.ts';

/** A qualified registration as a bidder: the registration, the member that bids for it, the buyer. */
export type QualifiedRegistration = { id: number; companyId: number; kind: ParticipantKind; name: string };

/** The project's qualified registrations, oldest first, locked until the caller's transaction ends. */
export async function listQualified(tx: Db, projectId: number): Promise<QualifiedRegistration[]> {
  const rows = await repo.lockQualified(tx, projectId);
  return rows.map((row) => ({ id: row.id, companyId: row.companyId, kind: row.kind, name: row.name }));
}

/**
 * What the deal's rules (the domain's biddingRefusal, agreementRefusal) judge of the project as read through
 * `executor`: its stage and disclosure, whether its deal is decided, and its registrations and hall.
 */
export async function readDealFacts(
  executor: Db,
  project: Pick<ProjectRow, 'id' | 'status' | 'disclosureEnd' | 'details'>,
): Promise<DealFacts> {
  return {
    status: project.status,
    disclosureEnd: project.disclosureEnd,
    isDecided: dealResultOf(project.details) !== null,
    ...(await repo.readDealCounts(executor, project.id)),
  };
}

/** The project statuses a decided deal moves on from: the contract is next (待签约). */
const DECIDING: readonly ProjectStatus[] = [PROJECT_STATUS.disclosing, PROJECT_STATUS.ended];

/** What a settlement needs besides the transaction: who tells the members, who records it, and when. */
export type SettleContext = {
  notifications: Pick<NotificationsService, 'raise'>;
  /** where the deal is kept (the project's details) and the stage it moves to */
  projects: Pick<ProjectsService, 'findById' | 'lockStatus' | 'updateGuarded'>;
  /** the project's process log, where the deal is recorded */
  processLog: Pick<WorkflowService, 'recordProjectEvent'>;
  audit: Pick<AuditService, 'append'>;
  at: Date;
  /** who settled; absent for the server's own run (a hall closing by its clock) */
  actor?: AuditActor | undefined;
  /** who settled as the process log names them (read before the transaction); absent: the server by its clock */
  logActor?: ProjectEventInput['actor'] | undefined;
  /** the notices' kind: the deciding module's own (a bidding result), else the review's */
  kind?: NotificationKind | undefined;
};

export type SettleResult = { wonId: number; lostIds: number[]; dealResult: DealResult };

/** The deal's terms: how it was decided (the hall that closed, or the agreement) and its price in fen. */
export type DealTerms = {
  source: DealResult['source'];
  dealPrice: number;
  biddingId?: number | undefined;
  /** the winner's bidder number in the hall, for the process log */
  bidderNo?: string | undefined;
  decidedAt: Date;
};

/**
 * The winner won and every other qualified registration of the project lost, each member told; the project keeps
 * the deal in its details and moves to 待签约 (from a disclosure that ran out or ended; a project the owner moved
 * elsewhere meanwhile keeps its status), and its process log records the deal. The winner must be one of the
 * project's qualified registrations (else refused, nothing changes); a registration or project changed meanwhile is
 * a conflict (409) that rolls the caller's transaction back. The deposits follow (depositStateOf): the winner's
 * becomes part of the price, the losers' paid ones are owed back.
 */
export async function settleDeal(
  tx: Db,
  projectId: number,
  winnerId: number,
  terms: DealTerms,
  context: SettleContext,
): Promise<SettleResult> {
  const rows = await repo.lockQualified(tx, projectId);
  const winner = rows.find((row) => row.id === winnerId);
  if (winner === undefined) throw refused(MSG.intentionNotAllowed);
  await context.projects.lockStatus(tx, projectId, 'update');
  const project = await context.projects.findById(projectId, tx);
  if (project === undefined) throw refused(MSG.intentionNotAllowed);
  if (dealResultOf(project.details) !== null) throw refused(MSG.intentionDealDecided);
  const lostIds: number[] = [];
  for (const row of rows) {
    const isWinner = row.id === winnerId;
    const changed = await repo.updateGuarded(
      tx,
      row.id,
      row.version,
      { status: isWinner ? 'won' : 'lost', updatedAt: context.at },
      ['qualified'],
    );
    if (changed === undefined) throw conflict();
    if (!isWinner) lostIds.push(row.id);
    const params = { name: row.name, project: project.name };
    await context.notifications.raise(tx, {
      companyId: row.companyId,
      kind: context.kind ?? INTENTION_NOTICE_KINDS.reviewed,
      title: formatMessage(isWinner ? MSG.intentionWonTitle : MSG.intentionLostTitle, params),
      body: formatMessage(isWinner ? MSG.intentionWonBody : MSG.intentionLostBody, params),
      link: isIntentionFamily(project.family) ? intentionShowPath(project.family, row.id) : null,
      createdAt: context.at,
    });
  }
  const dealResult = await keepDeal(tx, project, winner, terms, context, {
    event: terms.source === 'bidding' ? 'biddingWon' : 'agreementConfirmed',
    reason:
      terms.source === 'bidding'
        ? formatMessage(MSG.dealLogBidding, {
            name: winner.name,
            bidderNo: terms.bidderNo ?? '',
            price: formatFen(terms.dealPrice),
          })
        : formatMessage(MSG.dealLogAgreement, { name: winner.name, price: formatFen(terms.dealPrice) }),
    audit: { winnerId, lostIds },
  });
  return { wonId: winnerId, lostIds, dealResult };
}

/**
 * The project keeps the deal (the contract and the other applications naming a buyer start from it) and moves to
 * 待签约 (from a disclosure that ran out or ended; a project moved elsewhere meanwhile keeps its status); the process
 * log records it as `log` says, and the audit log with `log.audit`.
 */
async function keepDeal(
  tx: Db,
  project: ProjectRow,
  winner: { id: number; name: string },
  terms: DealTerms,
  context: SettleContext,
  log: { event: ProjectEventInput['event']; reason: string; audit: Record<string, unknown> },
): Promise<DealResult> {
  const dealResult: DealResult = {
    source: terms.source,
    transfereeName: winner.name,
    dealPrice: terms.dealPrice,
    registrationId: winner.id,
    ...(terms.biddingId === undefined ? {} : { biddingId: terms.biddingId }),
    decidedAt: terms.decidedAt.toISOString(),
  };
  const updated = await context.projects.updateGuarded(tx, project.id, project.version, {
    details: { ...project.details, [DEAL_RESULT_KEY]: dealResult },
    ...(DECIDING.includes(project.status) ? { status: PROJECT_STATUS.awaitingContract } : {}),
  });
  if (updated === undefined) throw conflict();
  await context.processLog.recordProjectEvent(tx, {
    projectId: project.id,
    event: log.event,
    reason: log.reason,
    actor: context.logActor ?? null,
    at: terms.decidedAt,
  });
  await context.audit.append(tx, {
    ...(context.actor ?? {}),
    action: 'intention.settle',
    result: 'ok',
    target: String(project.id),
    detail: { ...log.audit, dealResult, status: updated.status },
  });
  return dealResult;
}

/**
 * A registration's step after the deal (the domain's INTENTION_TRANSITIONS: default, offer, acceptOffer,
 * declineOffer) on its locked row through `tx`: refused from a status the step does not start from.
 */
export async function moveAfterDeal(
  tx: Db,
  id: number,
  event: Extract<IntentionEvent, 'default' | 'offer' | 'acceptOffer' | 'declineOffer'>,
  at: Date,
): Promise<repo.IntentionRow> {
  const row = await repo.lockRow(tx, id);
  if (row === undefined || !canIntention(event, row.status)) throw refused(MSG.intentionNotAllowed);
  const changed = await repo.updateGuarded(tx, id, row.version, {
    status: nextIntentionStatus(event, row.status),
    updatedAt: at,
  });
  if (changed === undefined) throw conflict();
  return changed;
}

/**
 * The deal of `projectId` taken back from its winner that defaulted (违约): the project no longer keeps it and
 * waits (from 待签约 to 已终止披露) for the offer's answer or 流拍; the winner's registration is disqualified. Refused
 * unless the project's deal is `biddingId`'s and waits for its contract. Answers the deal taken back and the
 * winner's registration after its step.
 */
export async function revokeDeal(
  tx: Db,
  projectId: number,
  biddingId: number,
  context: Pick<SettleContext, 'projects' | 'at'>,
): Promise<{ deal: DealResult; registration: repo.IntentionRow }> {
  await context.projects.lockStatus(tx, projectId, 'update');
  const project = await context.projects.findById(projectId, tx);
  const deal = project === undefined ? null : dealResultOf(project.details);
  if (
    project === undefined ||
    deal === null ||
    deal.biddingId !== biddingId ||
    project.status !== PROJECT_STATUS.awaitingContract
  ) {
    throw refused(MSG.biddingDefaultNotAllowed);
  }
  const registration = await moveAfterDeal(tx, deal.registrationId, 'default', context.at);
  const details = { ...project.details };
  delete details[DEAL_RESULT_KEY];
  const updated = await context.projects.updateGuarded(tx, projectId, project.version, {
    details,
    status: PROJECT_STATUS.ended,
  });
  if (updated === undefined) throw conflict();
  return { deal, registration };
}

/**
 * The offer accepted (递补): the offered registration won at its own price, the project keeps the deal and is 待签约
 * again, its process log says so. The registration must be offered (else refused).
 */
export async function settleOffer(
  tx: Db,
  projectId: number,
  registrationId: number,
  terms: DealTerms,
  context: SettleContext,
): Promise<DealResult> {
  const winner = await moveAfterDeal(tx, registrationId, 'acceptOffer', context.at);
  await context.projects.lockStatus(tx, projectId, 'update');
  const project = await context.projects.findById(projectId, tx);
  if (project === undefined) throw refused(MSG.intentionNotAllowed);
  if (dealResultOf(project.details) !== null) throw refused(MSG.intentionDealDecided);
  return keepDeal(tx, project, winner, terms, context, {
    event: 'biddingOfferAccepted',
    reason: formatMessage(MSG.dealLogOfferAccepted, {
      name: winner.name,
      bidderNo: terms.bidderNo ?? '',
      price: formatFen(terms.dealPrice),
    }),
    audit: { winnerId: registrationId, offered: true },
  });
}
