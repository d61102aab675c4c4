import type { EntityManager } from '@mikro-orm/core';
import { leanReader, SiteOption } from '../../../../db/src';
import { inTransaction } from '../transaction';

/** Site settings with their defaults (spec 001 §3 admin config, compat-data §9). */
export const SETTING_DEFAULTS = {
  register_open: '1',
  home_page: '1',
  home_item: '',
  beian: '',
  force_login: '0',
  enable_public_square: '0',
  show_watermark: '0',
  site_url: '',
  history_version_count: '20',
  strong_password_enabled: '0',
  token_ttl_days: '180',
  /** 0 = unlimited. */
  page_limit_per_item: '0',
  /** 0 = unlimited. */
  collaborator_limit: '0',
  open_ai_key: '',
  open_ai_host: '',
  /** ShowDoc's older names of the assistant's key and host, still read when the new ones are empty. */
  open_api_key: '',
  open_api_host: '',
  ai_model_name: '',
  ai_service_url: '',
  ai_service_token: '',
  ai_system_prompt: '',
  ai_welcome_message: '',
  ai_max_message_length: '8000',
  ai_tool_rounds: '20',
  oss_open: '0',
  oss_setting: '',
  ldap_open: '0',
  ldap_form: '',
  oauth2_open: '0',
  oauth2_form: '',
  login_secret_key: '',
  /** Largest upload in MB (spec 000 §9: 4 MB). */
  upload_limit_mb: '4',
  /**
   * Internal hosts webhooks and push URLs may reach (comma-separated names, addresses or CIDRs); every
   * other loopback, private, link-local or metadata address is refused (issue #18's SSRF guard).
   */
  webhook_allow_hosts: '',
  /** The HTTP console's server-side relay (issue #21): off unless the administrator turns it on. */
  http_relay_open: '0',
  /** Internal hosts the relay may reach (names, addresses or CIDRs); every other private address is refused. */
  http_relay_allow_hosts: '',
} as const;

export type SettingName = keyof typeof SETTING_DEFAULTS;

export class SettingsService {
  constructor(private readonly em: EntityManager) {}

  /** Every setting: stored values over defaults, in one query. */
  async all(): Promise<Record<SettingName, string>> {
    const rows = await this.em.find(SiteOption, {});
    const values: Record<string, string> = { ...SETTING_DEFAULTS };
    for (const row of rows) values[row.name] = row.value;
    return values as Record<SettingName, string>;
  }

  async get(name: SettingName): Promise<string> {
    return (await this.stored(name)) ?? SETTING_DEFAULTS[name];
  }

  /** The stored value, or null when the setting was never saved (some ShowDoc answers tell the two apart). */
  async stored(name: SettingName): Promise<string | null> {
    // Read on requests that write pages (history retention, page limits): a lean read, no entity.
    const row = await leanReader(this.em).getKept<{ value: string }>(
      'select value from site_option where name = ?',
      [name],
    );
    return row?.value ?? null;
  }

  /** True unless the value is empty or '0' (ShowDoc's "empty" semantics for flags). */
  async flag(name: SettingName): Promise<boolean> {
    const value = (await this.get(name)).trim();
    return value !== '' && value !== '0';
  }

  async number(name: SettingName): Promise<number> {
    const parsed = Number.parseInt(await this.get(name), 10);
    return Number.isFinite(parsed) ? parsed : Number.parseInt(SETTING_DEFAULTS[name], 10) || 0;
  }

  /** Writes every value in one transaction: a failed save leaves all of them as they were. */
  async set(values: Partial<Record<SettingName, string>>): Promise<void> {
    await inTransaction(this.em, async () => {
      for (const [name, value] of Object.entries(values)) {
        if (value === undefined) continue;
        const row = await this.em.findOne(SiteOption, { name });
        if (row) row.value = value;
        else this.em.persist(this.em.create(SiteOption, { name, value }));
      }
      await this.em.flush();
    });
  }
}

/** What the landing and login screens need to know before anyone signs in. */
export interface PublicSiteInfo {
  /** 1 landing page, 2 straight to login, 3 open `homeItem`, 4 public square. */
  homePage: number;
  homeItem: string;
  beian: string;
  registerOpen: boolean;
  showAi: boolean;
  publicSquareEnabled: boolean;
  oauth2Open: boolean;
  oauth2EntranceTips: string;
  showWatermark: boolean;
  forceLogin: boolean;
}

export async function publicSiteInfo(settings: SettingsService): Promise<PublicSiteInfo> {
  const all = await settings.all();
  const on = (value: string) => value.trim() !== '' && value.trim() !== '0';
  let oauth2EntranceTips = '';
  try {
    const form: unknown = all.oauth2_form ? JSON.parse(all.oauth2_form) : null;
    if (form && typeof form === 'object' && 'entrance_tips' in form)
      oauth2EntranceTips = String(form.entrance_tips);
  } catch {
    // A damaged stored form only hides the entrance text.
  }
  return {
    homePage: Number.parseInt(all.home_page, 10) || 1,
    homeItem: all.home_item,
    beian: all.beian,
    registerOpen: all.register_open.trim() !== '0',
    showAi: on(all.open_ai_key) || on(all.open_api_key),
    publicSquareEnabled: on(all.enable_public_square),
    oauth2Open: on(all.oauth2_open),
    oauth2EntranceTips,
    showWatermark: on(all.show_watermark),
    forceLogin: on(all.force_login),
  };
}
