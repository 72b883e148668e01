// What the shell and the personal centre both say of a person's identities: an identity's label, which one the
// session is signed in as, and the first tab it opens on (SH-2.5, SH-6.5).
import { findRouteByPath } from '@cqjy/domain/routes';
import { firstTab, IDENTITY_LABELS, identityName } from '@cqjy/domain/identity';
import type { IdentityName } from '@cqjy/domain/identity';
import type { Tab } from '@cqjy/domain/tabs';
import type { SessionUser } from '@cqjy/domain/api';

export type IdentityEntry = SessionUser['identities'][number];

/** 转让方 · 北京示范国有资产经营有限公司: the identity, and the company it acts for. */
export function labelIdentity(entry: Pick<IdentityEntry, 'identityType' | 'companyName'>): string {
  const name = identityName(entry.identityType);
  const label = name ? IDENTITY_LABELS[name] : '未知身份';
  return entry.companyName ? `${label} · ${entry.companyName}` : label;
}

/** The entry the session is signed in as: same identity and company as the loaded user. */
export function isCurrentIdentity(
  entry: IdentityEntry,
  user: Pick<SessionUser, 'identityType' | 'companyName'>,
): boolean {
  return entry.identityType === user.identityType && entry.companyName === user.companyName;
}

/** The identity's first tab (SH-2.5) as a strip entry. */
export function firstTabOf(identity: IdentityName | undefined): Tab {
  const first = firstTab(identity);
  return { name: findRouteByPath(first.path)?.name ?? '', path: first.path, title: first.title };
}
