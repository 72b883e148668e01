// Every registry of the portal, in menu order; the server mounts their calls and the web their pages from here.
import { ASSET_REGISTRY, STOCK_RIGHT_REGISTRY } from './holdings.ts';
import { BUSINESS_OPPORTUNITY_REGISTRY } from './business-opportunities.ts';
import { CUSTOMER_REGISTRY, PERSONAL_CUSTOMER_REGISTRY } from './customers.ts';
import type { RegistryDef, RegistryKey } from './kit.ts';
import { LAND_REGISTRY } from './land.ts';
import { SMALL_LEDGER_REGISTRY } from './ledger.ts';
import { BANK_ACCOUNT_REGISTRY, INVOICE_TITLE_REGISTRY } from './company-accounts.ts';

export const REGISTRIES: readonly RegistryDef[] = [
  ASSET_REGISTRY,
  STOCK_RIGHT_REGISTRY,
  CUSTOMER_REGISTRY,
  PERSONAL_CUSTOMER_REGISTRY,
  BUSINESS_OPPORTUNITY_REGISTRY,
  LAND_REGISTRY,
  INVOICE_TITLE_REGISTRY,
  BANK_ACCOUNT_REGISTRY,
  SMALL_LEDGER_REGISTRY,
];

export function findRegistry(key: string): RegistryDef | undefined {
  return REGISTRIES.find((def) => def.key === key);
}

export function findRegistryByRoute(routeName: string): RegistryDef | undefined {
  return REGISTRIES.find((def) => Object.values(def.routes).includes(routeName));
}

export type { RegistryDef, RegistryKey };
