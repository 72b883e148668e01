// Tables owned by the workflow engine: action instances (one application, such as a project abort, with its
// form and letters), their submitted revisions and the process log of every step (the tasks its transitions
// open and close are the task centre's, modules/tasks). Rows carry the applicant's company_id for scoping and a version for the optimistic guard.
import type { ActionForm, ActionStatus } from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps, timestamptz } from '../../db/columns.ts';
import { letterLayout } from '../signatures/letter-columns.ts';
import { attachments } from '../attachments/tables.ts';
import { projects } from '../projects/tables.ts';
import { companies, users } from '../users/tables.ts';

export const actionInstances = pgTable(
  'action_instances',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** the applicant's company (the project's owner) */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    family: text('family').notNull(),
    action: text('action').notNull(),
    status: text('status').$type<ActionStatus>().notNull(),
    form: jsonb('form').$type<ActionForm>().notNull().default({}),
    /** submits so far; the revision number of the last one */
    revisionNo: integer('revision_no').notNull().default(0),
    /** the current generated letter and the sha256 its signing codes are bound to */
    letterId: uuid('letter_id').references(() => attachments.id, { onDelete: 'set null' }),
    letterSha256: text('letter_sha256'),
    /** where the current letter's seal goes: page and [x1, y1, x2, y2] in PDF points */
    letterLayout: letterLayout(),
    signedLetterId: uuid('signed_letter_id').references(() => attachments.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    // One open instance per project and action: a second create fails on this index, whatever the timing.
    uniqueIndex('action_instances_open_idx')
      .on(t.projectId, t.family, t.action)
      .where(sql`${t.status} in ('draft', 'letterGenerated', 'underReview', 'returned')`),
    index('action_instances_company_id_idx').on(t.companyId),
  ],
);

export const actionRevisions = pgTable(
  'action_revisions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    instanceId: integer('instance_id')
      .notNull()
      .references(() => actionInstances.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    no: integer('no').notNull(),
    form: jsonb('form').$type<ActionForm>().notNull(),
    letterId: uuid('letter_id').references(() => attachments.id, { onDelete: 'set null' }),
    /** the project's form as it was submitted with this revision: what a resubmission changed is shown from it */
    projectForm: jsonb('project_form').$type<Record<string, unknown>>(),
    submittedAt: timestamptz('submitted_at').notNull(),
  },
  (t) => [uniqueIndex('action_revisions_instance_no_idx').on(t.instanceId, t.no)],
);

export const processLogs = pgTable(
  'process_logs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** the application whose step this is; null for a decision of another module (PROJECT_EVENTS) */
    instanceId: integer('instance_id').references(() => actionInstances.id, { onDelete: 'cascade' }),
    /** the applicant's company: whose project history this is */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    family: text('family').notNull(),
    action: text('action').notNull(),
    /** a PROCESS_STEP key */
    step: text('step').notNull(),
    reason: text('reason'),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** the names as they were at the time */
    actorName: text('actor_name').notNull(),
    actorCompanyName: text('actor_company_name').notNull(),
    at: timestamptz('at').notNull(),
  },
  (t) => [index('process_logs_project_id_idx').on(t.projectId, t.at)],
);
