// Tables owned by the projects module: the project row the workflow engine acts on (its family's form in
// details), and the asset lists and participants (意向受让方) of physical-asset projects. status is a
// PROJECT_STATUS key; every change counts `version` up, so a change made from a stale read is refused.
import type { SheetValues, ParticipantCertType, ParticipantKind, ProjectStatus } from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps, timestamptz } from '../../db/columns.ts';
import { companies, users } from '../users/tables.ts';

export const projects = pgTable(
  'projects',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** a FAMILIES key of the workflow registry */
    family: text('family').notNull(),
    businessType: text('business_type').notNull(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    status: text('status').$type<ProjectStatus>().notNull(),
    disclosureStart: timestamptz('disclosure_start'),
    disclosureEnd: timestamptz('disclosure_end'),
    /** when an approved abort suspended the project; the recovery moves the deadline by the days paused */
    pausedAt: timestamptz('paused_at'),
    /** the member company acting for the owner (经纪会员): it sees the project, read only */
    agentCompanyId: integer('agent_company_id').references(() => companies.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * Name and code lower-cased, kept by the database: the lists' keyword search is one LIKE on it, a fraction of
     * the cost of ILIKE on both columns (which lower-cases every row it reads).
     */
    searchText: text('search_text').generatedAlwaysAs(sql`lower(name || E'\\n' || code)`),
    /**
     * The distinct character bigrams of search_text (project_bigrams, migration 0011; a generated column cannot
     * read another, so the expression is repeated), in a GIN index: a keyword of two or more characters is looked
     * up by its bigrams there and rechecked with the LIKE on search_text. Chinese keywords are mostly two
     * characters, too short for a trigram index.
     */
    searchGrams: text('search_grams')
      .array()
      .generatedAlwaysAs(sql`project_bigrams(lower(name || E'\\n' || code))`),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('projects_code_idx').on(t.code),
    // The lists page newest first within a scope: an owner's, an owner's by status, an agent's. `ORDER BY id DESC`
    // sorts nulls first, so the index must too (drizzle's desc() alone says NULLS LAST, which no list query can use).
    // search_text last (drizzle has no INCLUDE; after the unique id it never changes the order) lets a keyword's
    // capped count within a scope read the index alone instead of a table row per project of the scope.
    index('projects_company_id_idx').on(t.companyId, t.id.desc().nullsFirst(), t.searchText),
    index('projects_company_status_idx').on(t.companyId, t.status, t.id.desc().nullsFirst(), t.searchText),
    index('projects_agent_company_idx')
      .on(t.agentCompanyId, t.id.desc().nullsFirst(), t.searchText)
      .where(sql`${t.agentCompanyId} is not null`),
    // The exchange's keyword search over every project: a rare keyword through its bigrams (see search_grams), a
    // common one by reading names newest first from this narrow index, which holds them without the rest of the
    // row (a table row is about 1 KB with its form): 1.6 ms for the capped count of 设备 instead of 6.6.
    index('projects_search_grams_idx').using('gin', t.searchGrams),
    index('projects_search_text_idx').on(t.id.desc().nullsFirst(), t.searchText),
    index('projects_status_idx')
      .on(t.status)
      .where(sql`${t.status} <> 'closed'`),
  ],
);

/**
 * The rows of a project's list sheets (projects/sheets.ts): the asset list of a physical-asset project (标的清单,
 * one row per asset of one category), the shareholder structure and the financial data of an equity project.
 * `category` is the sheet's key; the values are checked as its columns define them (money in fen, shares in
 * millionths). Rows are imported and removed while the project's form may change; company_id is the project
 * owner's, for scoping.
 */
export const projectAssets = pgTable(
  'project_assets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** the sheet's key: an asset category (BULK_ASSET_CATEGORIES), structures or financials */
    category: text('category').notNull(),
    values: jsonb('values').$type<SheetValues>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('project_assets_project_idx').on(t.projectId, t.category, t.id)],
);

/**
 * The participants of a physical-asset project (意向受让方): the persons and organisations its owner registered as
 * prospective buyers, with their certificate, contact, deposit and whether they were confirmed as qualified.
 * company_id is the project owner's, for scoping. A certificate number appears once per project; every change
 * counts `version` up, so a change made from a stale read is refused.
 */
export const projectParticipants = pgTable(
  'project_participants',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ParticipantKind>().notNull(),
    name: text('name').notNull(),
    certType: text('cert_type').$type<ParticipantCertType>().notNull(),
    /** trimmed and upper-cased, so the unique index compares numbers as people mean them */
    certNo: text('cert_no').notNull(),
    contactName: text('contact_name').notNull(),
    contactMobile: text('contact_mobile').notNull(),
    /** fen; bigint because a deposit on a large project passes the 21,474,836.47 yuan an integer holds */
    deposit: bigint('deposit', { mode: 'number' }),
    isQualified: boolean('is_qualified').notNull().default(false),
    note: text('note').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('project_participants_cert_no_idx').on(t.projectId, t.certNo)],
);
