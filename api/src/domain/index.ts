// The domain's one public module: every door (GraphQL, compat-rest, the composition root, the coming MCP
// door) imports the domain from here, never from a file inside it, so the domain's files can move without
// touching a door. ESLint (`quire/boundaries/*`) and test/architecture.test.ts enforce it.
// Exports are named one by one, so what a door may use is a decision made here, not an accident.

// Composition: building the services, their options, the scheduled jobs.
export { buildServices, type DomainOptions, type Services } from './services';
export { JobScheduler, type ScheduledTask, type SchedulerLog } from './jobs/scheduler';
export { drainOutbox, type SenderOptions } from './webhooks/webhook-sender';

// Who is asking, and how a session token becomes that caller.
export { Viewer, type Account } from './viewer';
export type {
  ShowdocImportJobView,
  ShowdocImportRunner,
  StartShowdocImport,
} from './admin/showdoc-import.service';
export { hashToken, newToken } from './accounts/token';
export { mayKnowRole } from './accounts/account.service';
export type { UserProfile } from './accounts/user-rows';
export { showdocLegacyHash, verifyPassword } from './accounts/password';
export {
  DEFAULT_RATE_LIMITS,
  RateLimits,
  type LimitRule,
  type RateLimitRules,
  type RateLimitStore,
} from './limits/rate-limits';

// Text the doors refuse at the door (NUL and other control characters).
export { findForbiddenText, hasForbiddenControlCharacter } from './input/control-characters';

// Errors with ShowDoc's numeric codes.
export { Codes, DomainError, type CodeInfo, type CodeName, type Language } from './errors';

export { QUIRE_VERSION } from './version';

// Services' view types and the pure helpers doors share (one rule, both doors).
export type {
  CatalogNode,
  DraggedThing,
  Menu,
  MenuCatalog,
  MenuPage,
  TreeChange,
} from './catalogs/catalog.service';
export { loadItemView } from './catalogs/item-view';
export { operatorOf } from './changelog/changelog.service';
export { diffLines, type DiffLine, type DiffOp } from './history/line-diff';
export {
  cellAddress,
  diffSheets,
  isSheetContent,
  parseSheets,
  sheetName,
  sheetsToMarkdown,
  type CellChange,
  type Sheet,
  type SheetDiff,
} from './sheets/sheet-format';
export { MAX_XLSX_BYTES } from './sheets/sheet-xlsx';
export { closeSheetXlsxPool } from './sheets/sheet-xlsx.worker';
export type { GroupOrder, ItemGroupView } from './items/item-group.service';
export { isItemManager, type MyList, type MyListEntry, type SortEntry } from './items/item.service';
export type { LeanItem } from './items/item-rows';
export { DEFAULT_RENEW_SECONDS, type LockState } from './locks/lock.service';
export type { Collaborator, MyCollaborator } from './members/member.service';
export type {
  AnnouncementView,
  NewAnnouncement,
  Reminder,
  UnreadMessageCounts,
} from './messages/message.service';
export type { OpenApiKey, OpenApiTreeCatalog } from './openapi/open-api.service';
export type { PageView } from './pages/page.service';
export { readPage, type PageRecord } from './pages/page-read';
export { closeSqlParsePool, convertSqlToMarkdown, sqlToMarkdownTable } from './pages/sql-to-markdown';
export type { ItemRights, PolicyItem } from './policy/policy.service';
export type { TeamRights } from './policy/team.policy';
export { showdocSnippet, snippetText } from './search/snippet';
export { PlainTextFiller } from './search/plain-text-filler';
export type { FoundPage, SearchHit, SearchResult } from './search/search.service';
export type { CatalogStep } from './catalogs/catalog-tree';
export { publicSiteInfo, SETTING_DEFAULTS } from './settings/settings.service';
export type { SharedPage } from './share/share.service';
export type { TeamSummary } from './teams/team.service';

// Site administration, the public square and single sign-on.
export { aboutSite, type AboutSite } from './admin/about';
export { Privacy, type AdminItemFilter, type AdminItemRow } from './admin/admin-item.service';
export type { AdminUserFilter, SaveUserInput } from './admin/admin-user.service';
export { parseOssSetting, type OssSetting, type SiteConfig } from './admin/site-config.service';
export type { SquareSearchType } from './square/public-square.service';
export { safeRedirect, SSO_LINK_SECONDS } from './sso/secret-key-login';
export { checkOutboundUrl, isBlockedAddress } from './net/outbound-url';
export type { OAuth2Form } from './oauth/oauth2-form';
export type { OAuth2Pending } from './oauth/oauth2-login';
export type { LdapForm } from './ldap/ldap-directory';

// Files: attachments, editor images and how a file is delivered.
export { INLINE_TYPES } from './files/file-rules';
export type { FileDelivery } from './files/file-delivery';
export type { FileListFilter, FileTypeFilter, FileView } from './files/file.service';

// Mock endpoints (compat-api §13) and the HTTP console's relay (issue #21).
export { closeMockPool, type MockAnswer } from './mock/mock.service';
export { MOCK_TEMPLATE_MAX_BYTES } from './mock/mock-rules';
export { RELAY_BODY_MAX_BYTES, type RelayRequest, type RelayResponse } from './relay/http-relay';
// Exports: Word, markdown zip and offline HTML site (issue #19).
export {
  EXPORT_FORMATS,
  type ExportDownload,
  type ExportFormat,
  type ExportPlan,
  type ExportRequest,
} from './export/export.service';
// Page comments.
export {
  COMMENT_MAX_CHARS,
  commentsOpen,
  type CommentPage,
  type CommentView,
} from './comments/comment.service';
export type { OpenApiExport } from './openapi-export/openapi-export.service';
export { parseShowdocComments, runApiMarkdown, type RunApiDoc } from './openapi/from-comments';
// The AI door: the writing assistant and the MCP tokens of AI editors (issue #21).
export {
  AI_TOKEN_PATTERN,
  allowedItemsOf,
  type AiGrant,
  type AiTokenInput,
  type AiTokenPermission,
  type AiTokenScope,
} from './ai/ai-token.service';
export { NOT_CONFIGURED_MESSAGE } from './ai/assistant.service';
// Import: ShowDoc/markdown zips, Swagger/OpenAPI, Postman (compat-api §17).
export { importJobs, type ImportJob, type ImportJobState } from './import/import-jobs';
export {
  IMPORT_MAX_BYTES,
  type ImportFormat,
  type ImportKind,
  type ImportResult,
} from './import/import.service';
