import type { EntityManager } from '@mikro-orm/core';
import { Item } from '../../../../db/src';
import { DomainError } from '../errors';
import { checkOutboundUrl, type OutboundPolicy } from '../net/outbound-url';
import type { SettingName, SettingsService } from '../settings/settings.service';
import type { Viewer } from '../viewer';

/** Object storage settings as ShowDoc's console sends them (read by the files capability). */
export interface OssSetting {
  oss_type?: string;
  key?: string;
  secret?: string;
  endpoint?: string;
  region?: string;
  secretId?: string;
  secretKey?: string;
  bucket?: string;
  subcat?: string;
  protocol?: string;
  domain?: string;
}

/** The options of the console's "site settings" panel (compat-api §20.3, spec 001 §3 admin config). */
export interface SiteConfig {
  registerOpen: boolean;
  /** 1 full landing page, 2 login page, 3 jump to `homeItem`, 4 public square. */
  homePage: number;
  /** Item id opened by home page 3 (0: none). */
  homeItem: number;
  historyVersionCount: number;
  showWatermark: boolean;
  /** ICP filing number (shown in the Chinese UI only). */
  beian: string;
  siteUrl: string;
  forceLogin: boolean;
  enablePublicSquare: boolean;
  strongPasswordEnabled: boolean;
  /** Lifetime of new sessions, 1..3650 days. */
  sessionExpireDays: number;
  ossOpen: boolean;
  ossSetting: OssSetting | null;
  aiModelName: string;
  aiServiceUrl: string;
  aiServiceToken: string;
  openAiHost: string;
  openAiKey: string;
  aiSystemPrompt: string;
  aiWelcomeMessage: string;
  aiMaxMessageLength: number;
  aiToolRounds: number;
  /** The HTTP console's server-side relay (issue #21); absent on save: left as it is. */
  httpRelayOpen?: boolean;
  /** Internal hosts the relay may reach (names, addresses, CIDRs). */
  httpRelayAllowHosts?: string;
}

export const MAX_HISTORY_VERSIONS = 1000;
export const MAX_SESSION_DAYS = 3650;
const OSS_KEYS = [
  'oss_type',
  'key',
  'secret',
  'endpoint',
  'region',
  'secretId',
  'secretKey',
  'bucket',
  'subcat',
  'protocol',
  'domain',
] as const;

const bad = (en: string, zh: string) => new DomainError('BadInput', { en, zh });
const on = (value: string) => value.trim() !== '' && value.trim() !== '0';
const int = (value: string, fallback: number) => {
  const parsed = Number.parseInt(value, 10);
  return Number.isFinite(parsed) ? parsed : fallback;
};

/** Keeps only the known keys of a stored or sent object-storage form, as strings. */
export function parseOssSetting(raw: unknown): OssSetting | null {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = raw ? JSON.parse(raw) : null;
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const out: OssSetting = {};
  for (const key of OSS_KEYS) {
    const v = (value as Record<string, unknown>)[key];
    if (v !== undefined && v !== null) out[key] = String(v);
  }
  return out;
}

export class SiteConfigService {
  constructor(
    private readonly em: EntityManager,
    private readonly settings: SettingsService,
    private readonly outbound: OutboundPolicy,
  ) {}

  async load(viewer: Viewer): Promise<SiteConfig> {
    viewer.requireAdmin();
    const all = await this.settings.all();
    return {
      registerOpen: all.register_open.trim() !== '0',
      homePage: int(all.home_page, 1) || 1,
      homeItem: int(all.home_item, 0),
      historyVersionCount: int(all.history_version_count, 20),
      showWatermark: on(all.show_watermark),
      beian: all.beian,
      siteUrl: all.site_url,
      forceLogin: on(all.force_login),
      enablePublicSquare: on(all.enable_public_square),
      strongPasswordEnabled: on(all.strong_password_enabled),
      sessionExpireDays: int(all.token_ttl_days, 180),
      ossOpen: on(all.oss_open),
      ossSetting: parseOssSetting(all.oss_setting),
      aiModelName: all.ai_model_name,
      aiServiceUrl: all.ai_service_url,
      aiServiceToken: all.ai_service_token,
      // ShowDoc's older option names still count while the new ones are empty (compat-api adminSetting).
      openAiHost: all.open_ai_host || all.open_api_host,
      openAiKey: all.open_ai_key || all.open_api_key,
      aiSystemPrompt: all.ai_system_prompt,
      aiWelcomeMessage: all.ai_welcome_message,
      aiMaxMessageLength: int(all.ai_max_message_length, 8000),
      aiToolRounds: int(all.ai_tool_rounds, 20),
      httpRelayOpen: on(all.http_relay_open),
      httpRelayAllowHosts: all.http_relay_allow_hosts,
    };
  }

