// Tables owned by the registries module: every row of every registry of the company's own records (企业客户,
// 自然人客户 ...; the definitions are the domain's registries/), one table told apart by `registry`. values holds
// the checked fields as the definition stores them (text, fen, millionths, days); search_text the lower-cased
// fields a keyword searches; unique_value the field that appears once per company (a credit code, an identity
// card number). Every change counts `version` up, so a change made from a stale read is refused.
import type { SheetValues } from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.ts';
import { companies, users } from '../users/tables.ts';

export const registryRows = pgTable(
  'registry_rows',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** a RegistryKey of the domain */
    registry: text('registry').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    values: jsonb('values').$type<SheetValues>().notNull(),
    searchText: text('search_text').notNull().default(''),
    uniqueValue: text('unique_value'),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    // a company's list of one registry, newest first
    index('registry_rows_company_idx').on(t.registry, t.companyId, t.id.desc()),
    // the choice filters (a ledger's lots by state, of 100,000): containment of {field: value}
    index('registry_rows_values_idx').using('gin', sql`${t.values} jsonb_path_ops`),
    uniqueIndex('registry_rows_unique_value_idx').on(t.registry, t.companyId, t.uniqueValue),
  ],
);
