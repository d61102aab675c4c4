// compat-api §20 (administration): every action requires a signed-in site administrator (10103).
import { z } from 'zod';
import { parseOssSetting, QUIRE_VERSION, type SiteConfig } from '../../../api/src/domain';
import type { User } from '../../../db/src';
import { action, type Controller } from '../action';
import { int, str } from '../params';
import { itemRow } from '../presenters/item';
import { localTime, s, type Wire } from '../wire';

const raw = () => z.unknown();

/** A user row of `adminUser/getList`: ShowDoc's keys, but never a password hash or salt (always ''). */
function adminUserRow(user: User): Wire {
  return {
    uid: s(user.id),
    username: user.username,
    groupid: s(user.groupId),
    name: s(user.name),
    avatar: s(user.avatar),
    avatar_small: s(user.avatar),
    email: s(user.email),
    password: '',
    salt: '',
    reg_time: localTime(user.createdAt),
    last_login_time: user.lastLoginAt ? localTime(user.lastLoginAt) : '',
    is_sso: s(user.isSso),
  };
}

export const adminUser: Controller = {
  getList: action({
    auth: 'login',
    params: { username: str(), page: int(1), count: int(20) },
    async handle({ services, viewer }, p) {
      const list = await services.adminUsers.list(viewer, {
        search: p.username,
        page: p.page,
        count: p.count,
      });
      return { total: list.total, users: list.users.map(adminUserRow) };
    },
  }),

  addUser: action({
    auth: 'login',
    params: { username: str(), password: str(), uid: int(), name: raw() },
    async handle({ services, viewer }, p) {
      await services.adminUsers.save(viewer, {
        uid: p.uid,
        username: p.username,
        password: p.password,
        name: p.name === undefined || p.name === null ? undefined : String(p.name),
      });
    },
  }),

  deleteUser: action({
    auth: 'login',
    params: { uid: int() },
    async handle({ services, viewer }, p) {
      await services.adminUsers.delete(viewer, p.uid);
    },
  }),

  changePassword: action({
    auth: 'login',
    params: { uid: int(), new_password: str() },
    async handle({ services, viewer }, p) {
      await services.adminUsers.changePassword(viewer, p.uid, p.new_password);
    },
  }),
};

const itemId = { item_id: int() };

export const adminItem: Controller = {
  getList: action({
    auth: 'login',
    params: {
      item_name: str(),
      username: str(),
      page: int(1),
      count: int(20),
      item_type: int(),
      privacy_type: int(),
      is_del: int(),
    },
    async handle({ services, viewer }, p) {
      const deleted = p.is_del === 1;
      const list = await services.adminItems.list(viewer, {
        itemName: p.item_name,
        username: p.username,
        page: p.page,
        count: p.count,
        itemType: p.item_type,
        privacy: p.privacy_type,
        deleted,
      });
      return {
        total: list.total,
        items: list.items.map(({ item, owner, memberCount }) => ({
          ...itemRow(item, owner),
          addtime: localTime(item.createdAt),
          ...(deleted ? { del_time: localTime(item.deletedAt) } : {}),
          member_num: memberCount,
        })),
      };
    },
  }),

  deleteItem: action({
    auth: 'login',
    params: itemId,
    async handle({ services, viewer }, p) {
      await services.adminItems.delete(viewer, p.item_id);
    },
  }),

  recoverItem: action({
    auth: 'login',
    params: itemId,
    async handle({ services, viewer }, p) {
      await services.adminItems.recover(viewer, p.item_id);
    },
  }),

  hardDeleteItem: action({
    auth: 'login',
    params: itemId,
    async handle({ services, viewer }, p) {
      await services.adminItems.hardDelete(viewer, p.item_id);
    },
  }),

  attorn: action({
    auth: 'login',
    params: { item_id: int(), username: str() },
    async handle({ services, viewer }, p) {
      const item = await services.adminItems.transfer(viewer, p.item_id, p.username);
      return itemRow(item, item.owner);
    },
  }),
};

/** ShowDoc's flags: booleans, '1'/'0', numbers; absent is off. */
function flag(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'boolean') return value;
  const text = String(value).trim().toLowerCase();
  return text !== '' && text !== '0' && text !== 'false';
}

