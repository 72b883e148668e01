// The task centre's table: one row per decision someone must take (open) or took (done, cancelled). A task is
// about a subject (a workflow application, an account opening, an intention registration ...: the domain's
// TASK_SUBJECT) whose module opens and closes it in the transaction that moves the subject; it names who must act
// (a company, or every company of an identity: the exchange's reviews) and the screen where it is done.
import type { TaskRouteQuery, TaskStatus, TaskStep, TaskSubject, TaskType } from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps, timestamptz } from '../../db/columns.ts';
import { projects } from '../projects/tables.ts';
import { companies, operators } from '../users/tables.ts';

export const tasks = pgTable(
  'tasks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subject: text('subject').$type<TaskSubject>().notNull(),
    /** the subject's id (for the workflow's tasks, the action instance's) */
    subjectId: integer('subject_id').notNull(),
    /** the step waiting (a TASK_STEP_TITLES key); null for the workflow's tasks, titled by their action */
    step: text('step').$type<TaskStep>(),
    /** the project the subject belongs to, if any */
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    /** the workflow application's action key (the batch screens list one action's tasks); null for the others */
    action: text('action'),
    /** what a task about no project is about (the applicant company's name), as it was when opened */
    subjectName: text('subject_name'),
    /** the applicant's company, whose application the task belongs to */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    type: text('type').$type<TaskType>().notNull(),
    /** 'project', or 'estimate' for the assessment institutions' lists */
    category: text('category').notNull().default('project'),
    routeName: text('route_name').notNull(),
    /** the screen's query (its record's id ...); the task's own id is added to it */
    routeQuery: jsonb('route_query').$type<TaskRouteQuery>().notNull().default({}),
    status: text('status').$type<TaskStatus>().notNull(),
    /** who must act: a company, or every company of an identity (the exchange's review) */
    assigneeCompanyId: integer('assignee_company_id').references(() => companies.id, { onDelete: 'cascade' }),
    assigneeIdentity: integer('assignee_identity'),
    doneBy: integer('done_by').references(() => operators.id, { onDelete: 'set null' }),
    doneCompanyId: integer('done_company_id').references(() => companies.id, { onDelete: 'set null' }),
    doneAt: timestamptz('done_at'),
    /** pass | back | signed | withdrawn | superseded ... */
    result: text('result'),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    index('tasks_subject_idx').on(t.subject, t.subjectId),
    index('tasks_assignee_company_idx')
      .on(t.assigneeCompanyId)
      .where(sql`${t.status} = 'open'`),
    index('tasks_assignee_identity_idx')
      .on(t.assigneeIdentity)
      .where(sql`${t.status} = 'open'`),
    index('tasks_done_company_idx').on(t.doneCompanyId),
    index('tasks_company_id_idx').on(t.companyId),
  ],
);
