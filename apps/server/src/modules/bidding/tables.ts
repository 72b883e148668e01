// Tables owned by the bidding module (the bidding hall, 网络竞价). One open hall per project (a project disclosed
// again after a hall closed without a bid gets another): its parameters, the
// countdown's end as it stands, the current price and leader, and the last link of the bid chain. The bidders are
// the project's qualified registrations when the hall opened, each with its number (竞买号). Bids are numbered
// within their hall (seq, unique), each chained to the one before by its sha256. Every change of a hall counts
// `version` up; a bid takes the hall's row lock, so two bids at once are judged one after the other.
import type { AuctionMode, BiddingOfferAnswer, ParticipantKind } from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps, timestamptz } from '../../db/columns.ts';
import { intentionRegistrations } from '../intentions/tables.ts';
import { projects } from '../projects/tables.ts';
import { companies, operators, users } from '../users/tables.ts';

export const biddings = pgTable(
  'biddings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    startAt: timestamptz('start_at').notNull(),
    /** the free period's end: the timed countdown starts here */
    freeEndAt: timestamptz('free_end_at').notNull(),
    /** the countdown's end as it stands: freeEndAt + timedSeconds at opening, moved by each bid in the timed period */
    endsAt: timestamptz('ends_at').notNull(),
    timedSeconds: integer('timed_seconds').notNull(),
    /** the cap on the countdown's restarts (延时次数上限; null: none), and the restarts so far */
    restartsMax: integer('restarts_max'),
    restarts: integer('restarts').notNull().default(0),
    /** the sandbox clock's speed when the hall opened (its periods that many times shorter; 1 in production) */
    sandboxSpeed: integer('sandbox_speed').notNull().default(1),
    /** the auction mode (dynamic: free then timed; sealed: one unseen bid each, opened at the close) */
    mode: text('mode').$type<AuctionMode>().notNull().default('dynamic'),
    /** fen */
    startingPrice: bigint('starting_price', { mode: 'number' }).notNull(),
    increment: bigint('increment', { mode: 'number' }).notNull(),
    /** the owner's reserve price (保留价) when the hall opened: never shown before the close; null: none */
    reservePrice: bigint('reserve_price', { mode: 'number' }),
    /** the highest bid (a sealed session's too, unseen until the close) */
    currentPrice: bigint('current_price', { mode: 'number' }),
    leaderRegistrationId: integer('leader_registration_id').references(() => intentionRegistrations.id, {
      onDelete: 'set null',
    }),
    bidCount: integer('bid_count').notNull().default(0),
    /** the bid chain's last link (the genesis link before any bid) */
    lastHash: text('last_hash').notNull(),
    closedAt: timestamptz('closed_at'),
    /** the signed result (attachment uuid) */
    resultFileId: text('result_file_id'),
    openedBy: integer('opened_by').references(() => operators.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('biddings_project_idx')
      .on(t.projectId)
      .where(sql`${t.closedAt} is null`),
    // the housekeeping's pass over halls whose countdown ran out
    index('biddings_open_idx')
      .on(t.endsAt)
      .where(sql`${t.closedAt} is null`),
  ],
);

export const biddingBidders = pgTable(
  'bidding_bidders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    biddingId: integer('bidding_id')
      .notNull()
      .references(() => biddings.id, { onDelete: 'cascade' }),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => intentionRegistrations.id, { onDelete: 'cascade' }),
    /** the member that registered the buyer: its operators bid for it */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    bidderNo: text('bidder_no').notNull(),
    kind: text('kind').$type<ParticipantKind>().notNull(),
    name: text('name').notNull(),
  },
  (t) => [
    uniqueIndex('bidding_bidders_registration_idx').on(t.biddingId, t.registrationId),
    uniqueIndex('bidding_bidders_no_idx').on(t.biddingId, t.bidderNo),
    index('bidding_bidders_company_idx').on(t.companyId),
  ],
);

export const bids = pgTable(
  'bids',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    biddingId: integer('bidding_id')
      .notNull()
      .references(() => biddings.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => intentionRegistrations.id, { onDelete: 'cascade' }),
    bidderNo: text('bidder_no').notNull(),
    /** fen */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    at: timestamptz('at').notNull(),
    previousHash: text('previous_hash').notNull(),
    hash: text('hash').notNull(),
    bidBy: integer('bid_by').references(() => operators.id, { onDelete: 'set null' }),
    /** made by the hall on its bidder's ceiling (委托代理出价) */
    isProxy: boolean('is_proxy').notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('bids_seq_idx').on(t.biddingId, t.seq)],
);

/**
 * The ceilings left in a dynamic session (委托代理出价): one per bidder, raised, never lowered; the hall bids for it
 * by the increment up to the ceiling whenever it is topped. Seen by its bidder alone.
 */
export const biddingProxies = pgTable(
  'bidding_proxies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    biddingId: integer('bidding_id')
      .notNull()
      .references(() => biddings.id, { onDelete: 'cascade' }),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => intentionRegistrations.id, { onDelete: 'cascade' }),
    /** fen */
    ceiling: bigint('ceiling', { mode: 'number' }).notNull(),
    setBy: integer('set_by').references(() => operators.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('bidding_proxies_bidder_idx').on(t.biddingId, t.registrationId)],
);

/**
 * The offers of a hall's deal after its winner defaulted (递补): one per bidder offered, in order, each at the
 * bidder's own highest bid; at most one open (unanswered) per hall, so two defaults or answers at once cannot
 * offer it twice. The defaulters are the registrations the hall's deals went to and that lost them (their status).
 */
export const biddingOffers = pgTable(
  'bidding_offers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    biddingId: integer('bidding_id')
      .notNull()
      .references(() => biddings.id, { onDelete: 'cascade' }),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => intentionRegistrations.id, { onDelete: 'cascade' }),
    bidderNo: text('bidder_no').notNull(),
    /** fen: the bidder's highest bid */
    price: bigint('price', { mode: 'number' }).notNull(),
    offeredAt: timestamptz('offered_at').notNull(),
    /** the term's end (递补答复期限): unanswered by then, it counts as declined (expired) */
    answerBy: timestamptz('answer_by').notNull(),
    answer: text('answer').$type<BiddingOfferAnswer>(),
    answeredAt: timestamptz('answered_at'),
    answeredBy: integer('answered_by').references(() => operators.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('bidding_offers_open_idx')
      .on(t.biddingId)
      .where(sql`${t.answer} is null`),
    uniqueIndex('bidding_offers_bidder_idx').on(t.biddingId, t.registrationId),
    // the housekeeping's pass over the offers whose term ran out
    index('bidding_offers_due_idx')
      .on(t.answerBy)
      .where(sql`${t.answer} is null`),
  ],
);

/**
 * The seller's rules for its project's hall (竞价规则, POST /api/project/save/auction): one row per project, what the
 * exchange's 开启网络竞价 starts from. Money in fen.
 */
export const auctionRules = pgTable('auction_rules', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  startAt: timestamptz('start_at').notNull(),
  freeSeconds: integer('free_seconds').notNull(),
  timedSeconds: integer('timed_seconds').notNull(),
  startingPrice: bigint('starting_price', { mode: 'number' }).notNull(),
  increment: bigint('increment', { mode: 'number' }).notNull(),
  restartsMax: integer('restarts_max'),
  mode: text('mode').$type<AuctionMode>().notNull().default('dynamic'),
  /** fen; null: none. Set or changed no later than the rule's lead hours before the start */
  reservePrice: bigint('reserve_price', { mode: 'number' }),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  version: integer('version').notNull().default(1),
  ...timestamps,
});
