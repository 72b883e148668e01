// The deal's end for a project's registrations, for whichever module decides it (the bidding hall when it closes,
// an agreement at the listing price): the qualified buyers as that module needs them, and the settlement. Plain
// functions on the caller's transaction, so the deal and its effect on the registrations commit together or not
// at all. The intentions service offers the same with its own notifications and audit bound (service.ts).
import {
  DEAL_RESULT_KEY,
  formatMessage,
  INTENTION_NOTICE_KINDS,
  intentionShowPath,
  isIntentionFamily,
  MSG,
  type DealResult,
  type DepositState,
  type NotificationKind,
  type ParticipantKind,
} from '@cqjy/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AuditActor } from '../../platform/audit.ts';
import { conflict, refused } from '../../platform/errors.ts';
import type { AuditService } from '../audit/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { ProjectsService } from '../projects/service.ts';
import { projects } from '../projects/tables.ts';
import * as repo from './repo.ts';

/** A qualified registration as a bidder: the registration, the member that bids for it, the buyer. */
export type QualifiedRegistration = { id: number; companyId: number; kind: ParticipantKind; name: string };

/** The project's qualified registrations, oldest first, locked until the caller's transaction ends. */
export async function listQualified(tx: Db, projectId: number): Promise<QualifiedRegistration[]> {
  const rows = await repo.lockQualified(tx, projectId);
  return rows.map((row) => ({ id: row.id, companyId: row.companyId, kind: row.kind, name: row.name }));
}

/** What a settlement needs besides the transaction: who tells the members, who records it, and when. */
export type SettleContext = {
  notifications: Pick<NotificationsService, 'raise'>;
  /** where the deal is kept: the project's details */
  projects: Pick<ProjectsService, 'setDetail'>;
  audit: Pick<AuditService, 'append'>;
  at: Date;
  /** who settled; absent for the server's own run (a hall closing by its clock) */
  actor?: AuditActor | undefined;
  /** the notices' kind: the deciding module's own (a bidding result), else the review's */
  kind?: NotificationKind | undefined;
};

export type SettleResult = { wonId: number; lostIds: number[]; dealResult: DealResult };

/** The deal's terms: how it was decided (the hall that closed, or the agreement) and its price in fen. */
export type DealTerms = {
  source: DealResult['source'];
  dealPrice: number;
  biddingId?: number | undefined;
  decidedAt: Date;
};

/** The deposit after the deal: the winner's paid one becomes part of the price, a loser's paid one goes back. */
function depositAfter(state: DepositState, isWinner: boolean): DepositState {
  if (state !== 'paid') return state;
  return isWinner ? 'applied' : 'refunding';
}

/**
 * The winner won and every other qualified registration of the project lost, each member told. The winner must be
 * one of the project's qualified registrations (else refused, nothing changes); a registration changed meanwhile
 * is a conflict (409) that rolls the caller's transaction back.
 */
export async function settleDeal(
  tx: Db,
  projectId: number,
  winnerId: number,
  terms: DealTerms,
  context: SettleContext,
): Promise<SettleResult> {
  const rows = await repo.lockQualified(tx, projectId);
  if (!rows.some((row) => row.id === winnerId)) throw refused(MSG.intentionNotAllowed);
  const [project] = await tx
    .select({ name: projects.name, family: projects.family })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (project === undefined) throw refused(MSG.intentionNotAllowed);
  const lostIds: number[] = [];
  for (const row of rows) {
    const isWinner = row.id === winnerId;
    const changed = await repo.updateGuarded(
      tx,
      row.id,
      row.version,
      {
        status: isWinner ? 'won' : 'lost',
        depositState: depositAfter(row.depositState, isWinner),
        updatedAt: context.at,
      },
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
  const winner = rows.find((row) => row.id === winnerId);
  // the project keeps the deal: the contract and the other applications naming a buyer start from it
  const dealResult: DealResult = {
    source: terms.source,
    transfereeName: winner?.name ?? '',
    dealPrice: terms.dealPrice,
    registrationId: winnerId,
    ...(terms.biddingId === undefined ? {} : { biddingId: terms.biddingId }),
    decidedAt: terms.decidedAt.toISOString(),
  };
  await context.projects.setDetail(tx, projectId, DEAL_RESULT_KEY, dealResult, context.at);
  await context.audit.append(tx, {
    ...(context.actor ?? {}),
    action: 'intention.settle',
    result: 'ok',
    target: String(projectId),
    detail: { winnerId, lostIds, dealResult },
  });
  return { wonId: winnerId, lostIds, dealResult };
}
