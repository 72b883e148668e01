// The sign-in page's part of the one catalogue (messages.ts spreads it into MSG): the generic answers, the session
// and sign-in, the shell's own and the mobile and SMS-code messages. Apart so that the sign-in page, which loads
// before the portal, does not carry the whole catalogue; the entry's modules import SHELL_MSG, every other module
// MSG, and each message is written here or there, never both (messages.test.ts).
export const SHELL_MSG = {
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
  healthDatabaseDown: '数据库暂时无法访问，请稍后再试',

  // web shell
  pageLoadFailed: '页面加载失败，请刷新后重试',
  pageNotFound: '页面不存在或暂未开放',
  notOpenYet: '暂未开放',

  // mobile numbers and SMS codes (spec 000 sections 5 and 9, 001 section 5)
  portalName: '产权交易机构服务中台',
  mobileRequired: '请填写11位手机号码',
  mobileInvalid: '请填写正确的手机号码',
  mobileEmptyForCode: '手机号码不能为空',
  /** contact telephone fields (联系电话): a mobile or a landline with area code */
  telephoneRequired: '请填写联系电话',
  telephoneInvalid: '请填写正确的联系电话',
  otpSent: '验证码已发送',
  otpRequired: '请输入短信验证码',
  otpFormat: '请填写正确的短信验证码！',
  otpWrong: '短信验证码错误，请重新输入',
  otpInvalid: '短信验证码已失效，请重新获取',
  otpTooManyTries: '验证码错误次数过多，请重新获取',
  otpPurposeUnknown: '不支持的验证码类型',
  smsSendFailed: '短信发送失败，请稍后重试',
} as const;
