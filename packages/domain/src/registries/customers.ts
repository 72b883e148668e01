// The company's customers (spec 000 section 2, customer group: 企业客户 and 自然人客户): the buyers and investors a
// member registers, and the counterparties an owner keeps. An enterprise by its unified social credit code
// (GB 32100), a person by the identity card (GB 11643); mobiles and e-mail addresses by the rules of spec 000
// section 5. Each number appears once per company. Lists mask a person's identity card number and every mobile.
import { z } from 'zod';
import { textColumn as text } from '../projects/sheets.ts';
import type { RegistryDef } from './kit.ts';
import { REGISTRY_ROUTES } from './pages.ts';

export const CUSTOMER_REGISTRY: RegistryDef = {
  key: 'customer',
  title: '企业客户',
  itemName: '企业客户',
  routes: REGISTRY_ROUTES.customer,
  permission: 'GJS_CUSTOMER_LT',
  apiBase: '/api/customer',
  fields: [
    text('name', '企业名称', 100, true),
    { key: 'creditCode', label: '统一社会信用代码', kind: 'creditCode', isRequired: true },
    text('legalRepresentative', '法定代表人', 50),
    {
      key: 'kind',
      label: '客户类型',
      kind: 'choice',
      isRequired: true,
      options: ['意向受让方', '投资方', '转让方', '其他'],
    },
    text('industry', '所属行业', 50),
    text('region', '所在地区', 50),
    text('address', '通讯地址', 200),
    text('contactName', '联系人', 50, true),
    { key: 'contactMobile', label: '联系人手机', kind: 'mobile', isRequired: true },
    { key: 'email', label: '电子邮箱', kind: 'email', isRequired: false },
    text('note', '备注', 500),
  ],
  nameField: 'name',
  uniqueField: 'creditCode',
  listColumns: ['name', 'creditCode', 'kind', 'contactName', 'contactMobile', 'region'],
  searchFields: ['name', 'creditCode', 'contactName'],
  filters: ['kind'],
  masks: { contactMobile: 'mobile' },
  // a state-funded customer names its regulator, as an account does
  hasRegulator: true,
};

export const PERSONAL_CUSTOMER_REGISTRY: RegistryDef = {
  key: 'personalCustomer',
  title: '自然人客户',
  itemName: '自然人客户',
  routes: REGISTRY_ROUTES.personalCustomer,
  permission: 'GJS_PERSON_LT',
  apiBase: '/api/personalCustomer',
  fields: [
    text('name', '姓名', 50, true),
    { key: 'idCard', label: '身份证号码', kind: 'idCard', isRequired: true },
    {
      key: 'kind',
      label: '客户类型',
      kind: 'choice',
      isRequired: true,
      options: ['意向受让方', '投资方', '其他'],
    },
    { key: 'mobile', label: '手机号码', kind: 'mobile', isRequired: true },
    { key: 'email', label: '电子邮箱', kind: 'email', isRequired: false },
    text('address', '通讯地址', 200),
    text('note', '备注', 500),
  ],
  nameField: 'name',
  uniqueField: 'idCard',
  listColumns: ['name', 'idCard', 'kind', 'mobile', 'email'],
  searchFields: ['name', 'mobile'],
  filters: ['kind'],
  masks: { idCard: 'idCard', mobile: 'mobile' },
};

/**
 * A customer as a form that registers a buyer or an investor picks it (POST /api/customer/pick): the company's own
 * record, so the number whole.
 */
export const ZRegistryCustomer = z.object({
  /** customer-12, personalCustomer-3 */
  key: z.string(),
  kind: z.enum(['company', 'person']),
  name: z.string(),
  /** the credit code or the identity card number */
  certNo: z.string(),
  contactName: z.string(),
  contactMobile: z.string(),
});

export type RegistryCustomer = z.infer<typeof ZRegistryCustomer>;
