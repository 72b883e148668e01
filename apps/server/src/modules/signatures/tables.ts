// Tables owned by the signatures module: the certificates the certificate authority issued at e-signature
// enrolment (one for the company, one for its main operator), their private keys encrypted at rest, and the
// seal images drawn for them.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.ts';
import { companies, operators } from '../users/tables.ts';

export const signingCredentials = pgTable(
  'signing_credentials',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** null for the company's own certificate */
    operatorId: integer('operator_id').references(() => operators.id, { onDelete: 'cascade' }),
    /** company | operator */
    kind: text('kind').notNull(),
    /** which authority issued it: builtin, or the name of an external one */
    issuer: text('issuer').notNull().default('builtin'),
    subject: text('subject').notNull(),
    serialNumber: text('serial_number').notNull().unique(),
    certificatePem: text('certificate_pem').notNull(),
    /** the private key, encrypted (AES-256-GCM); null when an external CA keeps the key */
    privateKeyEnc: text('private_key_enc'),
    /** the seal image (SVG with the text drawn as outlines, so it looks the same everywhere) */
    sealSvg: text('seal_svg').notNull(),
    notBefore: timestamptz('not_before').notNull(),
    notAfter: timestamptz('not_after').notNull(),
    revokedAt: timestamptz('revoked_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('signing_credentials_company_id_idx').on(t.companyId),
    // one live credential per company and kind (and operator)
    uniqueIndex('signing_credentials_live_uq')
      .on(t.companyId, t.kind, sql`coalesce(${t.operatorId}, 0)`)
      .where(sql`${t.revokedAt} is null`),
  ],
);
