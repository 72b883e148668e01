// The built-in roles every company may use (company_id null): one per identity, plus the agent member.
import { IDENTITY_LABELS, type IdentityName } from '@cqjy/domain';

export type RoleKey = IdentityName | 'agent';

export const ROLE_NAMES: Record<RoleKey, string> = {
  ...(Object.fromEntries(
    Object.entries(IDENTITY_LABELS).map(([name, label]) => [name, `${label}默认角色`]),
  ) as Record<IdentityName, string>),
  agent: '代理会员默认角色',
};
