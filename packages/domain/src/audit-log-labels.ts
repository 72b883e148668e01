// The names 操作日志 shows (audit-log.ts): 操作名称 of every action code the server writes, 结果, and the detail's
// keys. They cover every code the server writes (a server test scans its modules for them); an unknown code or key
// shows as itself, so a row written by a newer server is never hidden.

/** 操作名称 of every action code the server writes, grouped as the portal's menus are. */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  // sign-in and the session
  login: '登录',
  'captcha.check': '校验图形验证码',
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
  'project.evaluation.submit': '出具评估报告',
  // the notice to the owner that its appraisal report is in (a notification kind, not an audit action)
  'evaluation.submitted': '评估报告已出具',
  // a decision recorded in a project's process log by the deciding module (the hall's close, a deposit ...)
  event: '项目进程事件',
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
  'registry.follow': '台账标的随项目更新状态',
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
  'intention.refundIssued': '保证金退款已发送银行',
  'intention.refundFailed': '保证金退款失败（待重新退还）',
  'intention.forfeit': '扣除保证金',
  'deposit.arrival': '记录保证金到账流水',
  'deposit.notice': '银行保证金到账通知',
  'deposit.statement': '导入银行对账单',
  'deposit.refundBatch': '生成保证金退款批次',
  'deposit.refundConfirm': '确认保证金退款批次',
  'intention.review': '意向登记资格审核',
  'intention.disqualify': '保证金逾期取消资格',
  'intention.settle': '确定成交（竞得或协议转让）',
  // the bidding hall
  'bidding.open': '开启网络竞价',
  'bidding.bid': '网络竞价报价',
  'bidding.proxy': '委托代理出价',
  'bidding.close': '网络竞价结束',
  'bidding.default': '认定竞得人违约',
  'bidding.offer': '答复递补',
  'bidding.offerExpired': '递补逾期未答复',
  'bidding.result': '网络竞价结果签章',
  'bidding.rules': '保存竞价规则',
  'delivery.pickup': '登记提货信息',
  'delivery.received': '确认签收',
  // 机动车处置
  'vehicle.item.create': '录入处置车辆',
  'vehicle.item.update': '修改处置车辆',
  'vehicle.item.delete': '删除处置车辆',
  'vehicle.item.import': '导入处置车辆',
  'vehicle.appraiser.assign': '指派评估机构',
  'vehicle.appraisal.save': '保存车辆评估意见',
  'vehicle.appraisal.submit': '提交车辆评估结果',
  'vehicle.expert.create': '登记专家意见',
  'vehicle.expert.delete': '删除专家意见',
  'vehicle.result.confirm': '确认车辆评估结果',
  'vehicle.result.back': '退回车辆评估结果',
  'vehicle.listing.sign': '车辆挂牌申请函签章',
  'vehicle.revoke.apply': '申请撤销车辆挂牌',
  'vehicle.revoke.sign': '撤销挂牌申请函签章',
  'vehicle.deal.confirm': '车辆成交确认',
  'vehicle.receiving.submit': '提交车辆接收申请',
  'vehicle.licence.save': '登记拆解企业资质',
  'record.update': '保存拆解记录',
  'record.verify': '校验拆解记录步骤',
  'record.back': '拆解记录返回上一步',
  'record.submit': '提交拆解记录',
  'record.sign': '拆解记录签章',
  'record.terminate': '撤回拆解记录',
  // the notifications of the course (their kinds appear beside the codes)
  'task.assigned': '任务提醒',
  'vehicle.appraisal': '车辆评估',
  'vehicle.listed': '车辆挂牌',
  'vehicle.deal': '车辆成交',
  'vehicle.dismantled': '车辆拆解',
  'signature.enrol.exchange': '交易所电子签章证书签发',
  // the public disclosure site: a user's watches and saved searches, and the notifications they receive
  'listing.watch': '关注挂牌项目',
  'listing.unwatch': '取消关注挂牌项目',
  'listing.searchSave': '保存挂牌项目搜索',
  'listing.searchDelete': '删除保存的搜索',
  'listing.changed': '关注项目变更',
  'listing.matched': '新挂牌项目',
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

/**
 * The detail's keys as a person reads them: the field names the audit rows of every module carry, in one place.
 * A key not named here shows as itself, so a fact written by a newer server is never hidden.
 */
