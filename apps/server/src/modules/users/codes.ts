// The permission codes an operator holds: its role's, bounded for a secondary role by its company's role.
import { ALL_CODES, DEFAULT_ROLE_CODES, identityName, type PermissionCode } from '@cqjy/domain';
import type * as repo from './repo.ts';

export const KNOWN_CODES: ReadonlySet<string> = new Set(ALL_CODES);

/**
 * What a company's role grants: the built-in role of its kind (the identity, or the agent member). A secondary
 * role never reaches beyond it.
 */
export function listCompanyRoleCodes(
  company: Pick<repo.CompanyRow, 'identityType' | 'isAgent'>,
): readonly PermissionCode[] {
  const identity = identityName(company.identityType);
  if (identity === undefined) return [];
  return DEFAULT_ROLE_CODES[identity === 'member' && company.isAgent ? 'agent' : identity];
}

/** The operator's role codes, then the secondary codes the company's role allows, each once. */
export function listEffectiveCodes(row: repo.OperatorContextRow): string[] {
  return effectiveCodes(row.role?.codes ?? [], row.company, row.operator.secondaryCodes);
}

/**
 * The codes an operator holds: its role's, then the secondary codes the company's role allows, each once. Pure,
 * so that the per-request session lookup (auth module) computes them from the row it reads.
 */
export function effectiveCodes(
  roleCodes: readonly string[],
  company: Pick<repo.CompanyRow, 'identityType' | 'isAgent'>,
  secondaryCodes: readonly string[],
): string[] {
  const codes = [...roleCodes];
  const allowed: ReadonlySet<string> = new Set(listCompanyRoleCodes(company));
  for (const code of secondaryCodes) {
    if (allowed.has(code) && !codes.includes(code)) codes.push(code);
  }
  return codes;
}
