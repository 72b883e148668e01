// Queries on the bidding halls, their bidders and bids. A hall as read joins its project's name, code and owner
// (projects: read only). The registrations are the intentions module's: read here for the bidders, and settled at
// the close through the intentions module's settleDeal.
import type { BiddingOfferAnswer, IntentionStatus, ProjectStatus, ProxyCeiling } from '@cqjy/domain';
import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { intentionRegistrations } from '../intentions/tables.ts';
import { projects } from '../projects/tables.ts';
import { auctionRules, biddingBidders, biddingOffers, biddingProxies, biddings, bids } from './tables.ts';

export type HallRow = typeof biddings.$inferSelect;
export type NewHall = typeof biddings.$inferInsert;
export type HallPatch = Partial<Omit<NewHall, 'id' | 'projectId' | 'version' | 'createdAt'>>;
/** A bidder with where its registration stands now (won, lost, disqualified after a default, offered). */
export type BidderRow = typeof biddingBidders.$inferSelect & { status: IntentionStatus };
export type OfferRow = typeof biddingOffers.$inferSelect;
export type BidRow = typeof bids.$inferSelect;
export type NewBid = typeof bids.$inferInsert;

export type HallItem = HallRow & {
  projectName: string;
  projectCode: string;
  /** the project's owner */
  ownerCompanyId: number;
  projectStatus: ProjectStatus;
  /** the hall whose deal the project keeps (its dealResult's), if any */
  dealBiddingId: number | null;
};

const itemColumns = {
  hall: biddings,
  projectName: projects.name,
  projectCode: projects.code,
  ownerCompanyId: projects.companyId,
  projectStatus: projects.status,
  dealBiddingId: sql<number | null>`(${projects.details} -> 'dealResult' ->> 'biddingId')::int`,
};

const toItem = (row: {
  hall: HallRow;
  projectName: string;
  projectCode: string;
  ownerCompanyId: number;
  projectStatus: ProjectStatus;
  dealBiddingId: number | null;
}): HallItem => ({
  ...row.hall,
  projectName: row.projectName,
  projectCode: row.projectCode,
  ownerCompanyId: row.ownerCompanyId,
  projectStatus: row.projectStatus,
  dealBiddingId: row.dealBiddingId === null ? null : Number(row.dealBiddingId),
});

export async function findItem(db: Db, id: number): Promise<HallItem | undefined> {
  const [row] = await db
    .select(itemColumns)
    .from(biddings)
    .innerJoin(projects, eq(projects.id, biddings.projectId))
    .where(eq(biddings.id, id));
  return row === undefined ? undefined : toItem(row);
}

/** The hall's row, locked until the transaction ends: bids and the close are judged one after the other. */
export async function lockItem(tx: Db, id: number): Promise<HallItem | undefined> {
  const [row] = await tx
    .select(itemColumns)
    .from(biddings)
    .innerJoin(projects, eq(projects.id, biddings.projectId))
    .where(eq(biddings.id, id))
    .for('update', { of: biddings });
  return row === undefined ? undefined : toItem(row);
}

/** The project's latest hall (an earlier one closed without a bid before the project was disclosed again). */
export async function findByProject(db: Db, projectId: number): Promise<HallRow | undefined> {
  const [row] = await db
    .select()
    .from(biddings)
    .where(eq(biddings.projectId, projectId))
    .orderBy(desc(biddings.id))
    .limit(1);
  return row;
}

/**
 * The project as opening a hall needs it (owner, stage, disclosure, details for its deal); locked, so that two
 * openings queue.
 */
export async function lockProject(
  tx: Db,
  projectId: number,
): Promise<
  | Pick<typeof projects.$inferSelect, 'id' | 'companyId' | 'status' | 'name' | 'disclosureEnd' | 'details'>
  | undefined
> {
  const [row] = await tx
    .select({
      id: projects.id,
      companyId: projects.companyId,
      status: projects.status,
      name: projects.name,
      disclosureEnd: projects.disclosureEnd,
      details: projects.details,
    })
    .from(projects)
    .where(eq(projects.id, projectId))
    .for('update');
  return row;
}

export async function findProject(
  db: Db,
  projectId: number,
): Promise<{ id: number; companyId: number; agentCompanyId: number | null } | undefined> {
  const [row] = await db
    .select({ id: projects.id, companyId: projects.companyId, agentCompanyId: projects.agentCompanyId })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row;
}

/** The project's qualified registrations, oldest first: the bidders of a hall opened now. */
export async function listQualified(
  tx: Db,
  projectId: number,
): Promise<{ id: number; companyId: number; kind: BidderRow['kind']; name: string }[]> {
  return tx
    .select({
      id: intentionRegistrations.id,
      companyId: intentionRegistrations.companyId,
      kind: intentionRegistrations.kind,
      name: intentionRegistrations.name,
    })
    .from(intentionRegistrations)
    .where(
      and(eq(intentionRegistrations.projectId, projectId), eq(intentionRegistrations.status, 'qualified')),
    )
    .orderBy(asc(intentionRegistrations.id));
}

