// The registry of the page: every page of the kit serves every registry, and finds its definition by the route it
// is mounted on (the route handle's name: customer, customerAdd ...). With it, the pages' addresses and who may
// change a row: the company that owns it, never the exchange, which reads every company's rows.
import { identityName } from '@cqjy/domain/identity';
import { isAdminIdentity } from '@cqjy/domain/menus';
import { findRegistryByRoute } from '@cqjy/domain/registries/index';
import { findRouteByName } from '@cqjy/domain/routes';
import type { RegistryDef, RegistryRow } from '@cqjy/domain/registries/kit';
import { useRouteDef } from '../../lib/route-handle.ts';
import { useSession } from '../../lib/session-store.ts';

export type RegistryPage = {
  def: RegistryDef;
  /** the exchange: every company's rows, read only */
  isExchange: boolean;
  /** the signed-in company (0 before the user is known) */
  companyId: number;
  /** whether the signed-in company may change the row */
  isOwn: (row: Pick<RegistryRow, 'companyId'>) => boolean;
};

/** The address of one of a registry's pages (the route table's), with the row's id for show and edit. */
export function registryPath(def: RegistryDef, page: keyof RegistryDef['routes'], id?: number): string {
  const name = def.routes[page] ?? def.routes.list;
  const path = findRouteByName(name)?.path ?? `/index/${name}`;
  return id === undefined ? path : `${path}?id=${id}`;
}

/** The registry of the page's route (its own, when kept alive), or undefined on a route no registry names. */
export function useRegistryPage(): RegistryPage | undefined {
  const route = useRouteDef();
  const identityType = useSession((session) => session.identityType);
  const companyId = useSession((session) => session.userInfo?.companyId ?? 0);
  const def = route === undefined ? undefined : findRegistryByRoute(route.name);
  if (def === undefined) return undefined;
  const isExchange = isAdminIdentity(identityName(identityType));
  return {
    def,
    isExchange,
    companyId,
    isOwn: (row) => !isExchange && companyId !== 0 && row.companyId === companyId,
  };
}