export const AUDIT_DETAIL_LABELS: Readonly<Record<string, string>> = {
  // what a row is about
  id: '记录',
  code: '编号',
  name: '名称',
  title: '标题',
  family: '业务类型',
  registry: '登记类型',
  category: '清单',
  group: '清单',
  kind: '类型',
  direction: '类别',
  docNumber: '文号',
  projectId: '项目ID',
  projectName: '项目名称',
  planId: '计划ID',
  planCode: '计划编号',
  companyId: '单位ID',
  memberCompanyId: '会员单位ID',
  operatorId: '操作员ID',
  fromOperatorId: '原操作员ID',
  toOperatorId: '新操作员ID',
  taskId: '任务ID',
  applicationId: '申请ID',
  instanceId: '申请ID',
  registrationId: '登记ID',
  row: '记录',
  rows: '记录',
  ids: '记录',
  version: '版本',
  revision: '修订号',
  revisionNo: '修订号',
  // a change (before and after, previous value ...)
  previous: '原值',
  replaced: '原值',
  value: '值',
  from: '来源',
  to: '变更为',
  // people and companies
  username: '用户名',
  nickname: '昵称',
  realName: '姓名',
  mobile: '手机号',
  pendingPhone: '待确认手机号',
  companyName: '单位名称',
  creditCode: '统一社会信用代码',
  codes: '权限',
  idType: '证件类型',
  certType: '证件类型',
  isCertChanged: '证件号已变更',
  level: '认证级别',
  provider: '服务方',
  examineStatus: '审核状态',
  isConfirmingPending: '确认待定手机号',
  revokedSessions: '注销的会话数',
  isNowLocked: '账号已锁定',
  // what was done and how it ended
  action: '事项',
  status: '状态',
  result: '结果',
  effect: '处理结果',
  reason: '原因',
  method: '方式',
  route: '接口',
  mode: '方式',
  trade: '交易状态',
  purpose: '用途',
  template: '模板',
  note: '说明',
  remark: '备注',
  label: '名称',
  parentKey: '上级',
  sort: '排序',
  effectiveFrom: '生效日期',
  year: '年份',
  filters: '条件',
  counts: '数量',
  // the kinds of rows 综合查询 counts in its export
  project: '项目',
  task: '任务',
  operator: '操作人',
  target: '对象',
  // amounts and the deal
  amount: '金额',
  share: '持股比例',
  fee: '服务费',
  deposit: '保证金',
  depositState: '保证金状态',
  dealAmount: '成交金额',
  dealPrice: '成交价',
  dealResult: '成交结果',
  investorType: '投资方类型',
  isQualified: '资格',
  selected: '入选',
  candidates: '候选',
  winnerId: '竞得登记ID',
  lostIds: '未竞得登记ID',
  accountNo: '账号',
  // files and letters
  file: '文件',
  fileName: '文件名',
  uuid: '文件',
  size: '大小（字节）',
  tag: '附件类别',
  dataClass: '关联类型',
  dataId: '关联记录',
  sha256: '文件摘要',
  letterSha256: '函件摘要',
  signedSha256: '签章文件摘要',
  // numbers of things
  count: '数量',
  imported: '导入',
  skipped: '跳过',
  issued: '签发',
  serialNumbers: '证书序列号',
  company: '单位',
  expiresAt: '有效期至',
  // SMS
  smsId: '短信ID',
  resendId: '重发短信ID',
  originId: '原短信ID',
  attempt: '次数',
  // the bidding hall
  startAt: '开始时间',
  endsAt: '结束时间',
  closedAt: '结束时间',
  freeSeconds: '自由报价时长（秒）',
  timedSeconds: '限时报价时长（秒）',
  startingPrice: '起始价',
  increment: '加价幅度',
  bidders: '竞买人',
  bidderNo: '竞买号',
  bidCount: '出价次数',
  seq: '报价序号',
  winnerRegistrationId: '竞得登记ID',
  winnerBidderNo: '竞得竞买号',
  settled: '已确定成交',
  hash: '哈希',
  lastHash: '末条哈希',
  genesisHash: '起始哈希',
};

/** The label of a detail key: its Chinese name, or the key itself. */
export function auditDetailLabel(key: string): string {
  return Object.hasOwn(AUDIT_DETAIL_LABELS, key) ? (AUDIT_DETAIL_LABELS[key] ?? key) : key;
}
