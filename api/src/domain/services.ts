import type { EntityManager } from '@mikro-orm/core';
import { discardingPubSub, type PubSub } from '../pubsub/pubsub';
import { EVERYONE } from '../pubsub/topics';
import type { StorageOptions } from '../storage/storage-config';
import { AiTokenService } from './ai/ai-token.service';
import { AssistantService } from './ai/assistant.service';
import { AccountService } from './accounts/account.service';
import { connectSessionCache } from './accounts/session-cache';
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
export function buildServices(em: EntityManager, options: DomainOptions = {}): Services {
  return new Services(em, options);
}

/**
 * Each service is built on first use (issue #14): a request touches two or three of them, and building all
 * of them for every request was a measurable share of the cheapest calls' CPU and of the garbage under load.
 */
export class Services {
  readonly outbound: { allowPrivate: boolean };
  readonly pubSub: PubSub;
  private readonly limits: RateLimits;
  private made: Partial<ServiceInstances> = {};

  constructor(
    readonly em: EntityManager,
    private readonly options: DomainOptions = {},
  ) {
    // Limits outlive the request: services built without them still share one set, never a fresh one.
    this.limits = options.rateLimits ?? (processRateLimits ??= new RateLimits());
    this.outbound = { allowPrivate: options.allowPrivateOutbound ?? false };
    this.pubSub = options.pubSub ?? discardingPubSub;
    // Before any service exists: every write's events reach the menu versions and subscriptions.
    watchMenuWrites(em);
    const pubSub = this.pubSub;
    afterCommit(em).connectOnce(pubSub, (bus) => forwardToPubSub(bus, pubSub));
    // Whichever service writes a user row, its cached sessions end once committed.
    connectSessionCache(em);
  }

  private once<K extends keyof ServiceInstances>(
    name: K,
    make: () => ServiceInstances[K],
  ): ServiceInstances[K] {
    return (this.made[name] ??= make());
  }

