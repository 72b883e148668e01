// Queries on the intention registrations. A registration as listed joins its project (name, code, family, owner,
// agent member, status) and the registering member's name (projects and companies: read only); the deal's facts
// read whether the project has a bidding hall (the bidding module's table: read only). Every reader passes its own
// executor, so a caller inside a transaction reads through it (PGlite has one connection).
import { OUT_OF_RACE, type IntentionStatus } from '@cqjy/domain';
import {
  and,
  asc,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  gte,
  ne,
  notInArray,
  or,
  sql,
} from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containsPattern, lowerContainsPattern } from '../../db/like.ts';
import { biddings } from '../bidding/tables.ts';
import { projects } from '../projects/tables.ts';
import { companies } from '../users/tables.ts';
import { intentionBars, intentionRegistrations as ir } from './tables.ts';

export type IntentionRow = typeof ir.$inferSelect;
export type NewIntention = typeof ir.$inferInsert;
export type IntentionPatch = Partial<
  Omit<NewIntention, 'id' | 'projectId' | 'companyId' | 'version' | 'createdBy' | 'createdAt'>
>;

/** A registration with what its views and checks need of its project and member. */
export type IntentionItem = IntentionRow & {
  projectName: string;
  projectCode: string;
  projectFamily: string;
  projectStatus: string;
  projectCompanyId: number;
  projectAgentCompanyId: number | null;
  memberName: string;
};

/** The statuses before the signature: the member's own business. */
const UNSIGNED: IntentionStatus[] = ['draft', 'letterGenerated'];

/** The statuses a member's registration holds its place on the project in (one per member and project). */
const HOLDING: SQL = notInArray(ir.status, ['withdrawn', 'disqualified']);

/** In review, the deposit its letter carries not arrived: it may still qualify (the reminder and the deadline's). */
const REVIEWING: IntentionStatus[] = ['submitted', 'ownerApproved'];
const DEPOSIT_OWED: SQL = and(isNotNull(ir.depositAmount), isNull(ir.depositPaidAt)) ?? sql`false`;

const itemColumns = {
  registration: ir,
  projectName: projects.name,
  projectCode: projects.code,
  projectFamily: projects.family,
  projectStatus: projects.status,
  projectCompanyId: projects.companyId,
  projectAgentCompanyId: projects.agentCompanyId,
  memberName: companies.name,
};

function selectItems(db: Db) {
  return db
    .select(itemColumns)
    .from(ir)
    .innerJoin(projects, eq(projects.id, ir.projectId))
    .innerJoin(companies, eq(companies.id, ir.companyId));
}

type SelectedItem = {
  registration: IntentionRow;
  projectName: string;
  projectCode: string;
  projectFamily: string;
  projectStatus: string;
  projectCompanyId: number;
  projectAgentCompanyId: number | null;
  memberName: string;
};

const toItem = ({ registration, ...rest }: SelectedItem): IntentionItem => ({ ...registration, ...rest });

export async function findItem(db: Db, id: number): Promise<IntentionItem | undefined> {
  const [row] = await selectItems(db).where(eq(ir.id, id));
  return row === undefined ? undefined : toItem(row);
}

/** Who lists: a company's own registrations, and those past signing it may read as owner, agent or exchange. */
export type IntentionScope = {
  /** the caller's company: its own registrations at any status */
  companyId: number;
  /** the exchange: every registration past signing */
  isExchange: boolean;
  /** a member: also those past signing of the projects it acts for (projects.agent_company_id) */
  isMember: boolean;
};

export type IntentionFilter = {
  projectId?: number | undefined;
  status?: IntentionStatus | undefined;
  keyword?: string | undefined;
  limit: number;
};

/** The registrations the scope reads, newest first. */
export async function listItems(
  db: Db,
  scope: IntentionScope,
  filter: IntentionFilter,
): Promise<IntentionItem[]> {
  const signed = notInArray(ir.status, UNSIGNED);
  const readable: (SQL | undefined)[] = [eq(ir.companyId, scope.companyId)];
  if (scope.isExchange) readable.push(signed);
  else {
    readable.push(and(signed, eq(projects.companyId, scope.companyId)));
    if (scope.isMember) readable.push(and(signed, eq(projects.agentCompanyId, scope.companyId)));
  }
  const conditions: (SQL | undefined)[] = [or(...readable)];
  if (filter.projectId !== undefined) conditions.push(eq(ir.projectId, filter.projectId));
  if (filter.status !== undefined) conditions.push(eq(ir.status, filter.status));
  const keyword = filter.keyword?.trim() ?? '';
  if (keyword !== '') {
    const pattern = containsPattern(keyword);
    conditions.push(
      or(
        ilike(ir.name, pattern),
        ilike(ir.contactName, pattern),
        ilike(projects.name, pattern),
        ilike(projects.code, pattern),
        ilike(companies.name, pattern),
      ),
    );
  }
  const rows = await selectItems(db)
    .where(and(...conditions))
    .orderBy(desc(ir.id))
    .limit(filter.limit);
  return rows.map(toItem);
}

