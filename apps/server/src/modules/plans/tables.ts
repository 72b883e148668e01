// Tables owned by the plans module: a company's disposal plans (我的计划). The plan's facts are the form in
// `form`, checked by the domain's plan rules on every save; name and family are columns because the list searches
// and shows them. Once turned into a project, project_id points at the draft it became and the plan is read only;
// its status is that link (no column to disagree with it): deleting the draft project makes it a plan again.
// Every change counts `version` up, so a change made from a stale read is refused.
import type { PlanFamily, PlanForm } from '@cqjy/domain';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.ts';
import { projects } from '../projects/tables.ts';
import { companies, users } from '../users/tables.ts';

export const plans = pgTable(
  'plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    family: text('family').$type<PlanFamily>().notNull(),
    form: jsonb('form').$type<PlanForm>().notNull(),
    /** the project the plan became (已转项目); null while it is a plan (待转项目) */
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('plans_code_idx').on(t.code),
    index('plans_company_id_idx').on(t.companyId, t.id.desc().nullsFirst()),
  ],
);
