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
} as const;

export type MessageKey = keyof typeof MSG;

/** BF-5.5: form item messages. */
export const fillIn = (label: string): string => `请填写${label}`;
export const pleaseSelect = (label: string): string => `请选择${label}`;
