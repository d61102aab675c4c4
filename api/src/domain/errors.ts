/**
 * Every failure a user can cause, with ShowDoc's numeric code (the compatibility surface of the REST
 * door), a stable string for GraphQL's `extensions.code`, and a message in both interface languages.
 */
export const Codes = {
  Failed: { showdoc: 10101, code: 'FAILED', en: 'The operation failed', zh: '操作失败' },
  BadInput: { showdoc: 10101, code: 'BAD_INPUT', en: 'Invalid input', zh: '参数错误' },
  NotFound: { showdoc: 10101, code: 'NOT_FOUND', en: 'Not found', zh: '数据不存在' },
  LoginRequired: { showdoc: 10102, code: 'UNAUTHENTICATED', en: 'Please log in', zh: '请先登录' },
  TokenMissing: {
    showdoc: 10102,
    code: 'UNAUTHENTICATED',
    en: 'No user token was provided',
    zh: '未提供用户 Token',
  },
  TokenInvalid: {
    showdoc: 10102,
    code: 'UNAUTHENTICATED',
    en: 'The token is invalid or has expired',
    zh: 'Token 无效或已过期',
  },
  AdminRequired: {
    showdoc: 10103,
    code: 'FORBIDDEN',
    en: 'Administrator rights are required',
    zh: '需要管理员权限',
  },
  LoginLocked: {
    showdoc: 10204,
    code: 'LOGIN_LOCKED',
    en: 'Too many failed logins: the account is locked for 5 minutes',
    zh: '登录失败次数过多，账号已锁定5分钟',
  },
  CaptchaWrong: {
    showdoc: 10206,
    code: 'CAPTCHA_WRONG',
    en: 'The captcha is wrong or has expired',
    zh: '验证码不正确',
  },
  WrongPassword: { showdoc: 10208, code: 'WRONG_PASSWORD', en: 'The password is wrong', zh: '密码错误' },
  UserNotFound: { showdoc: 10209, code: 'USER_NOT_FOUND', en: 'No such user', zh: '用户不存在' },
  WrongCredentials: {
    showdoc: 10210,
    code: 'WRONG_CREDENTIALS',
    en: 'Wrong username or password',
    zh: '用户名或密码错误',
  },
  CredentialsRequired: {
    showdoc: 10101,
    code: 'BAD_INPUT',
    en: 'Username and password are required',
    zh: '用户名或密码不能为空',
  },
  UsernameInvalid: {
    showdoc: 10101,
    code: 'BAD_INPUT',
    en: 'A username has 2 to 30 letters, digits, underscores, hyphens or Chinese characters',
    zh: '用户名只允许字母、数字、下划线、横线、中文，2-30个字符',
  },
  PasswordTooLong: { showdoc: 10101, code: 'BAD_INPUT', en: 'The password is too long', zh: '密码过长' },
  PasswordsDiffer: {
    showdoc: 10101,
    code: 'BAD_INPUT',
    en: 'The two passwords differ',
    zh: '两次输入的密码不一致',
  },
  NewPasswordRequired: {
    showdoc: 10101,
    code: 'BAD_INPUT',
    en: 'The new password is required',
    zh: '新密码不能为空',
  },
  OldPasswordWrong: {
    showdoc: 10101,
    code: 'WRONG_PASSWORD',
    en: 'The old password is wrong',
    zh: '旧密码错误',
  },
  RegisterClosed: {
    showdoc: 10101,
    code: 'REGISTER_CLOSED',
    en: 'Registration is closed by the administrator',
    zh: '管理员已关闭注册',
  },
  UsernameTaken: { showdoc: 10101, code: 'USERNAME_TAKEN', en: 'This username is taken', zh: '用户名已存在' },
  NameTooLong: { showdoc: 10101, code: 'BAD_INPUT', en: 'The name is too long', zh: '名称过长' },
  NoPermission: { showdoc: 10303, code: 'FORBIDDEN', en: 'You have no permission', zh: '您没有编辑权限' },
  PublicSquareDisabled: {
    showdoc: 10501,
    code: 'PUBLIC_SQUARE_DISABLED',
    en: 'The public square is not enabled',
    zh: '公开广场功能未启用',
  },
} as const satisfies Record<string, CodeInfo>;

export interface CodeInfo {
  showdoc: number;
  code: string;
  en: string;
  zh: string;
}

export type CodeName = keyof typeof Codes;
export type Language = 'en' | 'zh';

export class DomainError extends Error {
  readonly info: CodeInfo;

  /** `detail` replaces the table's English message where the situation needs more words. */
  constructor(
    readonly codeName: CodeName,
    readonly detail?: { en: string; zh: string },
  ) {
    super(detail?.en ?? Codes[codeName].en);
    this.name = 'DomainError';
    this.info = Codes[codeName];
  }

  localized(language: Language): string {
    return this.detail?.[language] ?? this.info[language];
  }
}
