// Tables owned by the projects module: the project row the workflow engine acts on (its family's form in
// details), and the asset lists and participants (意向受让方) of physical-asset projects. status is a
// PROJECT_STATUS key; every change counts `version` up, so a change made from a stale read is refused.
import type {
  AssetValues,
  BulkAssetCategory,
  ParticipantCertType,
  ParticipantKind,
  ProjectStatus,
} from '@cqjy/domain';
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
    ...timestamps,
  },
  (t) => [
    uniqueIndex('projects_code_idx').on(t.code),
    // The lists page newest first within a scope: an owner's, an owner's by status, an agent's. `ORDER BY id DESC`
    // sorts nulls first, so the index must too (drizzle's desc() alone says NULLS LAST, which no list query can use).
    index('projects_company_id_idx').on(t.companyId, t.id.desc().nullsFirst()),
    index('projects_company_status_idx').on(t.companyId, t.status, t.id.desc().nullsFirst()),
    index('projects_agent_company_idx')
      .on(t.agentCompanyId, t.id.desc().nullsFirst())
      .where(sql`${t.agentCompanyId} is not null`),
    index('projects_status_idx')
      .on(t.status)
      .where(sql`${t.status} <> 'closed'`),
  ],
);

/**
 * The asset list of a physical-asset project (标的清单): one row per asset, of one category, its checked values
 * as the domain's asset columns define them (money in fen). Rows are added by import and removed while the
 * project is still a draft; company_id is the project owner's, for scoping.
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
    /** a BULK_ASSET_CATEGORIES code */
    category: text('category').$type<BulkAssetCategory>().notNull(),
    values: jsonb('values').$type<AssetValues>().notNull(),
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