  /** Checks every option, then writes them all in one transaction (nothing is written on a refusal). */
  async save(viewer: Viewer, config: SiteConfig): Promise<SiteConfig> {
    viewer.requireAdmin();
    await this.check(config);
    const flag = (b: boolean) => (b ? '1' : '0');
    const values: Partial<Record<SettingName, string>> = {
      register_open: flag(config.registerOpen),
      home_page: String(config.homePage),
      home_item: config.homeItem > 0 ? String(config.homeItem) : '',
      history_version_count: String(config.historyVersionCount),
      show_watermark: flag(config.showWatermark),
      beian: config.beian.trim(),
      site_url: config.siteUrl.trim().replace(/\/+$/, ''),
      force_login: flag(config.forceLogin),
      enable_public_square: flag(config.enablePublicSquare),
      strong_password_enabled: flag(config.strongPasswordEnabled),
      token_ttl_days: String(config.sessionExpireDays),
      oss_open: flag(config.ossOpen),
      ai_model_name: config.aiModelName.trim(),
      ai_service_url: config.aiServiceUrl.trim(),
      ai_service_token: config.aiServiceToken.trim(),
      open_ai_host: config.openAiHost.trim(),
      open_ai_key: config.openAiKey.trim(),
      ai_system_prompt: config.aiSystemPrompt,
      ai_welcome_message: config.aiWelcomeMessage,
      ai_max_message_length: String(config.aiMaxMessageLength),
      ai_tool_rounds: String(config.aiToolRounds),
    };
    if (config.httpRelayOpen !== undefined && config.httpRelayOpen !== null)
      values.http_relay_open = flag(config.httpRelayOpen);
    if (config.httpRelayAllowHosts !== undefined && config.httpRelayAllowHosts !== null)
      values.http_relay_allow_hosts = config.httpRelayAllowHosts.trim();
    // As ShowDoc: the storage form is kept while storage is off, so turning it on again needs no retyping.
    if (config.ossOpen) values.oss_setting = JSON.stringify(config.ossSetting ?? {});
    await this.settings.set(values);
    return this.load(viewer);
  }

  private async check(c: SiteConfig): Promise<void> {
    if (![1, 2, 3, 4].includes(c.homePage))
      throw bad('The home page is 1, 2, 3 or 4', '首页设置只能是 1、2、3 或 4');
    if (c.homePage === 4 && !c.enablePublicSquare) throw new DomainError('HomeNeedsPublicSquare');
    if (c.homePage === 3) {
      const item = c.homeItem > 0 ? await this.em.findOne(Item, { id: c.homeItem, deletedAt: null }) : null;
      if (!item) throw bad('Pick the item the home page opens', '请选择首页要打开的项目');
    }
    const range = (value: number, min: number, max: number, en: string, zh: string) => {
      if (!Number.isSafeInteger(value) || value < min || value > max)
        throw bad(`${en} must be between ${min} and ${max}`, `${zh}须在 ${min} 到 ${max} 之间`);
    };
    range(c.historyVersionCount, 1, MAX_HISTORY_VERSIONS, 'The number of kept versions', '历史版本数量');
    range(c.sessionExpireDays, 1, MAX_SESSION_DAYS, 'The session lifetime in days', '登录有效天数');
    range(c.aiMaxMessageLength, 1, 1_000_000, 'The longest AI message', 'AI 消息最大长度');
    range(c.aiToolRounds, 1, 100, 'The AI tool rounds', 'AI 工具调用轮数');
    if ((c.httpRelayAllowHosts ?? '').length > 2000)
      throw bad('The relay allow-list is too long', '中转白名单过长');
    if (c.beian.length > 200) throw bad('The filing number is too long', '备案号过长');
    for (const text of [c.aiModelName, c.aiServiceToken, c.openAiKey])
      if (text.length > 500) throw bad('A value is too long (500 characters at most)', '输入内容过长');
    for (const text of [c.aiSystemPrompt, c.aiWelcomeMessage])
      if (text.length > 20_000) throw bad('A text is too long', '文本过长');
    if (c.siteUrl.trim() && !/^https?:\/\/[^\s/]+(\/\S*)?$/i.test(c.siteUrl.trim()))
      throw bad('The site address must be an http(s) URL', '网站地址必须是 http(s) 链接');
    for (const url of [c.aiServiceUrl, c.openAiHost])
      if (url.trim()) await checkOutboundUrl(url, this.outbound);
    if (c.ossOpen && c.ossSetting?.endpoint?.trim()) {
      const endpoint = c.ossSetting.endpoint.trim();
      await checkOutboundUrl(
        /^[a-z]+:\/\//i.test(endpoint) ? endpoint : `https://${endpoint}`,
        this.outbound,
      );
    }
  }
}
