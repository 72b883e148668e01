// Tables owned by the listings module (the public disclosure site): what the site publishes, kept apart from the
// projects so no public query can reach a draft, an application under review or a field the kind does not
// publish. A listing row is written from its project, through the kind's publication, whenever the project changes
// (projection.ts); its notices record each change of course with its day; watches and saved searches are a member
// user's own.
import type { ListingStage, NoticeKind } from '@cqjy/domain';
import type { PublicDeal } from '@cqjy/domain/contracts/public-site';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.ts';
import { projects } from '../projects/tables.ts';
import { companies, users } from '../users/tables.ts';

export type PublishedFact = { label: string; value: string };

export const publicListings = pgTable(
  'public_listings',
  {
    projectId: integer('project_id')
      .primaryKey()
      .references(() => projects.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    family: text('family').notNull(),
    businessType: text('business_type').notNull(),
    /** null once the project left disclosure (a deal, an end, a termination): then only its notices and deal show */
    stage: text('stage').$type<ListingStage>(),
    /** fen */
    price: bigint('price', { mode: 'number' }),
    deposit: bigint('deposit', { mode: 'number' }),
    depositDeadline: text('deposit_deadline'),
    disclosureStart: timestamptz('disclosure_start'),
    disclosureEnd: timestamptz('disclosure_end'),
    region: text('region'),
    industry: text('industry'),
    ownerName: text('owner_name').notNull(),
    memberName: text('member_name'),
    /** what the page shows beyond the columns: the facts, the text, the conditions (published fields only) */
    page: jsonb('page')
      .$type<{ facts: PublishedFact[]; description: string[]; conditions: string[] }>()
      .notNull(),
    /** the deal made public, and the last day of its notice */
    deal: jsonb('deal').$type<Omit<PublicDeal, 'code' | 'name' | 'businessTypeLabel' | 'familyLabel'>>(),
    dealNoticeUntil: text('deal_notice_until'),
    /** lower-cased name and code, searched by the keyword (as the projects' search_text) */
    searchText: text('search_text').notNull(),
    visits: integer('visits').notNull().default(0),
    watches: integer('watches').notNull().default(0),
    listedAt: timestamptz('listed_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    // the first page newest first, and the filters the site offers, each within the listed projects only
    index('public_listings_listed_idx')
      .on(t.listedAt.desc().nullsFirst(), t.projectId.desc().nullsFirst())
      .where(sql`${t.stage} is not null`),
    index('public_listings_type_idx')
      .on(t.businessType, t.listedAt.desc().nullsFirst())
      .where(sql`${t.stage} is not null`),
    index('public_listings_region_idx')
      .on(t.region, t.listedAt.desc().nullsFirst())
      .where(sql`${t.stage} is not null`),
    index('public_listings_end_idx')
      .on(t.disclosureEnd)
      .where(sql`${t.stage} is not null`),
    index('public_listings_deal_idx')
      .on(t.dealNoticeUntil)
      .where(sql`${t.deal} is not null`),
    uniqueIndex('public_listings_code_idx').on(t.code),
  ],
);

export const publicNotices = pgTable(
  'public_notices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NoticeKind>().notNull(),
    text: text('text').notNull(),
    at: timestamptz('at').notNull(),
  },
  (t) => [
    index('public_notices_project_idx').on(t.projectId, t.at),
    index('public_notices_at_idx').on(t.at.desc().nullsFirst()),
  ],
);

export const listingWatches = pgTable(
  'listing_watches',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    sms: boolean('sms').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.projectId] }),
    index('listing_watches_project_idx').on(t.projectId),
  ],
);

export const savedSearches = pgTable(
  'saved_searches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    query: jsonb('query').$type<Record<string, string>>().notNull(),
    sms: boolean('sms').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('saved_searches_user_idx').on(t.userId, t.id)],
);
