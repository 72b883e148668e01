// What every page of 收文管理 and 发文管理 knows first: its direction (by the route it is mounted on: received*,
// sending*), whether the caller is the exchange, and whether the caller writes that direction's documents (the
// exchange writes the received ones, a company the ones it sends). With it, the pages' addresses.
import type { DocumentDirection } from '@cqjy/domain/documents';
import { identityName } from '@cqjy/domain/identity';
import { isAdminIdentity } from '@cqjy/domain/menus';
import { useRouteDef } from '../../lib/route-handle.ts';
import { useSession } from '../../lib/session-store.ts';

export type DocumentPage = {
  direction: DocumentDirection;
  /** 收文 or 发文 */
  noun: string;
  isExchange: boolean;
  /** the caller writes this direction's documents (drafts, 发送) */
  isWriter: boolean;
  /** the route's name: received, receivedAdd ... */
  routeName: string;
};

export function documentPath(
  direction: DocumentDirection,
  page: 'list' | 'add' | 'edit' | 'show',
  id?: number,
): string {
  const name = page === 'list' ? direction : `${direction}${page[0]?.toUpperCase() ?? ''}${page.slice(1)}`;
  return id === undefined ? `/index/${name}` : `/index/${name}?id=${id}`;
}

export function useDocumentPage(): DocumentPage {
  const routeName = useRouteDef()?.name ?? 'received';
  const isExchange = useSession((session) => isAdminIdentity(identityName(session.identityType)));
  const direction: DocumentDirection = routeName.startsWith('sending') ? 'sending' : 'received';
  return {
    direction,
    noun: direction === 'received' ? '收文' : '发文',
    isExchange,
    isWriter: direction === 'received' ? isExchange : !isExchange,
    routeName,
  };
}
