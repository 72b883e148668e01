// 操作日志 (spec 000 section 2: logs, GJS_WORKLOG_LT; the exchange's GJS_WORKLOG_LT_ADMIN). The server appends a
// row to the audit log for every change (apps/server/src/modules/audit): an action code (`registry.create`,
// `login` ...), its result, who, which company, from where, and a detail object. The page reads them back with the
// action's Chinese name, the operator's and the company's names, and the detail as one line of text. The labels
// below cover every code the server writes (a server test scans its modules for them); an unknown code shows as
// itself, so a row written by a newer server is never hidden.
import { z } from 'zod';
import { formatMessage } from './format.ts';
import { MSG } from './messages.ts';
import { clipText } from './notifications.ts';
import { findRegistry } from './registries/index.ts';
import { isCalendarDate } from './workflow/action-forms.ts';
import { FAMILIES } from './workflow/families.ts';

/** 操作名称 of every action code the server writes, grouped as the portal's menus are. */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  // sign-in and the session
  login: '登录',
  logout: '退出登录',
  switch: '切换身份',
  'access.denied': '访问被拒绝',
  'sms.send': '发送短信',
  'role.secondary': '设置二级角色',
  'prompt.cancel': '关闭欢迎提示',
  // account opening and the company's own account (the company application's own history also records
  // `register` and `submit`, labelled so that such a code never shows raw)
  register: '注册账号',
  submit: '提交审核',
  'account.register': '注册开户',
  'account.setup': '完善账号信息',
  'company.application.save': '保存开户申请',
  'company.application.submit': '提交开户申请',
  'company.auth': '企业认证',
  'company.auth.examine': '审核开户申请',
  'realname.start': '发起实名认证',
  'face.link': '生成人脸核验链接',
  'face.confirm': '人脸核验',
  'signature.enrol': '申领电子签章',
  'signature.enrol.seeded': '预置电子签章',
  // the user centre
  'password.change': '修改密码',
  'password.reset': '重置密码',
  'password.setup': '设置密码',
  'password.retrieve.verify': '找回密码验证',
  'username.retrieve': '找回用户名',
  'phone.update': '修改手机号',
  'phone.assign': '分配经办人手机号',
  'nickname.update': '修改昵称',
  'avatar.update': '修改头像',
  // 账号管理: the company's operators
  'operator.save': '新增操作员',
  'operator.update': '编辑操作员',
  'operator.disable': '停用操作员',
  'operator.enable': '启用操作员',
  'operator.reset': '重置操作员密码',
  'operator.main.change': '变更主操作员',
  // 短信管理
  'sms.resend': '重发短信',
  // 数据字典 (the exchange's reference data and rule parameters)
  'dict.data.save': '新增字典项',
  'dict.data.update': '编辑字典项',
  'dict.rule.save': '设置规则参数',
  'dict.rule.cancel': '撤销规则参数',
  // files
  'attachment.upload': '上传附件',
  'attachment.delete': '删除附件',
  // projects
  'project.create': '新建项目',
  'project.update': '编辑项目',
  'project.delete': '删除项目',
  'project.copy': '复制项目',
  'project.fromPlan': '由计划生成项目',
  'project.fromRegistry': '由登记记录发起项目',
  'project.otcUpdate': '同步交易系统信息',
  'project.participant.save': '新增意向受让方',
  'project.participant.update': '编辑意向受让方',
  'project.participant.delete': '删除意向受让方',
  'project.sheet.import': '导入项目清单',
  'project.sheet.delete': '删除项目清单',
  'project.transferee.file': '关联受让方材料',
  // plans
  'plan.create': '新增计划',
  'plan.update': '编辑计划',
  'plan.delete': '删除计划',
  'plan.toProject': '计划转为项目',
  // the registries (企业客户, 自然人客户, 我的资产 ...)
  'registry.create': '新增登记记录',
  'registry.update': '编辑登记记录',
  'registry.delete': '删除登记记录',
  'registry.import': '导入登记记录',
  'registry.startProject': '登记记录发起项目',
  'registry.startPlan': '登记记录转为计划',
  // the workflow engine's applications (中止、恢复、终结 ...)
  'workflow.create': '新建业务申请',
  'workflow.save': '保存申请草稿',
  'workflow.update': '修改业务申请',
  'workflow.submit': '提交业务申请',
  'workflow.review': '审核业务申请',
  'workflow.sign': '签署申请文件',
  'workflow.terminate': '撤回业务申请',
  'workflow.discard': '删除申请草稿',
  // the investors of a capital increase
  'investor.create': '新增投资方',
  'investor.update': '编辑投资方',
  'investor.delete': '删除投资方',
  'investor.submit': '提交投资方材料',
  'investor.audit': '投资方资格审核',
  'investor.selection': '遴选投资方',
  // service-fee orders
  'order.create': '生成服务费订单',
  'order.rebill': '重新核算服务费订单',
  'order.deduct': '服务费从价款中扣收',
  'order.invoiceRequest': '申请开票',
  'order.pay': '确认收款',
  'order.invoiceIssue': '开具发票',
  // refund tickets (退票信息)
  'refundTicket.create': '登记退票',
  'refundTicket.apply': '重新出金申请',
  'refundTicket.modify': '修改重新出金申请',
  'refundTicket.sign': '重新出金申请签章',
  'refundTicket.approve': '重新出金审核通过',
  'refundTicket.return': '退回重新出金申请',
  // 收文管理 and 发文管理
  'document.create': '新增公文',
  'document.update': '编辑公文',
  'document.delete': '删除公文',
  'document.send': '发送公文',
  'document.read': '阅读收文',
  'document.acknowledge': '确认收文',
  'document.letter': '生成发文签章件',
  'document.sign': '发文电子签章',
  'document.receive': '交易所确认收到发文',
  // 代理意向登记, deposits and the qualification review
  'intention.create': '新增意向登记',
  'intention.update': '编辑意向登记',
  'intention.letter': '生成意向登记函',
  'intention.sign': '意向登记函电子签章',
  'intention.withdraw': '撤回意向登记',
  'intention.deposit': '登记保证金已交纳',
  'intention.refund': '登记保证金已退还',
  'intention.review': '意向登记资格审核',
  'intention.disqualify': '保证金逾期取消资格',
  'intention.settle': '确定成交（竞得或协议转让）',
  // the bidding hall
  'bidding.open': '开启网络竞价',
  'bidding.bid': '网络竞价报价',
  'bidding.close': '网络竞价结束',
  'bidding.result': '网络竞价结果签章',
  'signature.enrol.exchange': '交易所电子签章证书签发',
  // this page's own
  'logs.export': '导出操作日志',
  'statistics.query.export': '导出综合查询',
  'statistics.income.export': '导出收入统计',
};

