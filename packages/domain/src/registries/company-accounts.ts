// The company's own billing records (spec 000 section 2, system group): 发票抬头 — the titles an order's invoice is
// made out to (the taxpayer number checked as a unified social credit code), and 银行账户 — the accounts a price
// payout or a re-payout is paid into (the number masked in lists). Each has a default, used when a form asks for
// one. The spec has no import pages for them.
import { textColumn as text, type SheetColumn } from '../projects/sheets.ts';
import type { RegistryDef } from './kit.ts';
import { REGISTRY_ROUTES } from './pages.ts';

const isDefault = (label: string): SheetColumn => ({
  key: 'isDefault',
  label,
  kind: 'choice',
  isRequired: true,
  options: ['是', '否'],
});

export const INVOICE_TYPES = ['增值税普通发票', '增值税专用发票'] as const;

export const INVOICE_TITLE_REGISTRY: RegistryDef = {
  key: 'invoicing',
  title: '发票抬头',
  itemName: '发票抬头',
  routes: REGISTRY_ROUTES.invoicing,
  permission: 'GJS_INVOICE_LT',
  apiBase: '/api/invoicing',
  fields: [
    text('title', '发票抬头（单位名称）', 100, true),
    { key: 'taxpayerNo', label: '纳税人识别号', kind: 'creditCode', isRequired: true },
    { key: 'invoiceType', label: '发票类型', kind: 'choice', isRequired: true, options: INVOICE_TYPES },
    text('address', '注册地址', 200),
    text('telephone', '注册电话', 30),
    text('bankName', '开户银行', 100),
    { key: 'bankAccount', label: '银行账号', kind: 'bankAccount', isRequired: false },
    { key: 'email', label: '收票邮箱', kind: 'email', isRequired: false },
    isDefault('默认抬头'),
  ],
  nameField: 'title',
  uniqueField: 'taxpayerNo',
  listColumns: ['title', 'taxpayerNo', 'invoiceType', 'bankName', 'isDefault'],
  searchFields: ['title', 'taxpayerNo'],
  filters: ['invoiceType'],
  masks: { bankAccount: 'account' },
  defaultField: 'isDefault',
};

export const BANK_ACCOUNT_TYPES = ['对公账户', '个人账户'] as const;

export const BANK_ACCOUNT_REGISTRY: RegistryDef = {
  key: 'bank',
  title: '银行账户',
  itemName: '银行账户',
  routes: REGISTRY_ROUTES.bank,
  permission: 'GKS_BANK_LT',
  apiBase: '/api/bank',
  fields: [
    text('accountName', '账户名称', 100, true),
    { key: 'accountNo', label: '银行账号', kind: 'bankAccount', isRequired: true },
    text('bankName', '开户银行', 100, true),
    text('branchName', '开户网点（支行）', 100, true),
    { key: 'accountType', label: '账户类型', kind: 'choice', isRequired: true, options: BANK_ACCOUNT_TYPES },
    text('note', '备注', 500),
    isDefault('默认账户'),
  ],
  nameField: 'accountName',
  uniqueField: 'accountNo',
  listColumns: ['accountName', 'accountNo', 'bankName', 'branchName', 'accountType', 'isDefault'],
  searchFields: ['accountName', 'bankName', 'branchName'],
  filters: ['accountType'],
  masks: { accountNo: 'account' },
  defaultField: 'isDefault',
};