/** An integer option; absent or blank keeps `fallback`, anything else non-numeric is NaN (refused by the domain). */
function integer(value: unknown, fallback: number): number {
  if (value === undefined || value === null || String(value).trim() === '') return fallback;
  const text = String(value).trim();
  return /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

const CONFIG_FIELDS = [
  'register_open',
  'oss_open',
  'show_watermark',
  'force_login',
  'enable_public_square',
  'strong_password_enabled',
  'history_version_count',
  'home_page',
  'home_item',
  'beian',
  'site_url',
  'ai_model_name',
  'ai_service_url',
  'ai_service_token',
  'open_ai_host',
  'open_ai_key',
  'ai_system_prompt',
  'ai_welcome_message',
  'ai_max_message_length',
  'ai_tool_rounds',
  'session_expire_days',
  'oss_setting',
] as const;

export const adminSetting: Controller = {
  /** A whole overwrite, as ShowDoc's console sends it (JSON); validated as one, saved as one. */
  saveConfig: action({
    auth: 'login',
    params: Object.fromEntries(CONFIG_FIELDS.map((name) => [name, raw()])) as Record<
      (typeof CONFIG_FIELDS)[number],
      ReturnType<typeof raw>
    >,
    async handle({ services, viewer }, p) {
      const config: SiteConfig = {
        registerOpen: flag(p.register_open),
        ossOpen: flag(p.oss_open),
        showWatermark: flag(p.show_watermark),
        forceLogin: flag(p.force_login),
        enablePublicSquare: flag(p.enable_public_square),
        strongPasswordEnabled: flag(p.strong_password_enabled),
        historyVersionCount: integer(p.history_version_count, 20),
        homePage: integer(p.home_page, 1) || 1,
        homeItem: integer(p.home_item, 0),
        beian: text(p.beian),
        siteUrl: text(p.site_url),
        aiModelName: text(p.ai_model_name),
        aiServiceUrl: text(p.ai_service_url),
        aiServiceToken: text(p.ai_service_token),
        openAiHost: text(p.open_ai_host),
        openAiKey: text(p.open_ai_key),
        aiSystemPrompt: text(p.ai_system_prompt),
        aiWelcomeMessage: text(p.ai_welcome_message),
        aiMaxMessageLength: integer(p.ai_max_message_length, 8000),
        aiToolRounds: integer(p.ai_tool_rounds, 20),
        sessionExpireDays: integer(p.session_expire_days, 180),
        ossSetting: parseOssSetting(p.oss_setting),
      };
      await services.siteConfig.save(viewer, config);
    },
  }),

  /** `[]` until the settings were first saved, as ShowDoc; values as strings, the numbers as numbers. */
  loadConfig: action({
    auth: 'login',
    params: {},
    async handle({ services, viewer }) {
      const c = await services.siteConfig.load(viewer);
      if ((await services.settings.stored('register_open')) === null) return [];
      const f = (b: boolean) => (b ? '1' : '0');
      return {
        oss_open: f(c.ossOpen),
        register_open: f(c.registerOpen),
        show_watermark: f(c.showWatermark),
        history_version_count: String(c.historyVersionCount),
        home_page: String(c.homePage),
        home_item: c.homeItem > 0 ? String(c.homeItem) : '',
        beian: c.beian,
        site_url: c.siteUrl,
        oss_setting: c.ossSetting ? { ...c.ossSetting } : [],
        ai_model_name: c.aiModelName,
        ai_service_url: c.aiServiceUrl,
        ai_service_token: c.aiServiceToken,
        open_ai_host: c.openAiHost,
        open_ai_key: c.openAiKey,
        ai_system_prompt: c.aiSystemPrompt,
        ai_max_message_length: c.aiMaxMessageLength,
        ai_tool_rounds: c.aiToolRounds,
        ai_welcome_message: c.aiWelcomeMessage,
        force_login: f(c.forceLogin),
        enable_public_square: f(c.enablePublicSquare),
        strong_password_enabled: f(c.strongPasswordEnabled),
        session_expire_days: String(c.sessionExpireDays),
      };
    },
  }),

  /** Turning LDAP on connects, binds and creates the directory's accounts first (10011 when it cannot). */
  saveLdapConfig: action({
    auth: 'login',
    params: { ldap_open: raw(), ldap_form: raw() },
    async handle({ services, viewer }, p) {
      await services.ldap.save(viewer, flag(p.ldap_open), p.ldap_form);
    },
  }),

  loadLdapConfig: action({
    auth: 'login',
    params: {},
    async handle({ services, viewer }) {
      const config = await services.ldap.load(viewer);
      return {
        ldap_open: await services.settings.stored('ldap_open'),
        ldap_form: config.form ? { ...config.form } : null,
      };
    },
  }),

  syncLdapUsers: action({
    auth: 'login',
    params: {},
    async handle({ services, viewer }) {
      return { sync_count: await services.ldap.sync(viewer) };
    },
  }),

  saveOauth2Config: action({
    auth: 'login',
    params: { oauth2_open: raw(), oauth2_form: raw() },
    async handle({ services, viewer }, p) {
      await services.oauth2.save(viewer, flag(p.oauth2_open), p.oauth2_form);
    },
  }),

  loadOauth2Config: action({
    auth: 'login',
    params: {},
    async handle({ services, viewer }) {
      const config = await services.oauth2.load(viewer);
      return {
        oauth2_open: await services.settings.stored('oauth2_open'),
        oauth2_form: config.form ? { ...config.form } : null,
      };
    },
  }),

  getLoginSecretKey: action({
    auth: 'login',
    params: {},
    async handle({ services, viewer }) {
      return { login_secret_key: await services.secretKeyLogin.key(viewer) };
    },
  }),

  resetLoginSecretKey: action({
    auth: 'login',
    params: {},
    async handle({ services, viewer }) {
      return { login_secret_key: await services.secretKeyLogin.reset(viewer) };
    },
  }),
};

/** Quire never overwrites itself: "no update", honestly, with how to upgrade (README, "Upgrading"). */
export const adminUpdate: Controller = {
  checkUpdate: action({
    auth: 'anon',
    params: {},
    async handle() {
      return { version: `v${QUIRE_VERSION}`, new_version: '', url: '' };
    },
  }),
};
