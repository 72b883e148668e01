// What the users module's use cases are given (service.ts wires them), the inputs their calls carry and what they
// answer.
import type { Config } from '../../config.ts';
import type { RequestOrigin, SessionContext } from '../../platform/auth.ts';
import type { PlatformDeps } from '../../platform/deps.ts';
import type { AuditService } from '../audit/service.ts';
import type { RoleKey } from './roles.ts';
import type { companies as companiesTable, users as usersTable } from './tables.ts';

/** What the users service is given. */
export type UsersParts = Pick<PlatformDeps, 'db' | 'clock'> & {
  audit: AuditService;
  config: Pick<Config, 'passwordMaxAgeDays'>;
};

/** The exchange's facts, looked up once per service and kept. */
export type ExchangeCache = { name: string | undefined; companyId: number | null | undefined };

/** What the use cases are given: the service's parts and its look-ups kept for the process. */
export type UsersDeps = UsersParts & { exchange: ExchangeCache };

/** A new company with its first (manager, default) operator and that operator's login account. */
export type NewAccount = {
  company: Omit<typeof companiesTable.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'version'>;
  user: Omit<typeof usersTable.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
  role: RoleKey;
};

/** The facts sign-in needs about an account. */
export type LoginAccount = {
  id: number;
  passwordHash: string;
  lockedUntil: Date | null;
  isDisabled: boolean;
};

/** Who is behind a signed-in session; what the permission guard and the audit log need. */
export type OperatorContext = {
  userId: number;
  operatorId: number;
  companyId: number;
  identityType: number;
  codes: readonly string[];
  /** the account is disabled, or its company stopped this identity (operators.disabled) */
  isDisabled: boolean;
};

/** The signed-in operator changing their own settings, and where the call came from. */
export type Actor = SessionContext & RequestOrigin;
