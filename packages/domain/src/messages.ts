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
