import type { EntityManager } from '@mikro-orm/core';
import { discardingPubSub, type PubSub } from '../pubsub/pubsub';
import { EVERYONE } from '../pubsub/topics';
import type { StorageOptions } from '../storage/storage-config';
import { AiTokenService } from './ai/ai-token.service';
import { AssistantService } from './ai/assistant.service';
import { AccountService } from './accounts/account.service';
import { AdminItemService } from './admin/admin-item.service';
import { AdminUserService } from './admin/admin-user.service';
import { SiteConfigService } from './admin/site-config.service';
import { ShowdocImportService, type ShowdocImportRunner } from './admin/showdoc-import.service';
import { LdapAdminService } from './ldap/ldap-admin.service';
import { LdapDirectory } from './ldap/ldap-directory';
import { OAuth2Login } from './oauth/oauth2-login';
import { CaptchaService } from './accounts/captcha.service';
import { CommentService } from './comments/comment.service';
import { CatalogService } from './catalogs/catalog.service';
import { watchMenuWrites } from './catalogs/menu-cache';
import { ChangeLogService } from './changelog/changelog.service';
import { ExportService } from './export/export.service';
import { FileService } from './files/file.service';
import { ImportService } from './import/import.service';
import { PageHistoryService } from './history/history.service';
import { ItemGroupService } from './items/item-group.service';
import { ItemService } from './items/item.service';
import { JobsService } from './jobs/jobs.service';
import { LockService } from './locks/lock.service';
import { MemberService } from './members/member.service';
import { MessageService } from './messages/message.service';
import { MockService } from './mock/mock.service';
import { HttpRelay } from './relay/http-relay';
import { OpenApiService } from './openapi/open-api.service';
import { OpenApiExportService } from './openapi-export/openapi-export.service';
import { PageService } from './pages/page.service';
import { PolicyService } from './policy/policy.service';
import { TeamPolicy } from './policy/team.policy';
import { RecycleService } from './recycle/recycle.service';
import { SearchService } from './search/search.service';
import { SettingsService } from './settings/settings.service';
import { SheetService } from './sheets/sheet.service';
import { SubscriptionService } from './subscriptions/subscription.service';
import { WebhookService } from './webhooks/webhook.service';
import { ShareService } from './share/share.service';
import { PublicSquareService } from './square/public-square.service';
import { SecretKeyLogin } from './sso/secret-key-login';
import { TeamService } from './teams/team.service';
import { TemplateService } from './templates/template.service';
import { RateLimits } from './limits/rate-limits';
import { afterCommit, type AfterCommit } from './transaction';

export interface DomainOptions {
  /** QUIRE_TEST_CAPTCHA: accepted as a right captcha answer. */
  testCaptcha?: string;
  /** Where services publish subscription events (one per process); absent: events are dropped. */
  pubSub?: PubSub;
  /** CRON_TOKEN: the header value that lets ShowDoc's `ScriptCron/run` start the purge. */
  cronToken?: string;
  /** Where uploaded files are stored; absent: uploads fail (tests that do not upload). */
  storage?: StorageOptions;
  /** The process's rate limits (memory or Redis), built once; absent: one in-memory set per process. */
  rateLimits?: RateLimits;
  /** QUIRE_OUTBOUND_ALLOW_PRIVATE: outbound addresses set by the administrator may be private/local hosts. */
  allowPrivateOutbound?: boolean;
  /** Runs ShowDoc imports started from the admin console (server/src/migrate); absent: not offered. */
  showdocImports?: ShowdocImportRunner;
}

let processRateLimits: RateLimits | null = null;

