// 我的商机: a lead the company follows up — the customer, what it concerns (an asset, equity, a capital increase),
// the stage it reached and the amount expected, until it turns into a plan or a project.
import type { ProjectFamily } from '../projects/kinds/index.ts';
import { textColumn as text } from '../projects/sheets.ts';
import type { RegistryDef } from './kit.ts';
import { REGISTRY_ROUTES } from './pages.ts';

export const OPPORTUNITY_STAGES = ['初步接洽', '需求确认', '方案沟通', '已立项', '已关闭'] as const;

/** What a lead concerns, and the families of project it may become (其他: none, it stays a lead). */
const SUBJECT_FAMILIES: Readonly<Record<string, readonly ProjectFamily[]>> = {
  实物资产转让: ['bulk', 'coll'],
  产权转让: ['stock', 'privateStock'],
  增资扩股: ['capOpen', 'cap'],
  其他: [],
};

export const BUSINESS_OPPORTUNITY_REGISTRY: RegistryDef = {
  key: 'businessOpportunity',
  title: '我的商机',
  itemName: '商机',
  // the spec gives the opportunities no import page
  routes: REGISTRY_ROUTES.businessOpportunity,
  permission: 'GJS_BUSINESS_LT',
  apiBase: '/api/businessOpportunity',
  fields: [
    text('name', '商机名称', 100, true),
    text('customerName', '客户名称', 100, true),
    {
      key: 'subject',
      label: '商机类型',
      kind: 'choice',
      isRequired: true,
      options: Object.keys(SUBJECT_FAMILIES),
    },
    { key: 'stage', label: '商机阶段', kind: 'choice', isRequired: true, options: OPPORTUNITY_STAGES },
    { key: 'expectedAmount', label: '预计金额（元）', kind: 'money', isRequired: false },
    { key: 'expectedOn', label: '预计立项日期', kind: 'date', isRequired: false },
    text('contactName', '联系人', 50, true),
    { key: 'contactMobile', label: '联系人手机', kind: 'mobile', isRequired: true },
    text('followUp', '跟进记录', 2000),
  ],
  nameField: 'name',
  listColumns: ['name', 'customerName', 'subject', 'stage', 'expectedAmount', 'expectedOn', 'contactName'],
  searchFields: ['name', 'customerName', 'contactName'],
  filters: ['subject', 'stage'],
  masks: { contactMobile: 'mobile' },
  start: {
    families: Object.values(SUBJECT_FAMILIES).flat(),
    familiesOf: (values) => SUBJECT_FAMILIES[String(values.subject)] ?? [],
    // plans are of the physical-asset families
    hasPlan: (values) => values.subject === '实物资产转让',
    status: { field: 'stage', value: '已立项' },
    closed: ['已关闭'],
  },
};
