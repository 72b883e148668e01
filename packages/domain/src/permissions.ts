// Permission codes (spec 000 section 6). Menus, routes and the server's route guard all use these codes.
import type { IdentityName } from './identity.ts';

export const STANDARD_CODES = [
  'GJS_INDEX',
  'GJS_PROJECT_LT',
  'GJS_PROJECT_EVALUATION_LT',
  'GJS_TASK',
  'GJS_TASK_TODO',
  'GJS_TASK_DONE',
  'GJS_TASK_DRAT',
  'GJS_TASK_TODO_EVALUATION',
  'GJS_TASK_DONE_EVALUATION',
  'GJS_ASSETS_LT',
  'GJS_STOCK_LT',
  'GJS_PLAN_LT',
  'GJS_CUSTOMER',
  'GJS_CUSTOMER_LT',
  'GJS_PERSON_LT',
  'GJS_BUSINESS_LT',
  'GJS_FILE',
  'GJS_FILE_RECEIVE_LT',
  'GJS_FILE_SEND_LT',
  'GJS_FILE_SIGN',
  'GJS_STATISTICS',
  'GJS_INCOME_LT',
  'GJS_MESSAGE',
  'GJS_ORDER',
  'GJS_ORDER_SERVICE_FEE',
  'GJS_ORDER_SERVICE_FEE_JTC',
  'GJS_ORDER_REFUND',
  'GJS_SYSTEM_MANAGE',
  'GJS_ORG_INFO',
  'GJS_INVOICE_LT',
  'GKS_BANK_LT',
  'GKS_OPERATOR_LT',
  'GJS_WORKLOG_LT',
] as const;

export const AGENT_CODES = [
  'GJS_PROJECT_SERVICE_LT',
  'GJS_PROJECT_SERVICE_ZR_LT',
  'GJS_PROJECT_SERVICE_SR_LT',
  'GJS_PROJECT_LEDGER_LT',
  'GJS_PROJECT_SMALL_LEDGER_LT',
] as const;

/** Admin codes: the standard names with the _ADMIN suffix, plus the three system codes. */
export const ADMIN_CODES = [
  ...STANDARD_CODES.map((code) => `${code}_ADMIN` as const),
  'GJS_SYSTEM_ADMIN',
  'GJS_SYSTEM_DICT_ADMIN',
  'GJS_SYSTEM_SMS_ADMIN',
] as const;

export type StandardCode = (typeof STANDARD_CODES)[number];
export type AgentCode = (typeof AGENT_CODES)[number];
export type AdminCode = (typeof ADMIN_CODES)[number];
export type PermissionCode = StandardCode | AgentCode | AdminCode;

export const ALL_CODES: readonly PermissionCode[] = [...STANDARD_CODES, ...AGENT_CODES, ...ADMIN_CODES];

/** The role each kind of demo or newly opened company starts with. */
export const DEFAULT_ROLE_CODES: Record<IdentityName | 'agent', readonly PermissionCode[]> = {
  transferor: STANDARD_CODES.filter(
    (c) => !['GJS_PROJECT_EVALUATION_LT', 'GJS_TASK_TODO_EVALUATION', 'GJS_TASK_DONE_EVALUATION'].includes(c),
  ),
  member: STANDARD_CODES.filter(
    (c) => !['GJS_PROJECT_EVALUATION_LT', 'GJS_TASK_TODO_EVALUATION', 'GJS_TASK_DONE_EVALUATION'].includes(c),
  ),
  agent: [
    ...STANDARD_CODES.filter(
      (c) =>
        !['GJS_PROJECT_EVALUATION_LT', 'GJS_TASK_TODO_EVALUATION', 'GJS_TASK_DONE_EVALUATION'].includes(c),
    ),
    ...AGENT_CODES,
  ],
  assessment: [
    'GJS_INDEX',
    'GJS_PROJECT_EVALUATION_LT',
    'GJS_TASK',
    'GJS_TASK_TODO_EVALUATION',
    'GJS_TASK_DONE_EVALUATION',
    'GJS_FILE',
    'GJS_FILE_SIGN',
    'GJS_SYSTEM_MANAGE',
    'GJS_ORG_INFO',
    'GKS_OPERATOR_LT',
    'GJS_WORKLOG_LT',
  ],
  disassembly: [
    'GJS_INDEX',
    'GJS_PROJECT_LT',
    'GJS_TASK',
    'GJS_TASK_TODO',
    'GJS_TASK_DONE',
    'GJS_TASK_DRAT',
    'GJS_FILE',
    'GJS_FILE_SIGN',
    'GJS_SYSTEM_MANAGE',
    'GJS_ORG_INFO',
    'GKS_OPERATOR_LT',
    'GJS_WORKLOG_LT',
  ],
  land: [
    'GJS_INDEX',
    'GJS_PROJECT_LT',
    'GJS_ASSETS_LT',
    'GJS_SYSTEM_MANAGE',
    'GJS_ORG_INFO',
    'GJS_WORKLOG_LT',
  ],
  admin: ADMIN_CODES,
  opsAdmin: [
    'GJS_INDEX_ADMIN',
    'GJS_SYSTEM_ADMIN',
    'GJS_SYSTEM_DICT_ADMIN',
    'GJS_SYSTEM_SMS_ADMIN',
    'GJS_WORKLOG_LT_ADMIN',
  ],
};
