// Tables owned by the users module: companies (tenants), users (login accounts), operators (a user's identity
// inside one company) and roles (permission code sets). Other modules reach them through users/service.ts.
import type { ProjectPermission } from '@cqjy/domain/api';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { timestamps, timestamptz } from '../../db/columns.ts';

export const companies = pgTable('companies', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  identityType: integer('identity_type').notNull(),
  /** unified social credit code (GB 32100) */
  creditCode: varchar('credit_code', { length: 18 }).unique(),
  isAgent: boolean('is_agent').notNull().default(false),
  /** account-opening review (onboarding gate 1, EXAMINE_STATUS); null when the company never needed one */
  examineStatus: integer('examine_status'),
  /** the reason of the last return of the account-opening application */
  examineReason: text('examine_reason'),
  /** COMPANY_AUTH_STATUS: 1 authenticated; 2 under review and 3 refused stop the user at gate 5 */
  companyAuthStatus: integer('company_auth_status').notNull().default(1),
  /** why the exchange refused the last company authentication */
  companyAuthReason: text('company_auth_reason'),
  /** the exchange requires advanced company authentication of this company (assessment, member, disassembly) */
  advancedAuthFlag: boolean('advanced_auth_flag').notNull().default(false),
  legalPerson: text('legal_person'),
  address: text('address'),
  contactName: text('contact_name'),
  contactMobile: varchar('contact_mobile', { length: 11 }),
  regulatoryBodies: text('regulatory_bodies'),
  regulatoryBodiesProvince: text('regulatory_bodies_province'),
  regulatoryBodiesCity: text('regulatory_bodies_city'),
  stateFundedEnter: text('state_funded_enter'),
  stateCreditCode: text('state_credit_code'),
  projectPermissions: jsonb('project_permissions').$type<ProjectPermission[]>().notNull().default([]),
  version: integer('version').notNull().default(1),
  ...timestamps,
});

export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  username: text('username').notNull().unique(),
  mobile: varchar('mobile', { length: 11 }),
  passwordHash: text('password_hash').notNull(),
  nickname: text('nickname'),
  /** ID_TYPES; 0 (resident identity card) passes onboarding gate 2; null before real-name authentication */
  idType: integer('id_type'),
  idCard: text('id_card'),
  realName: text('real_name'),
  authStatus: integer('auth_status').notNull().default(0),
  validated: boolean('validated').notNull().default(false),
  /** true once the user has chosen a password (gate 3) */
  setupPassword: boolean('setup_password').notNull().default(false),
  /** a mobile change waiting for confirmation (gate 4) */
  pendingPhone: varchar('pending_phone', { length: 11 }),
  /** when the password was last set; the periodic-change rule reads it */
  passwordChangedAt: timestamptz('password_changed_at'),
  /** the attachment uuid of the avatar image */
  avatarUuid: text('avatar_uuid'),
  failedLogins: integer('failed_logins').notNull().default(0),
  lockedUntil: timestamptz('locked_until'),
  disabled: boolean('disabled').notNull().default(false),
  ...timestamps,
});

export const roles = pgTable(
  'roles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** null for the built-in roles every company may use */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    codes: text('codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...timestamps,
  },
  (t) => [index('roles_company_id_idx').on(t.companyId)],
);

export const operators = pgTable(
  'operators',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    roleId: integer('role_id').references(() => roles.id, { onDelete: 'set null' }),
    manager: boolean('manager').notNull().default(false),
    mainOperatorAuth: boolean('main_operator_auth').notNull().default(false),
    /** true while the welcome prompt is still to be acknowledged (gate 6) */
    prompt: boolean('prompt').notNull().default(true),
    isDefault: boolean('is_default').notNull().default(false),
    /** the company stopped this operator (账号管理): it cannot sign in to the company until enabled again */
    disabled: boolean('disabled').notNull().default(false),
    /** codes the operator chose as a secondary role; only those the company's role allows take effect */
    secondaryCodes: text('secondary_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('operators_user_company_uq').on(t.userId, t.companyId),
    // A user signs in to exactly one default identity.
    uniqueIndex('operators_one_default_per_user_uq')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
    index('operators_company_id_idx').on(t.companyId),
  ],
);