/** Whether the company registered anyone on the project (it then may ask for the project's hall). */
export async function hasRegistration(db: Db, projectId: number, companyId: number): Promise<boolean> {
  const rows = await db
    .select({ id: intentionRegistrations.id })
    .from(intentionRegistrations)
    .where(
      and(eq(intentionRegistrations.projectId, projectId), eq(intentionRegistrations.companyId, companyId)),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertHall(tx: Db, values: NewHall): Promise<HallRow> {
  const [row] = await tx.insert(biddings).values(values).returning();
  if (row === undefined) throw new Error('bidding insert returned nothing');
  return row;
}

/** The chain's genesis link of a hall just inserted (its id is in the link); not a change of the hall. */
export async function setGenesis(tx: Db, id: number, hash: string): Promise<void> {
  await tx.update(biddings).set({ lastHash: hash }).where(eq(biddings.id, id));
}

export async function insertBidders(tx: Db, rows: (typeof biddingBidders.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(biddingBidders).values(rows);
}

export async function listBidders(db: Db, biddingId: number): Promise<BidderRow[]> {
  const rows = await db
    .select({ bidder: biddingBidders, status: intentionRegistrations.status })
    .from(biddingBidders)
    .innerJoin(intentionRegistrations, eq(intentionRegistrations.id, biddingBidders.registrationId))
    .where(eq(biddingBidders.biddingId, biddingId))
    .orderBy(asc(biddingBidders.id));
  return rows.map((row) => ({ ...row.bidder, status: row.status }));
}

/** The company's bidders in the hall (one, as a member represents one buyer of a project). */
export async function listCompanyBidders(db: Db, biddingId: number, companyId: number): Promise<BidderRow[]> {
  const rows = await db
    .select({ bidder: biddingBidders, status: intentionRegistrations.status })
    .from(biddingBidders)
    .innerJoin(intentionRegistrations, eq(intentionRegistrations.id, biddingBidders.registrationId))
    .where(and(eq(biddingBidders.biddingId, biddingId), eq(biddingBidders.companyId, companyId)))
    .orderBy(asc(biddingBidders.id));
  return rows.map((row) => ({ ...row.bidder, status: row.status }));
}

/** The offers of the hall's deal after defaults (递补), in order. */
export async function listOffers(db: Db, biddingId: number): Promise<OfferRow[]> {
  return db
    .select()
    .from(biddingOffers)
    .where(eq(biddingOffers.biddingId, biddingId))
    .orderBy(asc(biddingOffers.id));
}

export async function insertOffer(tx: Db, values: typeof biddingOffers.$inferInsert): Promise<OfferRow> {
  const [row] = await tx.insert(biddingOffers).values(values).returning();
  if (row === undefined) throw new Error('offer insert returned nothing');
  return row;
}

/** The hall's open offer answered; undefined when none is open (answered meanwhile). */
export async function answerOffer(
  tx: Db,
  id: number,
  values: { answer: BiddingOfferAnswer; at: Date; by: number | null },
): Promise<OfferRow | undefined> {
  const [row] = await tx
    .update(biddingOffers)
    .set({ answer: values.answer, answeredAt: values.at, answeredBy: values.by, updatedAt: values.at })
    .where(and(eq(biddingOffers.id, id), isNull(biddingOffers.answer)))
    .returning();
  return row;
}

/** The halls with an open offer whose term ran out by `now` (the housekeeping's pass). */
export async function listLateOffers(db: Db, now: Date): Promise<number[]> {
  const rows = await db
    .select({ biddingId: biddingOffers.biddingId })
    .from(biddingOffers)
    .where(and(isNull(biddingOffers.answer), lte(biddingOffers.answerBy, now)))
    .orderBy(asc(biddingOffers.answerBy));
  return rows.map((row) => row.biddingId);
}

export async function listBids(db: Db, biddingId: number): Promise<BidRow[]> {
  return db.select().from(bids).where(eq(bids.biddingId, biddingId)).orderBy(asc(bids.seq));
}

/** The ceilings left in the hall, as the domain's nextProxyBid weighs them. */
export async function listProxies(db: Db, biddingId: number): Promise<ProxyCeiling[]> {
  const rows = await db
    .select({
      registrationId: biddingProxies.registrationId,
      ceiling: biddingProxies.ceiling,
      createdAt: biddingProxies.createdAt,
    })
    .from(biddingProxies)
    .where(eq(biddingProxies.biddingId, biddingId))
    .orderBy(asc(biddingProxies.id));
  return rows.map((row) => ({
    registrationId: row.registrationId,
    ceiling: row.ceiling,
    setAt: row.createdAt.getTime(),
  }));
}

/** A bidder's ceiling left or raised (its first setting's time kept: of equal ceilings the earlier wins). */
export async function saveProxy(
  tx: Db,
  values: { biddingId: number; registrationId: number; ceiling: number; setBy: number | null; at: Date },
): Promise<void> {
  await tx
    .insert(biddingProxies)
    .values({
      biddingId: values.biddingId,
      registrationId: values.registrationId,
      ceiling: values.ceiling,
      setBy: values.setBy,
      createdAt: values.at,
      updatedAt: values.at,
    })
    .onConflictDoUpdate({
      target: [biddingProxies.biddingId, biddingProxies.registrationId],
      set: { ceiling: values.ceiling, setBy: values.setBy, updatedAt: values.at },
    });
}

/** Whether the registration has bid in the hall (a sealed session takes one bid each). */
export async function hasBid(db: Db, biddingId: number, registrationId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: bids.id })
    .from(bids)
    .where(and(eq(bids.biddingId, biddingId), eq(bids.registrationId, registrationId)))
    .limit(1);
  return row !== undefined;
}

export async function insertBid(tx: Db, values: NewBid): Promise<BidRow> {
  const [row] = await tx.insert(bids).values(values).returning();
  if (row === undefined) throw new Error('bid insert returned nothing');
  return row;
}

/** Changes a hall (its version counted up); the caller holds its lock or guards with `version`. */
export async function updateHall(
  tx: Db,
  id: number,
  patch: HallPatch,
  guard: { version?: number; isResultMissing?: boolean } = {},
): Promise<HallRow | undefined> {
  const [row] = await tx
    .update(biddings)
    .set({ ...patch, version: sql`${biddings.version} + 1` })
    .where(
      and(
        eq(biddings.id, id),
        guard.version === undefined ? undefined : eq(biddings.version, guard.version),
        guard.isResultMissing === true ? isNull(biddings.resultFileId) : undefined,
      ),
    )
    .returning();
  return row;
}

/** The halls still open, with the end each node's timer is set to. */
export async function listOpen(db: Db): Promise<{ id: number; endsAt: Date }[]> {
  return db
    .select({ id: biddings.id, endsAt: biddings.endsAt })
    .from(biddings)
    .where(isNull(biddings.closedAt))
    .orderBy(asc(biddings.endsAt));
}

/** The open halls whose countdown ran out by `now` (the housekeeping's pass). */
export async function listDue(db: Db, now: Date): Promise<number[]> {
  const rows = await db
    .select({ id: biddings.id })
    .from(biddings)
    .where(and(isNull(biddings.closedAt), lte(biddings.endsAt, now)))
    .orderBy(asc(biddings.endsAt));
  return rows.map((row) => row.id);
}

/** The closed halls still without their signed result (a close whose file was not made: made again). */
export async function listWithoutResult(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: biddings.id })
    .from(biddings)
    .where(and(sql`${biddings.closedAt} is not null`, isNull(biddings.resultFileId)));
  return rows.map((row) => row.id);
}