/** Whether the company registered anyone on the project (its registrations make the project its business). */
export async function hasOwnOnProject(db: Db, projectId: number, companyId: number): Promise<boolean> {
  const rows = await db
    .select({ id: ir.id })
    .from(ir)
    .where(and(eq(ir.projectId, projectId), eq(ir.companyId, companyId)))
    .limit(1);
  return rows.length > 0;
}

/** The registration that won the project (its deal decided in the hall or by agreement), if any. */
export async function findWinner(
  db: Db,
  projectId: number,
): Promise<{ id: number; companyId: number; name: string } | undefined> {
  const [row] = await db
    .select({ id: ir.id, companyId: ir.companyId, name: ir.name })
    .from(ir)
    .where(and(eq(ir.projectId, projectId), eq(ir.status, 'won')))
    .limit(1);
  return row;
}

export async function insertIntention(db: Db, values: NewIntention): Promise<IntentionRow> {
  const [row] = await db.insert(ir).values(values).returning();
  if (row === undefined) throw new Error('intention insert returned nothing');
  return row;
}

/**
 * Changes a registration if it is still at `version` (and, when given, in one of `statuses`); undefined
 * otherwise. Every change counts the version up; a change out of the race (withdrawn, disqualified, lost) notes when,
 * for the refund's term.
 */
export async function updateGuarded(
  db: Db,
  id: number,
  version: number,
  patch: IntentionPatch,
  statuses?: readonly IntentionStatus[],
): Promise<IntentionRow | undefined> {
  const [row] = await db
    .update(ir)
    .set({
      ...patch,
      ...(patch.status !== undefined && OUT_OF_RACE.includes(patch.status)
        ? { leftRaceAt: patch.updatedAt ?? sql`now()` }
        : {}),
      version: sql`${ir.version} + 1`,
    })
    .where(
      and(
        eq(ir.id, id),
        eq(ir.version, version),
        statuses === undefined ? undefined : inArray(ir.status, [...statuses]),
      ),
    )
    .returning();
  return row;
}

/** The registration on the project holding the certificate number and not withdrawn, if any. */
export async function findByCertNo(
  db: Db,
  projectId: number,
  certNo: string,
): Promise<Pick<IntentionRow, 'id'> | undefined> {
  const [row] = await db
    .select({ id: ir.id })
    .from(ir)
    .where(and(eq(ir.projectId, projectId), eq(ir.certNo, certNo), ne(ir.status, 'withdrawn')))
    .limit(1);
  return row;
}

/** The member's registration holding its place on the project (not withdrawn or disqualified), if any. */
export async function findByMember(
  db: Db,
  projectId: number,
  companyId: number,
): Promise<Pick<IntentionRow, 'id'> | undefined> {
  const [row] = await db
    .select({ id: ir.id })
    .from(ir)
    .where(and(eq(ir.projectId, projectId), eq(ir.companyId, companyId), HOLDING))
    .limit(1);
  return row;
}

/**
 * Disclosing projects of the families still taking registrations (their disclosure ending at or after `since`, the
 * start of the clock's day: the domain's registrationOpenSince), newest first, by name or code.
 */
export async function listOpenProjects(
  db: Db,
  families: readonly string[],
  keyword: string,
  limit: number,
  since: Date,
): Promise<(typeof projects.$inferSelect)[]> {
  const conditions: (SQL | undefined)[] = [
    eq(projects.status, 'disclosing'),
    inArray(projects.family, [...families]),
    or(isNull(projects.disclosureEnd), gte(projects.disclosureEnd, since)),
  ];
  const trimmed = keyword.trim();
  // search_text is name and code lower-cased (see the projects table)
  if (trimmed !== '') conditions.push(sql`${projects.searchText} like ${lowerContainsPattern(trimmed)}`);
  return db
    .select()
    .from(projects)
    .where(and(...conditions))
    .orderBy(desc(projects.id))
    .limit(limit);
}