  get settings(): SettingsService {
    return this.once('settings', () => new SettingsService(this.em));
  }
  get captchas(): CaptchaService {
    return this.once(
      'captchas',
      () => new CaptchaService(this.em, this.limits, { testAnswer: this.options.testCaptcha }),
    );
  }
  private get directory(): LdapDirectory {
    return this.once('directory', () => new LdapDirectory(this.settings, this.outbound));
  }
  get accounts(): AccountService {
    return this.once(
      'accounts',
      () => new AccountService(this.em, this.settings, this.captchas, this.limits, this.directory),
    );
  }
  get policy(): PolicyService {
    return this.once('policy', () => new PolicyService(this.em, this.limits));
  }
  get changeLog(): ChangeLogService {
    return this.once('changeLog', () => new ChangeLogService(this.em, this.policy));
  }
  get catalogs(): CatalogService {
    return this.once(
      'catalogs',
      () => new CatalogService(this.em, this.policy, this.changeLog, this.settings),
    );
  }
  get pages(): PageService {
    return this.once('pages', () => new PageService(this.em, this.policy, this.changeLog, this.settings));
  }
  get items(): ItemService {
    return this.once(
      'items',
      () => new ItemService(this.em, this.policy, this.changeLog, this.captchas, this.limits),
    );
  }
  get itemGroups(): ItemGroupService {
    return this.once('itemGroups', () => new ItemGroupService(this.em));
  }
  get members(): MemberService {
    return this.once('members', () => new MemberService(this.em, this.policy, this.settings, this.changeLog));
  }
  get teamPolicy(): TeamPolicy {
    return this.once('teamPolicy', () => new TeamPolicy(this.em, this.policy));
  }
  get teams(): TeamService {
    return this.once(
      'teams',
      () => new TeamService(this.em, this.teamPolicy, this.policy, this.settings, this.changeLog),
    );
  }
  get search(): SearchService {
    return this.once('search', () => new SearchService(this.em, this.policy));
  }
  get history(): PageHistoryService {
    return this.once('history', () => new PageHistoryService(this.em, this.pages));
  }
  get sheets(): SheetService {
    return this.once('sheets', () => new SheetService(this.em, this.policy, this.pages));
  }
  get recycle(): RecycleService {
    return this.once('recycle', () => new RecycleService(this.em, this.policy, this.changeLog));
  }
  get locks(): LockService {
    return this.once('locks', () => new LockService(this.em, this.pages));
  }
  get shares(): ShareService {
    return this.once('shares', () => new ShareService(this.em, this.pages, this.policy));
  }
  get templates(): TemplateService {
    return this.once('templates', () => new TemplateService(this.em, this.policy));
  }
  get openApi(): OpenApiService {
    return this.once('openApi', () => new OpenApiService(this.em, this.policy, this.pages, this.catalogs));
  }
  get jobs(): JobsService {
    return this.once('jobs', () => new JobsService(this.em, this.locks, this.options.cronToken));
  }
  get messages(): MessageService {
    return this.once('messages', () => new MessageService(this.em, this.policy));
  }
  get subscriptions(): SubscriptionService {
    return this.once('subscriptions', () => new SubscriptionService(this.em, this.pages));
  }
  get mocks(): MockService {
    return this.once('mocks', () => new MockService(this.em, this.pages));
  }
  get relay(): HttpRelay {
    return this.once('relay', () => new HttpRelay(this.settings, this.limits));
  }
  get webhooks(): WebhookService {
    return this.once('webhooks', () => new WebhookService(this.em, this.policy, this.settings));
  }
  get comments(): CommentService {
    return this.once('comments', () => new CommentService(this.em, this.policy, this.pages));
  }
  get openApiExport(): OpenApiExportService {
    return this.once('openApiExport', () => new OpenApiExportService(this.em, this.policy));
  }
  get files(): FileService {
    return this.once(
      'files',
      () => new FileService(this.em, this.policy, this.pages, this.settings, this.options.storage ?? null),
    );
  }
  get exports(): ExportService {
    return this.once('exports', () => new ExportService(this.em, this.policy, this.changeLog, this.files));
  }
  get imports(): ImportService {
    // Background imports get a fork of their own: the request's one ends with the request.
    const detached = (): ImportService => buildServices(this.em.fork(), this.options).imports;
    return this.once('imports', () => new ImportService(this.em, this.policy, this.files, detached));
  }
  get ldap(): LdapAdminService {
    return this.once('ldap', () => new LdapAdminService(this.em, this.settings, this.directory));
  }
  get adminUsers(): AdminUserService {
    return this.once('adminUsers', () => new AdminUserService(this.em, this.accounts));
  }
  get adminItems(): AdminItemService {
    return this.once('adminItems', () => new AdminItemService(this.em));
  }
  get siteConfig(): SiteConfigService {
    return this.once('siteConfig', () => new SiteConfigService(this.em, this.settings, this.outbound));
  }
  get publicSquare(): PublicSquareService {
    return this.once(
      'publicSquare',
      () => new PublicSquareService(this.em, this.settings, this.policy, this.search),
    );
  }
  get secretKeyLogin(): SecretKeyLogin {
    return this.once('secretKeyLogin', () => new SecretKeyLogin(this.em, this.settings, this.accounts));
  }
  get oauth2(): OAuth2Login {
    return this.once('oauth2', () => new OAuth2Login(this.em, this.settings, this.accounts, this.outbound));
  }
  get aiTokens(): AiTokenService {
    return this.once('aiTokens', () => new AiTokenService(this.em));
  }
  get assistant(): AssistantService {
    return this.once('assistant', () => new AssistantService(this.settings, this.limits.ai, this.outbound));
  }
  get showdocImports(): ShowdocImportService {
    return this.once('showdocImports', () => new ShowdocImportService(this.options.showdocImports ?? null));
  }
}

interface ServiceInstances {
  settings: SettingsService;
  captchas: CaptchaService;
  directory: LdapDirectory;
  accounts: AccountService;
  policy: PolicyService;
  changeLog: ChangeLogService;
  catalogs: CatalogService;
  pages: PageService;
  items: ItemService;
  itemGroups: ItemGroupService;
  members: MemberService;
  teamPolicy: TeamPolicy;
  teams: TeamService;
  search: SearchService;
  history: PageHistoryService;
  sheets: SheetService;
  recycle: RecycleService;
  locks: LockService;
  shares: ShareService;
  templates: TemplateService;
  openApi: OpenApiService;
  jobs: JobsService;
  messages: MessageService;
  subscriptions: SubscriptionService;
  mocks: MockService;
  relay: HttpRelay;
  webhooks: WebhookService;
  comments: CommentService;
  openApiExport: OpenApiExportService;
  files: FileService;
  exports: ExportService;
  imports: ImportService;
  ldap: LdapAdminService;
  adminUsers: AdminUserService;
  adminItems: AdminItemService;
  siteConfig: SiteConfigService;
  publicSquare: PublicSquareService;
  secretKeyLogin: SecretKeyLogin;
  oauth2: OAuth2Login;
  aiTokens: AiTokenService;
  assistant: AssistantService;
  showdocImports: ShowdocImportService;
}

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