/** The export of the log is itself recorded: who took a copy of it, and with which filters. */
export const LOGS_EXPORT_ACTION = 'logs.export';

/** 操作名称: the label of an action code, or the code itself when this version does not know it. */
export function auditActionLabel(code: string): string {
  return Object.hasOwn(AUDIT_ACTION_LABELS, code) ? (AUDIT_ACTION_LABELS[code] ?? code) : code;
}

/** The 操作 select of the page: every label once, by its code. */
export const AUDIT_ACTION_OPTIONS: readonly { value: string; label: string }[] = Object.entries(
  AUDIT_ACTION_LABELS,
).map(([value, label]) => ({ value, label }));

export const AUDIT_RESULT_LABELS = { ok: '成功', fail: '失败' } as const;

/**
 * 结果: `ok` succeeded; anything else did not — `fail`, or the HTTP status of a refused access (401, 403, 404),
 * which the label names.
 */
export function auditResultLabel(result: string): string {
  if (result === 'ok') return AUDIT_RESULT_LABELS.ok;
  if (/^\d{3}$/.test(result)) return `${AUDIT_RESULT_LABELS.fail}（${result}）`;
  return AUDIT_RESULT_LABELS.fail;
}

/** Names of the detail's keys that a person reads better in Chinese; others show as they are. */
const DETAIL_KEY_LABELS: Readonly<Record<string, string>> = {
  code: '编号',
  family: '业务类型',
  version: '版本',
  reason: '原因',
  status: '状态',
  method: '方式',
  route: '接口',
  id: '记录',
  projectId: '项目ID',
  planId: '计划ID',
  planCode: '计划编号',
  registry: '登记类型',
  imported: '导入',
  skipped: '跳过',
  count: '数量',
  fileName: '文件名',
  name: '名称',
  mobile: '手机号',
  nickname: '昵称',
  username: '用户名',
  previous: '原值',
  from: '来源',
  to: '变更为',
  rows: '记录',
  amount: '金额',
  fee: '服务费',
  dealAmount: '成交金额',
  action: '事项',
  template: '模板',
  purpose: '用途',
  companyId: '单位ID',
  operatorId: '操作员ID',
  issued: '签发',
  serialNumbers: '证书序列号',
  expiresAt: '有效期至',
  category: '清单',
  selected: '入选',
  candidates: '候选',
  direction: '类别',
  title: '标题',
  docNumber: '文号',
};

/** The longest detail text a row carries: the list is a table, and a snapshot of a form may be long. */
export const AUDIT_DETAIL_MAX = 300;