/** The registrations of some ids (names and members of the bidders), for the close's notices. */
export async function findRegistrations(
  db: Db,
  ids: number[],
): Promise<{ id: number; companyId: number; name: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: intentionRegistrations.id,
      companyId: intentionRegistrations.companyId,
      name: intentionRegistrations.name,
    })
    .from(intentionRegistrations)
    .where(inArray(intentionRegistrations.id, ids));
}

export type RulesRow = typeof auctionRules.$inferSelect;
type NewRules = typeof auctionRules.$inferInsert;

/** The seller's rules for the project's hall (竞价规则), if saved. */
export async function findRules(db: Db, projectId: number): Promise<RulesRow | undefined> {
  const [row] = await db.select().from(auctionRules).where(eq(auctionRules.projectId, projectId));
  return row;
}

export async function lockRules(tx: Db, projectId: number): Promise<RulesRow | undefined> {
  const [row] = await tx
    .select()
    .from(auctionRules)
    .where(eq(auctionRules.projectId, projectId))
    .for('update');
  return row;
}

/** The first rules; undefined when another save wrote them at the same moment (the primary key). */
export async function insertRules(tx: Db, values: NewRules): Promise<RulesRow | undefined> {
  const [row] = await tx.insert(auctionRules).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateRules(
  tx: Db,
  projectId: number,
  expectedVersion: number,
  patch: Partial<Omit<NewRules, 'projectId' | 'version'>>,
): Promise<RulesRow | undefined> {
  const [row] = await tx
    .update(auctionRules)
    .set({ ...patch, version: sql`${auctionRules.version} + 1` })
    .where(and(eq(auctionRules.projectId, projectId), eq(auctionRules.version, expectedVersion)))
    .returning();
  return row;
}