/** The services of one request, all sharing the request's EntityManager fork. */
export function buildServices(em: EntityManager, options: DomainOptions = {}) {
  const settings = new SettingsService(em);
  // Limits outlive the request: services built without them still share one set, never a fresh one.
  const limits = options.rateLimits ?? (processRateLimits ??= new RateLimits());
  const captchas = new CaptchaService(em, limits, { testAnswer: options.testCaptcha });
  const outbound = { allowPrivate: options.allowPrivateOutbound ?? false };
  const directory = new LdapDirectory(settings, outbound);
  const accounts = new AccountService(em, settings, captchas, limits, directory);
  const policy = new PolicyService(em, limits);
  watchMenuWrites(em);
  const pubSub = options.pubSub ?? discardingPubSub;
  afterCommit(em).connectOnce(pubSub, (bus) => forwardToPubSub(bus, pubSub));
  const changeLog = new ChangeLogService(em, policy);
  const catalogs = new CatalogService(em, policy, changeLog, settings);
  const pages = new PageService(em, policy, changeLog, settings);
  const items = new ItemService(em, policy, changeLog, captchas, limits);
  const itemGroups = new ItemGroupService(em);
  const members = new MemberService(em, policy, settings, changeLog);
  const teamPolicy = new TeamPolicy(em, policy);
  const teams = new TeamService(em, teamPolicy, policy, settings, changeLog);
  const search = new SearchService(em, policy);
  const history = new PageHistoryService(em, pages);
  const sheets = new SheetService(em, policy, pages);
  const recycle = new RecycleService(em, policy, changeLog);
  const locks = new LockService(em, pages);
  const shares = new ShareService(em, pages, policy);
  const templates = new TemplateService(em, policy);
  const openApi = new OpenApiService(em, policy, pages, catalogs);
  const jobs = new JobsService(em, locks, options.cronToken);
  const messages = new MessageService(em, policy);
  const subscriptions = new SubscriptionService(em, pages);
  const mocks = new MockService(em, pages);
  const relay = new HttpRelay(settings, limits);
  const webhooks = new WebhookService(em, policy, settings);
  const comments = new CommentService(em, policy, pages);
  const openApiExport = new OpenApiExportService(em, policy);
  const files = new FileService(em, policy, pages, settings, options.storage ?? null);
  const exports = new ExportService(em, policy, changeLog, files);
  // Background imports get a fork of their own: the request's one ends with the request.
  const detachedImports = (): ImportService => buildServices(em.fork(), options).imports;
  const imports = new ImportService(em, policy, files, detachedImports);
  const ldap = new LdapAdminService(em, settings, directory);
  const adminUsers = new AdminUserService(em, accounts);
  const adminItems = new AdminItemService(em);
  const siteConfig = new SiteConfigService(em, settings, outbound);
  const publicSquare = new PublicSquareService(em, settings, policy, search);
  const secretKeyLogin = new SecretKeyLogin(em, settings, accounts);
  const oauth2 = new OAuth2Login(em, settings, accounts, outbound);
  const aiTokens = new AiTokenService(em);
  const assistant = new AssistantService(settings, limits.ai, outbound);
  const showdocImports = new ShowdocImportService(options.showdocImports ?? null);
  return {
    aiTokens,
    assistant,
    showdocImports,
    em,
    outbound,
    ldap,
    adminUsers,
    adminItems,
    siteConfig,
    publicSquare,
    secretKeyLogin,
    oauth2,
    settings,
    captchas,
    accounts,
    policy,
    changeLog,
    catalogs,
    pages,
    items,
    itemGroups,
    members,
    teamPolicy,
    teams,
    search,
    sheets,
    pubSub,
    history,
    recycle,
    locks,
    shares,
    templates,
    openApi,
    jobs,
    messages,
    subscriptions,
    mocks,
    relay,
    webhooks,
    files,
    exports,
    comments,
    openApiExport,
    imports,
  };
}

export type Services = ReturnType<typeof buildServices>;

/** The committed writes that live subscriptions hear of. */
function forwardToPubSub(bus: AfterCommit, pubSub: PubSub): void {
  bus.on('pageLockChanged', (event) => pubSub.publish('pageLockChanged', event.pageId, event));
  bus.on('pageCommentChanged', (event) => pubSub.publish('pageCommentChanged', event.pageId, event));
  const unread = (userId: number) => pubSub.publish('unreadChanged', userId, { userId, at: new Date() });
  bus.on('pageNotified', (event) => new Set(event.toUserIds).forEach(unread));
  bus.on('unreadChanged', (event) => {
    if (event.everyone) unread(EVERYONE);
    else new Set(event.userIds).forEach(unread);
  });
}
