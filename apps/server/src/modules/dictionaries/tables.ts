// Tables owned by the dictionaries module: the data dictionaries of the forms (dict_types, dict_data) and the
// enterprise directory of the state-asset regulators (SH-7.5). All of it is reference data the exchange
// maintains; the module seeds the first contents.
import { date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps, timestamptz } from '../../db/columns.ts';

export const dictTypes = pgTable('dict_types', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  remark: text('remark'),
  sort: integer('sort').notNull().default(0),
  /** 1 in use, 0 retired (kept for the records that still carry it) */
  status: integer('status').notNull().default(1),
  ...timestamps,
});

export const dictData = pgTable(
  'dict_data',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    typeCode: text('type_code')
      .notNull()
      .references(() => dictTypes.code, { onDelete: 'cascade', onUpdate: 'cascade' }),
    key: text('key').notNull(),
    label: text('label').notNull(),
    /** the key of the parent entry in a tree dictionary; null at the top */
    parentKey: text('parent_key'),
    sort: integer('sort').notNull().default(0),
    /** 1 in use, 0 retired: a retired entry is no longer offered */
    status: integer('status').notNull().default(1),
    remark: text('remark'),
    ...timestamps,
  },
  (t) => [uniqueIndex('dict_data_type_key_uq').on(t.typeCode, t.key)],
);

export const enterpriseDirectory = pgTable(
  'enterprise_directory',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    creditCode: text('credit_code').notNull(),
    /** the asset source code the enterprise is listed under (GWYGZWJG, BJSGZW, A02002001 ...) */
    searchCode: text('search_code').notNull(),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('enterprise_directory_code_credit_uq').on(t.searchCode, t.creditCode),
    index('enterprise_directory_search_code_idx').on(t.searchCode),
  ],
);

/**
 * The exchange's rule parameters (disclosure periods, the service-fee schedule ...), versioned: each version takes
 * effect on its day, so a change applies from that day on and what was decided before it keeps the version of its
 * own day. Versions are added, never changed.
 */
export const ruleParameters = pgTable(
  'rule_parameters',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** a parameter key of the domain's definitions */
    key: text('key').notNull(),
    value: jsonb('value').$type<unknown>().notNull(),
    /** the first day (+08:00) the version applies */
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    note: text('note'),
    createdBy: integer('created_by'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('rule_parameters_key_day_uq').on(t.key, t.effectiveFrom)],
);