function detailValue(key: string, value: unknown): string {
  // the codes a detail names by key read as their titles: 实物资产, 企业客户
  if (key === 'family' && typeof value === 'string' && Object.hasOwn(FAMILIES, value)) {
    return FAMILIES[value as keyof typeof FAMILIES].title;
  }
  if (key === 'registry' && typeof value === 'string') return findRegistry(value)?.title ?? value;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? '';
}

/** The detail as one line: 编号：GR2026…；业务类型：实物资产 …, cut at AUDIT_DETAIL_MAX characters. */
export function summarizeAuditDetail(detail: Readonly<Record<string, unknown>> | null | undefined): string {
  if (detail === null || detail === undefined) return '';
  const parts = Object.entries(detail)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${DETAIL_KEY_LABELS[key] ?? key}：${detailValue(key, value)}`);
  return clipText(parts.join('；'), AUDIT_DETAIL_MAX);
}

/** A row of POST /api/logs/list; `at` is ISO 8601. */
export const ZAuditLogRow = z.object({
  id: z.number(),
  at: z.string(),
  /** 操作人: the user's nickname, else the username; '' for a caller without a session */
  operatorName: z.string(),
  /** 所属单位: '' for a row of no company (a refused anonymous call) */
  companyName: z.string(),
  action: z.string(),
  actionLabel: z.string(),
  target: z.string(),
  result: z.string(),
  resultLabel: z.string(),
  ip: z.string(),
  /** the detail as text (summarizeAuditDetail) */
  detail: z.string(),
});

export type AuditLogRow = z.infer<typeof ZAuditLogRow>;

export const LOGS_TEXT_MAX = 50;

const zDay = z.string({ error: MSG.logsDateInvalid }).refine(isCalendarDate, MSG.logsDateInvalid).optional();
const zText = z.string({ error: MSG.badRequest }).max(LOGS_TEXT_MAX, MSG.badRequest).optional();

/**
 * The filters of the list and the export: 操作人 (nickname or username contains), 操作 (an action code, exact),
 * 对象 (contains), 所属单位 (contains; the exchange's only), and a range of days (+08:00, both ends included).
 */
const filterShape = {
  operator: zText,
  action: z.string({ error: MSG.badRequest }).max(64, MSG.badRequest).optional(),
  target: zText,
  companyName: zText,
  from: zDay,
  to: zDay,
};

const isRangeInOrder = (query: { from?: string | undefined; to?: string | undefined }): boolean =>
  query.from === undefined || query.to === undefined || query.from <= query.to;

const rangeOrder = { message: MSG.logsDateRangeInvalid, path: ['to'] };

export const ZAuditLogFilters = z.object(filterShape).refine(isRangeInOrder, rangeOrder);

export type AuditLogFilters = z.infer<typeof ZAuditLogFilters>;

/** The list's body: the filters and the page. */
export const ZAuditLogQuery = z
  .object({
    page: z.number({ error: MSG.badRequest }).int(MSG.badRequest).min(1, MSG.badRequest).default(1),
    size: z
      .number({ error: MSG.badRequest })
      .int(MSG.badRequest)
      .min(1, MSG.badRequest)
      .max(100, MSG.badRequest)
      .default(10),
    ...filterShape,
  })
  .refine(isRangeInOrder, rangeOrder);

export type AuditLogQuery = z.infer<typeof ZAuditLogQuery>;

/** The message of a date range, or null when it may be searched (the page checks before it asks). */
export function checkAuditLogRange(from: string | undefined, to: string | undefined): string | null {
  if ((from !== undefined && !isCalendarDate(from)) || (to !== undefined && !isCalendarDate(to))) {
    return MSG.logsDateInvalid;
  }
  if (from !== undefined && to !== undefined && to < from) return MSG.logsDateRangeInvalid;
  return null;
}

/** GET /api/logs/verify: the whole chain (it is global), walked at most once a minute. */
export const ZAuditChainState = z.object({
  isValid: z.boolean(),
  /** rows verified (before the broken one) */
  count: z.number(),
  /** the id of the first row whose hash or link does not match */
  brokenId: z.number().optional(),
  /** ISO 8601: when the chain was walked */
  checkedAt: z.string(),
});

export type AuditChainState = z.infer<typeof ZAuditChainState>;

/** 日志链校验通过（共N条） or 日志链校验失败：第N条记录被篡改（日志编号…）. */
export function describeAuditChain(state: Pick<AuditChainState, 'isValid' | 'count' | 'brokenId'>): string {
  return state.isValid
    ? formatMessage(MSG.logsChainValid, { count: state.count })
    : formatMessage(MSG.logsChainBroken, { position: state.count + 1, id: state.brokenId ?? 0 });
}
