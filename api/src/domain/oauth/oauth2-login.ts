import type { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';
import { User } from '../../../../db/src';
import type { AccountService, Session } from '../accounts/account.service';
import { NO_LOCAL_PASSWORD } from '../accounts/password';
import { DomainError } from '../errors';
import { hasForbiddenControlCharacter } from '../input/control-characters';
import { checkOutboundUrl, type OutboundPolicy } from '../net/outbound-url';
import type { SettingsService } from '../settings/settings.service';
import { safeRedirect } from '../sso/secret-key-login';
import type { Viewer } from '../viewer';
import {
  checkOAuth2Form,
  normalizeOAuth2Form,
  providerBase,
  providerUrl,
  type OAuth2Form,
} from './oauth2-form';

type OpenIdClient = typeof import('openid-client', { with: { 'resolution-mode': 'import' } });
type Configuration = InstanceType<OpenIdClient['Configuration']>;
let openIdClient: Promise<OpenIdClient> | null = null;
/** openid-client is ESM-only: loaded once with a real `import()` (as file-type, files/file-rules.ts). */
const loadClient = () => (openIdClient ??= import('openid-client'));

/** What the browser keeps between the redirect to the provider and its return (an httpOnly cookie). */
export interface OAuth2Pending {
  state: string;
  nonce: string;
  verifier: string;
  redirect: string;
}

export interface OAuth2Config {
  open: boolean;
  form: OAuth2Form | null;
}

const invalidState = () => new DomainError('BadInput', { en: 'Invalid state', zh: 'Invalid state' });
const failed = (en: string, zh: string) => new DomainError('Failed', { en, zh });
const USERNAME_KEYS = ['preferred_username', 'name', 'username', 'login'];

/** The first non-empty value of one of `keys`, searched breadth-first through nested objects (ShowDoc). */
export function findUsername(info: unknown): string {
  const queue: unknown[] = [info];
  for (let seen = 0; queue.length && seen < 200; seen++) {
    const node = queue.shift();
    if (!node || typeof node !== 'object') continue;
    const record = node as Record<string, unknown>;
    for (const key of USERNAME_KEYS) {
      const value = record[key];
      if ((typeof value === 'string' && value.trim()) || typeof value === 'number')
        return String(value).trim();
    }
    queue.push(...Object.values(record).filter((v) => v && typeof v === 'object'));
  }
  return '';
}

/**
 * openid-client sends the callback address without its query, but ShowDoc's is
 * `/server/?s=/api/extLogin/oauth2`, and providers compare it whole: the token request gets it back.
 */
function withFullRedirectUri(body: unknown, redirectUri: string): unknown {
  const params =
    body instanceof URLSearchParams
      ? new URLSearchParams(body)
      : typeof body === 'string'
        ? new URLSearchParams(body)
        : null;
  if (!params || params.get('grant_type') !== 'authorization_code') return body;
  const full = new URL(redirectUri);
  if (!full.search) return body;
  const stripped = new URL(redirectUri);
  stripped.search = '';
  if (params.get('redirect_uri') !== stripped.href) return body;
  params.set('redirect_uri', full.href);
  return params;
}

/**
 * OAuth2 / OpenID Connect sign-in (compat-api §21.2): ShowDoc's generic code flow with the configured
 * paths, upgraded to OpenID Connect (discovery, PKCE, nonce, ID token checks) when the provider publishes
 * a discovery document at its base address. `state` travels in an httpOnly cookie instead of a PHP session.
 */
export class OAuth2Login {
  constructor(
    private readonly em: EntityManager,
    private readonly settings: SettingsService,
    private readonly accounts: AccountService,
    private readonly outbound: OutboundPolicy,
  ) {}

  async load(viewer: Viewer): Promise<OAuth2Config> {
    viewer.requireAdmin();
    return {
      open: await this.settings.flag('oauth2_open'),
      form: normalizeOAuth2Form(await this.settings.get('oauth2_form')),
    };
  }

  async save(viewer: Viewer, open: boolean, rawForm: unknown): Promise<void> {
    viewer.requireAdmin();
    const form = normalizeOAuth2Form(rawForm);
    if (open) {
      if (!form) throw failed('The OAuth2 settings are incomplete', 'OAuth2 配置不完整');
      await checkOAuth2Form(form, this.outbound);
    }
    await this.settings.set({
      oauth2_open: open ? '1' : '0',
      ...(form ? { oauth2_form: JSON.stringify(form) } : {}),
    });
  }

  /** The provider's authorization address, and what to keep until the browser comes back. */
  async start(redirect: string | undefined): Promise<{ url: string; pending: OAuth2Pending }> {
    const form = await this.activeForm();
    const oidc = await loadClient();
    const { config, isOidc } = await this.configuration(form);
    const pending: OAuth2Pending = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier: oidc.randomPKCECodeVerifier(),
      redirect: safeRedirect(redirect),
    };
    const scope = form.scope || (isOidc ? 'openid profile' : '');
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: form.redirectUri,
      state: pending.state,
      code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
      code_challenge_method: 'S256',
      ...(isOidc ? { nonce: pending.nonce } : {}),
      ...(scope ? { scope } : {}),
    });
    return { url: url.href, pending };
  }

  /**
   * The provider's return: `state` must match the one kept in the browser, the code is exchanged (with
   * the PKCE verifier), the user is found or created from the user info. Administrators are refused.
   */
  async finish(
    pending: OAuth2Pending | null,
    query: Record<string, string>,
    ip: string,
  ): Promise<{ session: Session; redirect: string }> {
    if (!pending || !query.state || query.state !== pending.state) throw invalidState();
    const form = await this.activeForm();
    const oidc = await loadClient();
    const { config, isOidc } = await this.configuration(form);
    const callback = new URL(form.redirectUri);
    for (const [key, value] of Object.entries(query)) callback.searchParams.set(key, value);
    let info: unknown;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callback, {
        expectedState: pending.state,
        pkceCodeVerifier: pending.verifier,
        ...(isOidc ? { expectedNonce: pending.nonce, idTokenExpected: true } : {}),
      });
      const claims = tokens.claims();
      if (isOidc && claims && config.serverMetadata().userinfo_endpoint) {
        info = { ...claims, ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)) };
      } else if (isOidc && claims) {
        info = claims;
      } else {
        const response = await oidc.fetchProtectedResource(
          config,
          tokens.access_token,
          new URL(providerUrl(form, form.userinfo_path)),
          'GET',
        );
        info = await response.json();
      }
    } catch (err) {
      if (err instanceof DomainError) throw err;
      throw failed(
        `The sign-in at the provider failed: ${(err as Error).message}`,
        `OAuth2 登录失败：${(err as Error).message}`,
      );
    }
    const username = findUsername(info).slice(0, 64);
    if (!username || hasForbiddenControlCharacter(username) || /\s/.test(username.replace(/ /g, '')))
      throw failed(
        `The provider sent no user name: ${JSON.stringify(info).slice(0, 500)}`,
        `未获取到用户名：${JSON.stringify(info).slice(0, 500)}`,
      );
    const name =
      typeof (info as Record<string, unknown>).name === 'string'
        ? String((info as Record<string, unknown>).name)
        : '';
    const user = await this.account(username, name);
    return { session: await this.accounts.openSessionFor(user, ip), redirect: pending.redirect };
  }

  /** Where the web app sends the browser after a logout, when OAuth2 is on ('' otherwise). */
  async logoutRedirect(): Promise<string> {
    if (!(await this.settings.flag('oauth2_open'))) return '';
    return normalizeOAuth2Form(await this.settings.get('oauth2_form'))?.logout_redirect_uri ?? '';
  }

  private async activeForm(): Promise<OAuth2Form> {
    if (!(await this.settings.flag('oauth2_open'))) throw failed('OAuth2 is not enabled', '尚未启用 OAuth2');
    const form = normalizeOAuth2Form(await this.settings.get('oauth2_form'));
    if (!form || !form.client_id || !form.host)
      throw failed('The OAuth2 settings are incomplete', 'OAuth2 配置不完整');
    return form;
  }

  /** OpenID Connect when the provider publishes discovery at its base address, else the configured paths. */
  private async configuration(form: OAuth2Form): Promise<{ config: Configuration; isOidc: boolean }> {
    const oidc = await loadClient();
    // Every call to the provider (discovery, token, user info, keys) is checked against SSRF first.
    type CustomFetch = NonNullable<Configuration[OpenIdClient['customFetch']]>;
    const guardedFetch: CustomFetch = async (url, options) => {
      await checkOutboundUrl(url, this.outbound);
      return fetch(url, {
        method: options.method,
        headers: options.headers,
        body: withFullRedirectUri(options.body, form.redirectUri) as BodyInit | null,
        redirect: 'manual',
        signal: AbortSignal.timeout(10_000),
      });
    };
    const insecure = form.protocol === 'http' ? [oidc.allowInsecureRequests] : [];
    let config: Configuration;
    let isOidc = true;
    try {
      config = await oidc.discovery(
        new URL(providerBase(form)),
        form.client_id,
        form.client_secret || undefined,
        undefined,
        {
          [oidc.customFetch]: guardedFetch,
          execute: insecure,
        },
      );
    } catch (err) {
      if (err instanceof DomainError) throw err;
      isOidc = false;
      config = new oidc.Configuration(
        {
          issuer: providerBase(form),
          authorization_endpoint: providerUrl(form, form.authorize_path),
          token_endpoint: providerUrl(form, form.token_path),
        },
        form.client_id,
        form.client_secret || undefined,
      );
      for (const run of insecure) run(config);
    }
    config[oidc.customFetch] = guardedFetch;
    return { config, isOidc };
  }

  private async account(username: string, name: string): Promise<User> {
    let user = await (this.em as SqlEntityManager)
      .createQueryBuilder(User, 'u')
      .where('lower(u.username) = ?', [username.toLowerCase()])
      .getSingleResult();
    if (user?.isAdmin) throw new DomainError('SsoAdminRefused');
    user ??= this.em.create(User, { username, passwordHash: NO_LOCAL_PASSWORD });
    if (name && !user.name) user.name = name.slice(0, 100);
    user.isSso = true;
    user.lastLoginAt = new Date();
    await this.em.persist(user).flush();
    return user;
  }
}
