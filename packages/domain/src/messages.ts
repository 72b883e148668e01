// The one catalogue of user-facing messages. Server and web import these; neither writes its own copy.
export const MSG = {
  // generic
  ok: '操作成功',
  serverError: '服务器内部错误，请联系系统管理员',
  commError: '通讯异常，请联系系统管理员！',
  timeout: '连接超时，请稍后刷新重试！',
  notFound: '数据不存在或无权访问',
  forbidden: '没有访问该功能的权限',
  badRequest: '请求参数有误',
  conflict: '数据已被他人修改或任务已处理，请刷新后重试',
  tooManyRequests: '操作过于频繁，请稍后再试',
  /** how letters and announcements name the exchange before its own company is registered */
  exchangeFallbackName: '产权交易所',

  // session and sign-in (spec 000 section 8)
  loginFailed: '用户名或密码错误！',
  mobileLoginFailed: '手机验证码错误！',
  loginOk: '登录成功',
  logoutOk: '退出成功',
  sessionExpiredConfirm: '登录状态已过期，您可以继续留在该页面，或者重新登录',
  sessionExpiredTitle: '系统提示',
  relogin: '重新登录',
  cancel: '取 消',
  sessionInvalid: '登录身份失效，请重新登录',
  unauthorized: '未登录或登录已过期，请重新登录',
  captchaRequired: '请输入验证码',
  captchaWrong: '验证码错误或已过期，请刷新后重试',
  usernameRequired: '请输入用户名',
  passwordRequired: '请输入密码',
  accountLocked: '登录失败次数过多，账号已锁定，请稍后再试',
  accountDisabled: '账号已停用，请联系交易所',
  accountWithoutCompany: '该账号未关联任何机构，请联系交易所',
  healthOk: '服务正常',

  // web shell
  pageLoadFailed: '页面加载失败，请刷新后重试',
  pageNotFound: '页面不存在或暂未开放',
  notOpenYet: '暂未开放',

  // mobile numbers and SMS codes (spec 000 sections 5 and 9, 001 section 5)
  portalName: '产权交易机构服务中台',
  mobileRequired: '请填写11位手机号码',
  mobileInvalid: '请填写正确的手机号码',
  mobileEmptyForCode: '手机号码不能为空',
  otpSent: '验证码已发送',
  otpRequired: '请输入短信验证码',
  otpFormat: '请填写正确的短信验证码！',
  otpWrong: '短信验证码错误，请重新输入',
  otpInvalid: '短信验证码已失效，请重新获取',
  otpTooManyTries: '验证码错误次数过多，请重新获取',
  otpPurposeUnknown: '不支持的验证码类型',
  smsSendFailed: '短信发送失败，请稍后重试',

  // identity and welcome prompt
  identitySwitched: '身份切换成功',

  // validation rules (spec 000 section 5, 001 section 5); {n}-style placeholders are filled by formatMessage
  fileNameIllegal: '文件名包含非法字符！',
  idCardInvalid: '请填写正确的身份证号码',
  creditCodeInvalid: '请填写正确的统一社会信用代码',
  emailInvalid: '请填写正确的邮箱地址（仅支持 .com、.cn、.net）',
  returnReasonRequired: '请填写退回原因',
  returnReasonTooLong: '退回原因不能超过{max}个字符',
  numberInvalid: '请填写正确的数值',
  integerDigitsMax: '整数部分最多{n}位！',
  decimalDigitsMax: '小数部分最多{n}位！',
  ratioMax: '数值不能超过{max}！',

  // uploads (SH-8.9)
  uploadTooLarge: '文件大小不能超过{max}M',
  uploadEmpty: '文件大小不能为0KB',
  uploadTypeNotAllowed: '仅支持上传 {types}格式的文件',
  uploadTooMany: '最多上传{limit}个文件，当前已选择{count}个',
  uploadNotDeletable: '该文件不可删除',
  uploadUrlMissing: '未获取到文件地址',
  uploadError: '附件上传错误',
  uploadFileMissing: '请选择要上传的文件',
  uploadContentMismatch: '文件内容与扩展名不符',
  uploadArchiveAbnormal: '压缩文件内容异常，已拒绝上传',
  previewNotSupported: '该类型的文件不支持在线预览，请下载后查看',
  previewFailed: '文件预览失败，请下载后查看',
  attachmentDeleteConfirm: '确定删除该附件吗？',
  /** the one-click zip of a record's attachments when the caller gives no name (BF-2.5) */
  attachmentZipName: '附件信息',

  // common widgets (SH-8.10, SH-8.11)
  promptTitle: '提示',
  confirmOk: '确定',
  unsavedCloseConfirm: '您输入的内容可能未保存，确定关闭吗？',
  advancedAuthMissing: '您尚未完成企业高级认证',

  // display helpers
  exportDefaultName: '导出数据',

  // passwords (policy in validation/password.ts)
  passwordCharacters: '密码只能包含字母、数字和英文符号，不能包含空格',
  passwordLength: '密码长度为8至64位',
  passwordClasses: '密码须包含大写字母、小写字母、数字、符号中的至少三类',
  passwordCommon: '该密码过于常见，请换一个更安全的密码',
  passwordRepeatRequired: '请再次输入密码',
  passwordMismatch: '两次输入的密码不一致',
  passwordExpired: '您的密码已长期未修改，请修改密码',

  // account opening and organisation review (accounts module)
  creditCodeTaken: '该统一社会信用代码已注册',
  companyNameLength: '企业名称长度为2至100个字符',
  fieldTooLong: '{label}不能超过{max}个字符',
  registerOk: '注册成功，请继续填写机构信息',
  applicationSaved: '保存成功',
  applicationSubmitted: '开户申请已提交，请等待交易所审核',
  applicationNotEditable: '开户申请当前不可修改',
  applicationNotFound: '您的机构无需办理项目方开户',
  examineNotPending: '该申请当前不在待审核状态',
  examineApprovedOk: '已审核通过',
  examineReturnedOk: '已退回开户申请',

  // real-name, company and face authentication (identity module)
  realNameRequired: '请填写真实姓名',
  realNameLength: '姓名长度为2至30个字符',
  idTypeRequired: '请选择证件类型',
  idTypeResidentOnly: '转让方、土地资产管理及交易所用户只能使用居民身份证进行实名认证',
  idNumberRequired: '请填写证件号码',
  idNumberInvalid: '请填写正确的证件号码',
  realNameDone: '您已完成实名认证',
  realNameStarted: '实名信息已提交，请扫码完成人脸核验',
  faceRequestClosed: '该人脸核验已结束，请重新发起实名认证',
  faceNoPendingRequest: '没有进行中的人脸核验，请重新发起实名认证',
  faceQrExpired: '二维码已过期，请在电脑端刷新',
  faceAlreadyDecided: '该人脸核验已处理，请勿重复操作',
  faceConfirmedOk: '人脸核验已确认',
  faceDeclinedOk: '已拒绝本次人脸核验',
  faceConsent:
    '本人同意进行人脸核验，并授权平台将本人的姓名、证件号码用于实名认证及电子签章证书的签发。如非本人操作，请点击“不是本人”。',
  companyNameRequired: '请填写企业名称',
  companyMismatch: '企业名称或统一社会信用代码与开户信息不一致',
  companyAuthNotNeeded: '您的企业无需进行企业认证或已完成认证',
  companyAuthUnderReview: '企业认证正在审核中，请耐心等待',
  companyNotApproved: '开户申请尚未审核通过，暂不能进行企业认证',
  companyAuthOk: '企业认证成功',
  companyAuthSubmitted: '企业认证申请已提交，请等待交易所审核',
  licenceRequired: '请上传营业执照',
  licenceMissing: '营业执照文件不存在，请重新上传',
  companyAuthNotPending: '该企业认证申请已处理，请刷新后重试',
  companyAuthPassedOk: '已通过企业认证',
  companyAuthRefusedOk: '已退回企业认证申请',
  passwordAlreadySet: '登录密码已设置，如需修改请前往个人中心',
  passwordSetOk: '登录密码设置成功',
  usernameRule: '用户名为4至30位字母、数字或下划线，且须以字母开头',
  usernameTaken: '该用户名已被使用',
  accountAlreadySetUp: '登录信息已完善，不能重复设置',
  accountSetUpOk: '登录信息已完善',

  // e-signature enrolment (signatures module)
  signatureNeedsRealName: '请先完成实名认证',
  signatureNeedsCompanyAuth: '请先完成企业认证',
  signatureEnrolled: '电子签章申请成功',
  signatureNotEnrolled: '尚未申请电子签章，请先完成电子签章申请',

  // recovery and profile (profile module)
  usernameMobileMismatch: '用户名与手机号码不匹配',
  retrieveTicketInvalid: '身份验证已失效，请重新验证手机号码',
  passwordResetOk: '密码已重置，请使用新密码登录',
  usernamesFound: '已找到该手机号码绑定的用户名',
  usernamesNone: '该手机号码未绑定任何账号',
  oldOtpRequired: '请输入原手机号码收到的短信验证码',
  phoneUnchanged: '新手机号码不能与当前手机号码相同',
  phoneUpdated: '手机号码修改成功',
  pendingPhoneSet: '已设置新手机号码，该用户下次登录时确认后生效',
  mobileNotBound: '当前账号未绑定手机号码，请联系交易所',
  passwordChanged: '密码修改成功',
  nicknameRequired: '请填写昵称',
  nicknameTooLong: '昵称不能超过{max}个字符',
  nicknameCharacters: '昵称不能包含换行等控制字符',
  nicknameUpdated: '昵称修改成功',
  avatarUpdated: '头像设置成功',
  passwordExpiredLater: '稍后',
  passwordExpiredGo: '去修改',
  passwordPolicyHint: '密码为8至64位，须包含大写字母、小写字母、数字、符号中的至少三类，且不能是常见密码',

  // sign-off panel and task centre
  signOffTitle: '基本信息',
  warmReminderTitle: '温馨提示',
  noDataYet: '暂无数据',
  companyAuthDialogTitle: '企业认证',
  companyAuthUnderReviewBlock: '贵单位的企业认证正在审核中，审核通过后方可电子签章并提交',
  companyAuthRefusedBlock: '贵单位的企业认证未通过，请重新提交企业认证后再电子签章并提交',
  workflowProjectMissing: '缺少项目编号，请从项目页面发起申请',
  workflowInstanceMissing: '缺少申请编号，请从任务列表打开',
  workflowNoChanges: '与上次提交相比没有修改',
  workflowLetterMissing: '申请书尚未生成，请先提交申请',

  // workflow engine
  workflowCreated: '申请已创建',
  workflowSaved: '保存成功',
  workflowSubmitted: '申请书已生成，请电子签章并提交',
  workflowSigned: '签章成功，已提交交易所审核',
  workflowPassed: '审核通过',
  workflowReturned: '已退回申请人修改',
  workflowWithdrawn: '申请已撤回',
  workflowReasonTooLong: '申请原因不能超过{max}个字符',
  workflowRemarkTooLong: '备注不能超过{max}个字符',
  workflowResumeDateInvalid: '请填写正确的预计恢复日期',
  workflowExtendDaysInvalid: '延长披露天数须为1至60之间的整数',
  workflowDisclosureDaysInvalid: '披露天数须为不少于10的整数',
  workflowFieldTooLong: '{label}不能超过{max}个字符',
  workflowDateInvalid: '请填写正确的{label}',
  workflowDateTimeInvalid: '{label}须为日期和时间，如2026-12-01 09:30',
  workflowIntegerInvalid: '{label}须为{min}至{max}之间的整数',
  workflowMoneyInvalid: '{label}须为大于0的金额，最多两位小数',
  workflowBiddingEndBeforeStart: '竞价结束时间须晚于开始时间',
  workflowReserveBelowStart: '保留价不得低于起始价',
  workflowApplicationFileRequired: '请上传申请材料',
  workflowInstanceOpen: '该项目已有进行中的申请',
  workflowProjectStatusRefused: '项目当前状态不能发起该申请',
  workflowNotEditable: '该申请当前不可修改',
  workflowNotSubmittable: '该申请当前不能提交',
  workflowNotSignable: '该申请尚未提交或已签章，不能签章',
  workflowNotWithdrawable: '该申请当前不能撤回',
  workflowTaskHandled: '该任务已处理，请刷新',
  workflowTaskOpen: '该任务待处理',
  workflowReviewerOnly: '只有交易所可以审核申请',
  workflowSelfReview: '不能审核本单位提交的申请',
  workflowResultRequired: '请选择审核结果',
  workflowOtpOtherLetter: '该验证码不是为当前申请书获取的，请重新获取',
  workflowOtpValid: '验证码正确',
  // projects
  projectsNameInvalid: '项目名称须为2至100个字符',
  projectsAssetCategoryRequired: '请选择资产类别',
  projectsListingPriceInvalid: '请填写大于0的挂牌价',
  projectsAppraisalPriceInvalid: '评估值须为大于0的金额',
  projectsDisclosureDaysInvalid: '请填写披露期（工作日，整数）',
  projectsDisclosureDaysMin: '披露期不得少于{days}个工作日',
  projectsDisclosureDaysMax: '披露期不得超过{days}个工作日',
  projectsPaymentModeRequired: '请选择付款方式',
  projectsFirstPaymentRatioInvalid: '首付比例须在0至100%之间',
  projectsFirstPaymentRatioMin: '分期付款首付比例不得低于30%',
  projectsInstalmentMonthsInvalid: '请填写分期付款期限（整月数）',
  projectsInstalmentMonthsMax: '分期付款期限不得超过一年',
  projectsGuaranteeRequired: '分期付款须提供担保',
  projectsPriceApprovalRequired: '挂牌价低于评估值90%须上传批准文件',
  projectsContactNameRequired: '请填写联系人',
  projectsContactNameTooLong: '联系人不能超过{max}个字符',
  projectsDescriptionTooLong: '项目描述不能超过{max}个字符',
  projectsNotEditable: '只有草稿或退回修改的项目可以修改',
  projectsNotDeletable: '只有草稿项目可以删除',
  projectsNotSubmittable: '该项目当前不能提交',
  projectsDisclosureFromForm: '信息披露申请请在项目编辑页面提交',
  projectCopied: '已复制为新的草稿项目',
  projectsNotResubmittable: '只有退回修改的项目可以再次提交',
  projectsCancelled: '信息披露申请已撤回，项目可重新编辑',
  projectsNotCancellable: '该项目没有可撤回的信息披露申请',

  // asset lists of physical-asset projects (template, import, export)
  assetsTextTooLong: '{label}不能超过{max}个字符',
  assetsIntegerInvalid: '{label}须为不小于0的整数',
  assetsDecimalInvalid: '{label}须为不小于0的数，最多{decimals}位小数',
  assetsMoneyInvalid: '{label}须为不小于0的金额，最多两位小数',
  assetsDateInvalid: '{label}须为日期，如2024-05-01',
  assetsChoiceInvalid: '{label}须为以下之一：{options}',
  assetsVinInvalid: '车辆识别代号须为17位字母或数字（不含I、O、Q）',
  assetsFileInvalid: '无法读取该文件，请上传按模板填写的 .xlsx 文件',
  assetsTemplateMismatch: '表格与{category}模板不符：缺少“{label}”列，请下载模板后填写',
  assetsTooManyRows: '一次最多导入{max}行，请分批导入',
  assetsEmpty: '表格中没有资产数据',
  assetsNothingValid: '没有可导入的数据，请按提示修改后重新导入',
  assetsImported: '已导入{imported}条，跳过{skipped}条有误的数据',
  assetsDeleted: '已删除所选资产',
  assetsSelectFirst: '请先选择要删除的资产',

  // participants of physical-asset projects (竞买人 / 意向受让方)
  participantsNameInvalid: '意向受让方名称须为2至100个字符',
  participantsCertTypeMismatch: '证件类型与意向受让方类型不符，请重新选择',
  participantsCertNoInvalid: '请填写正确的{label}号码',
  participantsDepositInvalid: '保证金须为不小于0的金额，最多两位小数',
  participantsNoteTooLong: '备注不能超过{max}个字符',
  participantsCertNoTaken: '该证件号码已登记为本项目的意向受让方',
  participantsNotEditable: '只有披露中、已中止或已终止披露的项目可以登记意向受让方',
  participantSaved: '意向受让方已保存',
  participantDeleted: '意向受让方已删除',
  participantDeleteConfirm: '确定删除该意向受让方吗？',
  participantCertNoKept: '当前证件号码：{certNo}；不修改请留空',
  participantsEmpty: '暂无意向受让方',

  // exports of the disclosure announcement (Word, PDF)

  // project pages
  projectDeleteTitle: '删除项目',
  projectDeleteConfirm: '确定删除该草稿项目吗？删除后不可恢复。',
  projectDeleted: '项目已删除',
  projectSaved: '项目已保存',
  projectExportEmpty: '当前页没有可导出的项目',
  projectExportFailed: '导出失败，请稍后重试',
  projectFormInvalid: '请按提示修改项目信息后再提交',
  projectSaveBeforeUpload: '请先保存项目，再上传批准文件',
  projectSaveBeforeAssets: '保存项目后可导入资产清单',

  // the trading system (交易系统, GET /api/project/update/from/otc/{id})
  otcNotConnected: '本平台尚未接入交易系统，无法同步交易结果',
  otcUnavailable: '交易系统暂时无法访问，请稍后重试',
  otcUnknownProject: '交易系统中没有该项目的交易信息',
  otcNotSyncable: '只有披露中、已终止披露或已成交的项目可以同步交易结果',
  otcSynced: '已同步交易系统的交易结果',

  // plans (我的计划 / 计划管理, POST /api/plan/to/project)
  plansNameInvalid: '计划名称须为2至100个字符',
  plansFamilyRequired: '请选择业务类型',
  plansPlannedDateInvalid: '请填写正确的计划挂牌日期，如2026-12-01',
  plansConverted: '该计划已转为项目，不能再修改',
  planSaved: '计划已保存',
  planDeleted: '计划已删除',
  planDeleteTitle: '删除计划',
  planDeleteConfirm: '确定删除该计划吗？删除后不可恢复。',
  planToProjectTitle: '转为项目',
  planToProjectConfirm: '将按计划信息新建一个草稿项目，转换后计划不能再修改。确定转为项目吗？',
  planToProjectDone: '已转为草稿项目，请完善项目信息后提交',
  planFormInvalid: '请按提示修改计划信息后再保存',
} as const;

export type MessageKey = keyof typeof MSG;

/** BF-5.5: form item messages. */
export const fillIn = (label: string): string => `请填写${label}`;
export const pleaseSelect = (label: string): string => `请选择${label}`;

/** The wait before another code may be sent to the same mobile. */
export const otpResendWait = (seconds: number): string => `请${seconds}秒后再获取验证码`;

/** The welcome banner's greeting of a signed-in user (gate 6). */
export const welcomeGreeting = (name: string): string => `${name}，您好！欢迎使用本平台`;

/** The text of a code SMS; it lives in the outbox and is never logged. */
export const smsOtpText = (code: string, minutes: number): string =>
  `【产权交易所】您的验证码为${code}，${minutes}分钟内有效，请勿泄露。`;
