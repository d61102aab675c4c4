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
    code: 'RATE_LIMITED',
    en: 'Too many failed logins: try again later',
    zh: '登录失败次数过多，账号已锁定5分钟',
  },
  TooManyAttempts: {
    showdoc: 10101,
    code: 'RATE_LIMITED',
    en: 'Too many attempts: try again later',
    zh: '尝试次数过多，请稍后再试',
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
  ItemNotFound: {
    showdoc: 10101,
    code: 'ITEM_NOT_FOUND',
    en: 'The item does not exist or was deleted',
    zh: '项目不存在或者已删除',
  },
  ItemVisitDenied: {
    showdoc: 10303,
    code: 'ITEM_PASSWORD_REQUIRED',
    en: 'This item is private: enter its visit password',
    zh: '您没有访问权限',
  },
  ItemEditDenied: { showdoc: 10101, code: 'FORBIDDEN', en: 'You may not edit this item', zh: '没有编辑权限' },
  ItemManageDenied: {
    showdoc: 10303,
    code: 'FORBIDDEN',
    en: 'You may not manage this item',
    zh: '您没有管理权限',
  },
  ItemArchived: {
    showdoc: 10101,
    code: 'ITEM_ARCHIVED',
    en: 'This item is archived and read-only',
    zh: '该项目已归档，只读',
  },
  ForceLogin: { showdoc: 10312, code: 'UNAUTHENTICATED', en: 'Please log in to read items', zh: '需要登录' },
  VisitPasswordWrong: {
    showdoc: 10010,
    code: 'VISIT_PASSWORD_WRONG',
    en: 'The visit password is wrong',
    zh: '访问密码不正确',
  },
  ItemNameRequired: {
    showdoc: 10100,
    code: 'BAD_INPUT',
    en: 'The item name is required',
    zh: '项目名不能为空',
  },
  DomainInvalid: {
    showdoc: 10305,
    code: 'DOMAIN_INVALID',
    en: 'A personal domain has letters and digits only and is not purely numeric',
    zh: '个性域名只能是字母或数字的组合，且不能是纯数字',
  },
  DomainTaken: {
    showdoc: 10304,
    code: 'DOMAIN_TAKEN',
    en: 'This personal domain is already used',
    zh: '个性域名已经存在',
  },
  PrivateItemNeedsPassword: {
    showdoc: 10101,
    code: 'BAD_INPUT',
    en: 'A private item needs a visit password',
    zh: '私密项目请设置访问密码',
  },
  CatalogNotFound: {
    showdoc: 10101,
    code: 'CATALOG_NOT_FOUND',
    en: 'The catalog does not exist',
    zh: '目录不存在',
  },
  CatalogNameRequired: {
    showdoc: 10101,
    code: 'BAD_INPUT',
    en: 'The catalog name is required',
    zh: '目录名称不能为空',
  },
  CatalogTooDeep: {
    showdoc: 10101,
    code: 'CATALOG_TOO_DEEP',
    en: 'Catalogs nest at most three levels deep',
    zh: '目录最多只能有三级',
  },
  CatalogLimit: {
    showdoc: 10100,
    code: 'CATALOG_LIMIT',
    en: 'Too many catalogs in this item',
    zh: '你创建太多目录啦！如有需求请联系网站管理员',
  },
  CatalogParentInvalid: {
    showdoc: 10101,
    code: 'CATALOG_PARENT_INVALID',
    en: 'The parent must be another catalog of the same item, outside this one',
    zh: '上级目录必须是同一项目中的其他目录，且不能是其下级目录',
  },
  /** ShowDoc's catalog endpoints answer a refused visit or edit with 10103. */
  CatalogVisitDenied: {
    showdoc: 10103,
    code: 'FORBIDDEN',
    en: 'You may not read this item',
    zh: '您没有访问权限',
  },
  CatalogEditDenied: {
    showdoc: 10103,
    code: 'FORBIDDEN',
    en: 'You may not edit this item',
    zh: '您没有编辑权限',
  },
  PageTitleRequired: {
    showdoc: 10101,
    code: 'BAD_INPUT',
    en: 'The page title is required',
    zh: '页面标题不能为空',
  },
  PageNotFound: { showdoc: 10101, code: 'PAGE_NOT_FOUND', en: 'The page does not exist', zh: '页面不存在' },
  ExportDenied: { showdoc: 10302, code: 'FORBIDDEN', en: 'You may not export this', zh: '没有权限' },
  /** `exportHtml/export` refuses with 10103 where the other exports say 10302 (compat-api §16.4). */
  ExportHtmlDenied: { showdoc: 10103, code: 'FORBIDDEN', en: 'You may not export this', zh: '没有权限' },
  ExportUnsupportedType: {
    showdoc: 10101,
    code: 'BAD_INPUT',
    en: 'This item type cannot be exported in this format',
    zh: '不支持的项目类型',
  },
  ExportQuota: {
    showdoc: 10100,
    code: 'RATE_LIMITED',
    en: 'Daily export limit reached: try again tomorrow',
    zh: '今日导出次数已达上限，请明天再试',
  },
  ExportFormatUnknown: {
    showdoc: 10101,
    code: 'BAD_INPUT',
    en: 'Unknown export format',
    zh: '不支持的导出格式',
  },
  /** A page of a password-protected item: REST keeps ShowDoc's answer, GraphQL clients learn to ask for it. */
  PagePasswordRequired: {
    showdoc: 10101,
    code: 'ITEM_PASSWORD_REQUIRED',
    en: "This page's item is private: enter its visit password",
    zh: '您没有访问权限',
  },
  PageVisitDenied: {
    showdoc: 10101,
    code: 'FORBIDDEN',
    en: 'You may not read this page',
    zh: '您没有访问权限',
  },
  PageContentRequired: {
    showdoc: 10101,
    code: 'BAD_INPUT',
    en: 'A page cannot be saved empty: write something',
    zh: '不允许保存空内容，请随便写点什么',
  },
  PageNotInItem: {
    showdoc: 10101,
    code: 'BAD_INPUT',
    en: 'The page belongs to another item',
    zh: '页面不属于该项目',
  },
  PageLimit: {
    showdoc: 10100,
    code: 'PAGE_LIMIT',
    en: 'This item has reached its page limit',
    zh: '页面数量已超出限制',
  },
  PageDraft: {
    showdoc: 10101,
    code: 'FORBIDDEN',
    en: 'This page is a draft',
    zh: '该页面是草稿状态，暂不可访问',
  },
  VersionConflict: {
    showdoc: 10101,
    code: 'VERSION_CONFLICT',
    en: 'Someone saved this page after you opened it',
    zh: '页面已被他人修改',
  },
  SqlRequired: { showdoc: 10101, code: 'BAD_INPUT', en: 'The SQL is required', zh: 'SQL 不能为空' },
  SqlUnparsable: {
    showdoc: 10101,
    code: 'BAD_INPUT',
    en: 'Cannot parse this SQL: is it a valid CREATE TABLE statement?',
    zh: '无法解析该 SQL，请检查是否为合法的建表语句',
  },
  SqlTooLarge: {
    showdoc: 10101,
    code: 'BAD_INPUT',
    en: 'The SQL is too long: convert at most 256 KB at a time',
    zh: 'SQL 过长，每次最多转换 256 KB',
  },
  SqlTooComplex: {
    showdoc: 10101,
    code: 'BAD_INPUT',
    en: 'This SQL takes too long to parse: convert fewer tables at a time',
    zh: 'SQL 解析超时，请分批转换',
  },
  SqlBusy: {
    showdoc: 10101,
    code: 'BUSY',
    en: 'Too many SQL conversions are running: try again in a moment',
    zh: 'SQL 转换任务过多，请稍后再试',
  },
  ControlCharacter: {
    showdoc: 10101,
    code: 'BAD_USER_INPUT',
    en: 'Text may not contain NUL or other control characters',
    zh: '内容不能包含 NUL 等控制字符',
  },
  GroupNameRequired: {
    showdoc: 10101,
    code: 'BAD_INPUT',
    en: 'The group name is required',
    zh: '分组名称不能为空',
  },
  ItemGroupDenied: { showdoc: 10103, code: 'FORBIDDEN', en: 'This item group is not yours', zh: '没有权限' },
  /** ShowDoc answers a star on an unreadable item with code 1. */
  ItemStarDenied: { showdoc: 1, code: 'FORBIDDEN', en: 'You may not read this item', zh: '没有权限' },
  ItemTypeInvalid: {
    showdoc: 10101,
    code: 'BAD_INPUT',
    en: 'An item is created as regular (1), single page (2) or spreadsheet (4)',
    zh: '项目类型只能是常规项目、单页项目或表格项目',
  },
  PublicSquareDisabled: {
    showdoc: 10501,
    code: 'PUBLIC_SQUARE_DISABLED',
    en: 'The public square is not enabled',
    zh: '公开广场功能未启用',
  },
  // Item members and teams (domain/members, domain/teams).
  MemberGroupInvalid: {
    showdoc: 10101,
    code: 'BAD_INPUT',
    en: 'A member is read-only (0), editor (1) or item admin (2)',
    zh: '成员权限只能是只读、编辑或项目管理',
  },
  MemberScopeInvalid: {
    showdoc: 10101,
    code: 'BAD_INPUT',
    en: 'A member can only be limited to top-level catalogs of this item',
    zh: '只能限定为本项目的一级目录',
  },
  MemberAddFailed: {
    showdoc: 10101,
    code: 'MEMBER_ADD_FAILED',
    en: 'No member was added',
    zh: '添加成员失败',
  },
  MemberNotFound: { showdoc: 10101, code: 'MEMBER_NOT_FOUND', en: 'No such member', zh: '删除失败' },
  MemberListDenied: {
    showdoc: 10301,
    code: 'FORBIDDEN',
    en: 'Only editors of this item may list its members',
    zh: '您没有编辑权限',
  },
  OwnerCannotLeave: {
    showdoc: 10101,
    code: 'OWNER_CANNOT_LEAVE',
    en: 'The owner cannot leave: transfer or delete it instead',
    zh: '创建者不能退出，请转让或删除',
  },
  CollaboratorLimit: {
    showdoc: 10310,
    code: 'COLLABORATOR_LIMIT',
    en: 'Your collaborators (team members and item members together) have reached the limit of this site',
    zh: '协作成员数量已达上限（团队成员与项目成员合计，去重）',
  },
  TeamNameRequired: {
    showdoc: 10101,
    code: 'BAD_INPUT',
    en: 'The team name is required',
    zh: '团队名称不能为空',
  },
  TeamNotFound: { showdoc: 10101, code: 'TEAM_NOT_FOUND', en: 'The team does not exist', zh: '团队不存在' },
  TeamManageDenied: {
    showdoc: 10103,
    code: 'FORBIDDEN',
    en: 'Only managers of this team may do this',
    zh: '没有权限',
  },
  TeamOwnerOnly: {
    showdoc: 10103,
    code: 'FORBIDDEN',
    en: 'Only the creator of this team may do this',
    zh: '只有团队创建者可以操作',
  },
  TeamMemberGroupInvalid: {
    showdoc: 10101,
    code: 'BAD_INPUT',
    en: 'A team member is ordinary (1) or team admin (2)',
    zh: '团队成员角色只能是普通成员或团队管理员',
  },
  TeamMemberExists: {
    showdoc: 10101,
    code: 'TEAM_MEMBER_EXISTS',
    en: 'This user is already a member of the team',
    zh: '该用户已经是成员',
  },
  TeamMemberNotFound: {
    showdoc: 10101,
    code: 'TEAM_MEMBER_NOT_FOUND',
    en: 'No such team member',
    zh: '成员不存在',
  },
  TeamItemNotFound: {
    showdoc: 10101,
    code: 'TEAM_ITEM_NOT_FOUND',
    en: 'This item is not bound to the team',
    zh: '关联不存在',
  },
  TeamItemBindFailed: {
    showdoc: 10103,
    code: 'TEAM_ITEM_BIND_FAILED',
    en: 'No item was added to the team',
    zh: '添加失败',
  },
  // History, recycle bin, locks, share links, templates, open API, scheduled jobs.
  HistoryNotFound: {
    showdoc: 10101,
    code: 'HISTORY_NOT_FOUND',
    en: 'This version of the page does not exist',
    zh: '历史版本不存在',
  },
  RecycleEntryNotFound: {
    showdoc: 10101,
    code: 'RECYCLE_ENTRY_NOT_FOUND',
    en: 'This page is not in the recycle bin',
    zh: '回收站中没有该页面',
  },
  PageLocked: {
    showdoc: 10101,
    code: 'PAGE_LOCKED',
    en: 'Another user is editing this page',
    zh: '该页面已被其他用户锁定',
  },
  ShareExpiryInvalid: {
    showdoc: 10101,
    code: 'BAD_INPUT',
    en: 'A share link lasts 0 (for ever), 1, 7, 30 or 180 days',
    zh: '分享有效期只能是永久、1、7、30或180天',
  },
  ShareLinkUnknown: {
    showdoc: 10101,
    code: 'SHARE_LINK_UNKNOWN',
    en: 'This share link has expired or does not exist',
    zh: '该分享链接已过期或不存在',
  },
  ShareLinkExpired: {
    showdoc: 10101,
    code: 'SHARE_LINK_EXPIRED',
    en: 'This share link has expired',
    zh: '该分享链接已过期',
  },
  TemplateTitleRequired: {
    showdoc: 10101,
    code: 'BAD_INPUT',
    en: 'The template title is required',
    zh: '模板标题不能为空',
  },
  TemplateDenied: { showdoc: 10103, code: 'FORBIDDEN', en: 'This template is not yours', zh: '没有权限' },
  ItemIdRequired: { showdoc: 10101, code: 'BAD_INPUT', en: 'The item id is required', zh: '项目ID不能为空' },
  ApiKeyMismatch: {
    showdoc: 10306,
    code: 'API_KEY_MISMATCH',
    en: 'The api_key and api_token do not match',
    zh: 'api_key或者api_token不匹配',
  },
  CronForbidden: {
    showdoc: 10403,
    code: 'FORBIDDEN',
    en: 'The cron token is missing or wrong',
    zh: 'Forbidden',
  },
  // Messages and page subscriptions (issue #18, compat-api §12, §15, §20.4).
  MessageNotFound: {
    showdoc: 10101,
    code: 'MESSAGE_NOT_FOUND',
    en: 'No such message',
    zh: '消息不存在',
  },
  AnnouncementRequired: {
    showdoc: 10101,
    code: 'BAD_INPUT',
    en: 'The announcement text is required',
    zh: '公告内容不能为空',
  },
  AnnouncementTooLong: {
    showdoc: 10101,
    code: 'BAD_INPUT',
    en: 'The announcement is too long',
    zh: '公告内容过长',
  },
  SubscriptionPageRequired: {
    showdoc: 10100,
    code: 'BAD_INPUT',
    en: 'The page id is required',
    zh: '缺少 page_id 参数',
  },
  SubscriptionEditDenied: {
    showdoc: 10103,
    code: 'FORBIDDEN',
    en: 'You may not edit this page',
    zh: '您没有编辑权限',
  },
  SubscriberInvalid: {
    showdoc: 10101,
    code: 'BAD_INPUT',
    en: 'Only users who may read the page can be subscribed to it',
    zh: '只能为可以阅读该页面的用户订阅',
  },
  WebhookUrlRefused: {
    showdoc: 10101,
    code: 'WEBHOOK_URL_REFUSED',
    en: 'This address is not allowed for webhooks',
    zh: '不允许向该地址发送 Webhook',
  },
  WebhookNotFound: { showdoc: 10101, code: 'NOT_FOUND', en: 'No such webhook', zh: 'Webhook 不存在' },
  WebhookLimit: {
    showdoc: 10100,
    code: 'BAD_INPUT',
    en: 'An item has at most 20 webhooks',
    zh: '每个项目最多 20 个 Webhook',
  },
  // Files (issue #16): ShowDoc's attachment messages (compat-api §11).
  FileMissing: { showdoc: 10101, code: 'FILE_MISSING', en: 'No file was uploaded', zh: '未找到上传文件' },
  FileTypeForbidden: {
    showdoc: 10101,
    code: 'FILE_TYPE_FORBIDDEN',
    en: 'Files of this type may not be uploaded',
    zh: '禁止上传该文件类型',
  },
  FileTypeNotAllowed: {
    showdoc: 10101,
    code: 'FILE_TYPE_NOT_ALLOWED',
    en: 'This file type is not supported: compress it into a zip or rar archive, or ask the site administrator',
    zh: '不支持上传该文件类型。可将文件压缩成 zip/rar 等压缩包后上传，或联系网站管理员',
  },
  FileTypeMismatch: {
    showdoc: 10101,
    code: 'FILE_TYPE_MISMATCH',
    en: "The file's content does not match its extension",
    zh: '文件内容与扩展名不符',
  },
  ImageTypeNotAllowed: {
    showdoc: 10101,
    code: 'IMAGE_TYPE_NOT_ALLOWED',
    en: 'Images must be jpg, jpeg, gif, png, bmp or webp',
    zh: '图片仅支持 jpg、jpeg、gif、png、bmp、webp 格式',
  },
  FileTooLarge: {
    showdoc: 10101,
    code: 'FILE_TOO_LARGE',
    en: 'The file is larger than the upload limit',
    zh: '文件大小超过限制',
  },
  UploadFailed: { showdoc: 10101, code: 'UPLOAD_FAILED', en: 'The upload failed', zh: '上传失败' },
  UploadFieldsTooLarge: {
    showdoc: 10101,
    code: 'REQUEST_TOO_LARGE',
    en: 'The form fields beside the file are larger than the request body limit',
    zh: '请求内容过大',
  },
  FileNotFound: {
    showdoc: 10101,
    code: 'FILE_NOT_FOUND',
    en: 'The file does not exist or you may not delete it',
    zh: '文件不存在或无权删除',
  },
  FileOperationDenied: {
    showdoc: 10101,
    code: 'FILE_NOT_FOUND',
    en: 'The file does not exist or you may not change it',
    zh: '文件不存在或无权操作',
  },
  PageNotSavedYet: {
    showdoc: 10103,
    code: 'PAGE_NOT_SAVED',
    en: 'Save the page once before adding files to it',
    zh: '请至少先保存一次页面内容',
  },
  FileBindFailed: {
    showdoc: 10101,
    code: 'FILE_BIND_FAILED',
    en: 'The file could not be bound',
    zh: '绑定失败',
  },
  // Site administration (domain/admin) and external sign-in.
  OutboundUrlRefused: {
    showdoc: 10101,
    code: 'BAD_INPUT',
    en: 'Quire does not call this address',
    zh: '不允许访问该地址',
  },
  LdapFailed: { showdoc: 10011, code: 'LDAP_FAILED', en: 'LDAP failed', zh: 'LDAP 操作失败' },
  UsernameRequired: {
    showdoc: 10101,
    code: 'BAD_INPUT',
    en: 'The username is required',
    zh: '用户名不允许为空',
  },
  UserCreateFailed: {
    showdoc: 10101,
    code: 'BAD_INPUT',
    en: 'The user could not be created (a password is required)',
    zh: '注册失败',
  },
  UserOwnsItems: {
    showdoc: 10101,
    code: 'USER_OWNS_ITEMS',
    en: 'This user still owns items: delete them or transfer them to someone else first',
    zh: '该用户名下还有项目，不允许删除。请先将其项目删除或者重新分配/转让',
  },
  UserOwnsTeams: {
    showdoc: 10101,
    code: 'USER_OWNS_TEAMS',
    en: 'This user still owns teams: delete them first',
    zh: '该用户名下还有团队，不允许删除。请先删除其团队',
  },
  SelfDeleteRefused: {
    showdoc: 10101,
    code: 'FORBIDDEN',
    en: 'Administrators cannot delete their own account',
    zh: '不能删除管理员自己的账号',
  },
  ItemNotDeleted: {
    showdoc: 10101,
    code: 'ITEM_NOT_DELETED',
    en: 'Only a deleted item can be recovered or removed for good',
    zh: '只能恢复或彻底删除已删除的项目',
  },
  HomeNeedsPublicSquare: {
    showdoc: 10101,
    code: 'BAD_INPUT',
    en: 'Enable the public square before making it the home page',
    zh: '请先启用公共广场功能，再设置首页为公开广场',
  },
  SecretKeyMissing: {
    showdoc: 10101,
    code: 'SSO_NOT_CONFIGURED',
    en: 'No secret key is set',
    zh: '未配置 SecretKey',
  },
  SsoExpired: { showdoc: 10101, code: 'SSO_EXPIRED', en: 'The sign-in link has expired', zh: '已过期' },
  SsoTokenWrong: {
    showdoc: 10101,
    code: 'SSO_TOKEN_WRONG',
    en: 'The sign-in token is wrong',
    zh: 'token不正确',
  },
  SsoAdminRefused: {
    showdoc: 10101,
    code: 'FORBIDDEN',
    en: 'Administrators may not sign in this way',
    zh: '为了安全，禁止管理员通过这种方式登录',
  },
  // Mock endpoints (compat-api §13) and the HTTP console's relay (issue #21).
  MockEditDenied: { showdoc: 10303, code: 'FORBIDDEN', en: 'You have no permission', zh: '没有权限' },
  MockVisitDenied: { showdoc: 10103, code: 'FORBIDDEN', en: 'You have no permission', zh: '没有权限' },
  MockTemplateInvalid: {
    showdoc: 10101,
    code: 'MOCK_TEMPLATE_INVALID',
    en: "For the server's safety, only a JSON string is allowed",
    zh: '为了服务器安全，只允许写符合json语法的字符串',
  },
  MockTemplateUnsafe: {
    showdoc: 10101,
    code: 'MOCK_TEMPLATE_UNSAFE',
    en: 'The mock template asks for something that is not allowed',
    zh: 'Mock 模板包含不允许的内容',
  },
  MockTemplateTooLarge: {
    showdoc: 10101,
    code: 'MOCK_TEMPLATE_TOO_LARGE',
    en: 'The mock template is too large (at most 256 KB)',
    zh: 'Mock 模板过大（最多 256 KB）',
  },
  MockPathInvalid: {
    showdoc: 10101,
    code: 'MOCK_PATH_INVALID',
    en: 'The regular-expression path is invalid, too long or may backtrack catastrophically',
    zh: '正则路径无效、过长或存在灾难性回溯风险',
  },
  MockAnswerTooLarge: {
    showdoc: 10101,
    code: 'MOCK_ANSWER_TOO_LARGE',
    en: 'The generated mock answer is too large',
    zh: '生成的 Mock 数据过大',
  },
  MockTooSlow: {
    showdoc: 10101,
    code: 'MOCK_TOO_SLOW',
    en: 'Generating the mock answer took too long',
    zh: '生成 Mock 数据超时',
  },
  MockPathTooSlow: {
    showdoc: 10101,
    code: 'MOCK_TOO_SLOW',
    en: 'Matching the mock paths took too long',
    zh: '匹配 Mock 路径超时',
  },
  MockGenerationFailed: {
    showdoc: 10101,
    code: 'MOCK_FAILED',
    en: 'The mock template could not be generated',
    zh: 'Mock 模板生成失败',
  },
  MockBusy: {
    showdoc: 10101,
    code: 'BUSY',
    en: 'The mock service is busy: try again',
    zh: 'Mock 服务繁忙，请重试',
  },
  SheetImportBusy: {
    showdoc: 10101,
    code: 'BUSY',
    en: 'Other workbooks are being imported: try again in a moment',
    zh: '正在导入其他工作簿，请稍后再试',
  },
  RelayDisabled: {
    showdoc: 10101,
    code: 'RELAY_DISABLED',
    en: 'The server-side relay of the HTTP console is off (the administrator can turn it on)',
    zh: '服务器中转未开启（可由管理员开启）',
  },
  RelayRefused: {
    showdoc: 10101,
    code: 'RELAY_REFUSED',
    en: 'The relay may not call this address',
    zh: '中转不允许访问该地址',
  },
  RelayFailed: { showdoc: 10101, code: 'RELAY_FAILED', en: 'The request failed', zh: '请求失败' },
  // Page comments (issue #21, compat-notes §10).
  CommentsClosed: {
    showdoc: 10101,
    code: 'COMMENTS_CLOSED',
    en: 'Comments are not enabled for this item',
    zh: '该项目未开启评论功能',
  },
  CommentNotFound: {
    showdoc: 10101,
    code: 'COMMENT_NOT_FOUND',
    en: 'The comment does not exist',
    zh: '评论不存在',
  },
  CommentDeleteDenied: {
    showdoc: 10101,
    code: 'FORBIDDEN',
    en: 'Only the author or a manager of the item may delete this comment',
    zh: '您没有权限删除该评论',
  },
  ImportFileMissing: { showdoc: 10101, code: 'FILE_MISSING', en: 'Upload a file', zh: '请上传文件' },
  ImportExtension: {
    showdoc: 10101,
    code: 'IMPORT_UNSUPPORTED',
    en: 'Only ZIP, JSON or YAML files can be imported',
    zh: '只支持上传 ZIP 或 JSON 格式的文件',
  },
  ImportUnsupported: {
    showdoc: 10101,
    code: 'IMPORT_UNSUPPORTED',
    en: 'Unsupported file format',
    zh: '不支持的文件格式',
  },
  ImportUnsafePath: {
    showdoc: 10101,
    code: 'IMPORT_UNSAFE_PATH',
    en: 'The ZIP file contains an unsafe path',
    zh: 'ZIP 文件包含不安全的路径',
  },
  ImportTooLarge: {
    showdoc: 10101,
    code: 'IMPORT_TOO_LARGE',
    en: 'The file is too large to import',
    zh: '导入的文件过大',
  },
  ImportJobNotFound: {
    showdoc: 10101,
    code: 'NOT_FOUND',
    en: 'The import does not exist or has expired',
    zh: '导入任务不存在或已过期',
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

  /**
   * `detail` replaces the table's English message where the situation needs more words; `extensions`
   * carries machine-readable facts for GraphQL clients (e.g. the current version of a conflicting page).
   */
  constructor(
    readonly codeName: CodeName,
    readonly detail?: { en: string; zh: string },
    readonly extensions?: Record<string, string | number | boolean>,
  ) {
    super(detail?.en ?? Codes[codeName].en);
    this.name = 'DomainError';
    this.info = Codes[codeName];
  }

  localized(language: Language): string {
    return this.detail?.[language] ?? this.info[language];
  }
}
