// What other modules read of the company's own records: its customers (企业客户 and 自然人客户) as the forms that
// register a buyer or an investor pick them, an invoice title (发票抬头) an order's invoice is made out to, and a
// bank account (银行账户) a payout goes to — the company's own records, so the numbers whole.
import {
  BANK_ACCOUNT_REGISTRY,
  CUSTOMER_REGISTRY,
  INVOICE_TITLE_REGISTRY,
  PERSONAL_CUSTOMER_REGISTRY,
  type OrderInvoice,
  type PayeeAccount,
  type RegistryCustomer,
} from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import type { Viewer } from '../attachments/service.ts';
import * as repo from './repo.ts';

export type { RegistryCustomer };

/** How many of each registry a pick lists (the keyword narrows them). */
const PICK_SIZE = 50;

export function createRegistryCustomers(db: Db) {
  return async function listCustomers(viewer: Viewer, keyword: string): Promise<RegistryCustomer[]> {
    const query = { keyword, filters: {}, page: 1, size: PICK_SIZE };
    const scope = { kind: 'company', companyId: viewer.companyId } as const;
    const [enterprises, persons] = await Promise.all([
      repo.listRows(db, { ...query, registry: CUSTOMER_REGISTRY.key, scope }),
      repo.listRows(db, { ...query, registry: PERSONAL_CUSTOMER_REGISTRY.key, scope }),
    ]);
    const text = (value: unknown): string => (typeof value === 'string' ? value : '');
    return [
      ...enterprises.list.map((row) => ({
        key: `${CUSTOMER_REGISTRY.key}-${row.id}`,
        kind: 'company' as const,
        name: text(row.values.name),
        certNo: text(row.values.creditCode),
        contactName: text(row.values.contactName),
        contactMobile: text(row.values.contactMobile),
      })),
      ...persons.list.map((row) => ({
        key: `${PERSONAL_CUSTOMER_REGISTRY.key}-${row.id}`,
        kind: 'person' as const,
        name: text(row.values.name),
        certNo: text(row.values.idCard),
        contactName: text(row.values.name),
        contactMobile: text(row.values.mobile),
      })),
    ];
  };
}

/** The text values of the caller's own row of `registry`; undefined for another company's or none. */
async function findOwnValues(
  db: Db,
  registry: string,
  viewer: Viewer,
  id: number,
): Promise<((key: string) => string) | undefined> {
  const row = await repo.findRow(db, registry, id);
  if (row === undefined || row.companyId !== viewer.companyId) return undefined;
  return (key) => {
    const value = row.values[key];
    return typeof value === 'string' ? value : '';
  };
}

/**
 * Whether `id` is one of the caller's own customers (企业客户 or 自然人客户): a registration keeps the customer it
 * was filled from, never another company's.
 */
export function createOwnCustomerCheck(db: Db) {
  return async function isOwnCustomer(viewer: Viewer, id: number): Promise<boolean> {
    const found = await Promise.all(
      [CUSTOMER_REGISTRY.key, PERSONAL_CUSTOMER_REGISTRY.key].map((registry) =>
        findOwnValues(db, registry, viewer, id),
      ),
    );
    return found.some((text) => text !== undefined);
  };
}

/** The caller's own invoice title by its id, as an order keeps it; undefined for another company's or none. */
export function createInvoiceTitleLookup(db: Db) {
  return async function findInvoiceTitle(viewer: Viewer, id: number): Promise<OrderInvoice | undefined> {
    const text = await findOwnValues(db, INVOICE_TITLE_REGISTRY.key, viewer, id);
    if (text === undefined) return undefined;
    return {
      title: text('title'),
      taxpayerNo: text('taxpayerNo'),
      invoiceType: text('invoiceType'),
      address: text('address'),
      telephone: text('telephone'),
      bankName: text('bankName'),
      bankAccount: text('bankAccount'),
      email: text('email'),
    };
  };
}

/** The caller's own bank account by its id, as a payout names it; undefined for another company's or none. */
export function createBankAccountLookup(db: Db) {
  return async function findBankAccount(viewer: Viewer, id: number): Promise<PayeeAccount | undefined> {
    const text = await findOwnValues(db, BANK_ACCOUNT_REGISTRY.key, viewer, id);
    if (text === undefined) return undefined;
    return {
      accountName: text('accountName'),
      bankName: text('bankName'),
      branchName: text('branchName'),
      accountNo: text('accountNo'),
    };
  };
}