/** How many registrations of the project passed the qualification (qualified, and the won and lost after it). */
export async function countQualified(db: Db, projectId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(ir)
    .where(and(eq(ir.projectId, projectId), inArray(ir.status, ['qualified', 'won', 'lost', 'offered'])));
  return Number(row?.n ?? 0);
}

/**
 * What the deal's rules read of a project's registrations: those qualified and still in the race, those in review
 * whose deposit has not arrived, the member companies holding two qualified ones, and whether a hall is open or
 * decided the project's deal.
 */
export async function readDealCounts(
  db: Db,
  projectId: number,
): Promise<{ qualified: number; awaitingDeposit: number; sharedMembers: number; hasHall: boolean }> {
  const [counts] = await db
    .select({
      qualified: sql<number>`(count(*) filter (where ${ir.status} = 'qualified'))::int`,
      awaitingDeposit: sql<number>`(count(*) filter (where ${inArray(ir.status, REVIEWING)} and ${DEPOSIT_OWED}))::int`,
      members: sql<number>`(count(distinct ${ir.companyId}) filter (where ${ir.status} = 'qualified'))::int`,
    })
    .from(ir)
    .where(eq(ir.projectId, projectId));
  // a hall still open, or the one whose deal the project keeps: a hall that sold nothing (no bid, the reserve not
  // met, every bidder defaulted) leaves the project free for another after a new disclosure
  const halls = await db
    .select({ id: biddings.id })
    .from(biddings)
    .innerJoin(projects, eq(projects.id, biddings.projectId))
    .where(
      and(
        eq(biddings.projectId, projectId),
        or(
          isNull(biddings.closedAt),
          sql`${biddings.id} = (${projects.details} -> 'dealResult' ->> 'biddingId')::int`,
        ),
      ),
    )
    .limit(1);
  const qualified = Number(counts?.qualified ?? 0);
  return {
    qualified,
    awaitingDeposit: Number(counts?.awaitingDeposit ?? 0),
    sharedMembers: qualified - Number(counts?.members ?? 0),
    hasHall: halls.length > 0,
  };
}

/** One registration's row, locked until the caller's transaction ends. */
export async function lockRow(db: Db, id: number): Promise<IntentionRow | undefined> {
  const [row] = await db.select().from(ir).where(eq(ir.id, id)).for('update');
  return row;
}

/** The qualified registrations of a project, oldest first, their rows locked for the caller's transaction. */
export async function lockQualified(db: Db, projectId: number): Promise<IntentionRow[]> {
  return db
    .select()
    .from(ir)
    .where(and(eq(ir.projectId, projectId), eq(ir.status, 'qualified')))
    .orderBy(asc(ir.id))
    .for('update');
}

/** Unpaid deposits of registrations in review whose deadline (a calendar day) is before `today`. */
export async function listOverdueDeposits(db: Db, today: string, limit: number): Promise<IntentionItem[]> {
  const rows = await selectItems(db)
    .where(
      and(
        DEPOSIT_OWED,
        isNotNull(ir.depositDeadline),
        lt(ir.depositDeadline, today),
        inArray(ir.status, REVIEWING),
      ),
    )
    .orderBy(asc(ir.depositDeadline), asc(ir.id))
    .limit(limit);
  return rows.map(toItem);
}

/** Unpaid deposits of registrations in review whose deadline falls in [from, to] (calendar days). */
export async function listDepositsDue(
  db: Db,
  from: string,
  to: string,
  limit: number,
): Promise<IntentionItem[]> {
  const rows = await selectItems(db)
    .where(
      and(
        DEPOSIT_OWED,
        gte(ir.depositDeadline, from),
        lte(ir.depositDeadline, to),
        inArray(ir.status, REVIEWING),
      ),
    )
    .orderBy(asc(ir.depositDeadline), asc(ir.id))
    .limit(limit);
  return rows.map(toItem);
}

/** The bar in force on `today` ('YYYY-MM-DD') of a certificate number from an owner's projects, the longest first. */
export async function findBar(
  db: Db,
  ownerCompanyId: number,
  certNo: string,
  today: string,
): Promise<{ until: string } | undefined> {
  const [row] = await db
    .select({ until: intentionBars.until })
    .from(intentionBars)
    .where(
      and(
        eq(intentionBars.ownerCompanyId, ownerCompanyId),
        eq(intentionBars.certNo, certNo),
        gte(intentionBars.until, today),
      ),
    )
    .orderBy(desc(intentionBars.until))
    .limit(1);
  return row;
}

export async function insertBar(db: Db, values: typeof intentionBars.$inferInsert): Promise<void> {
  await db.insert(intentionBars).values(values);
}
