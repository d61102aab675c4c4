import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';
import { User } from '../../../../db/src';
import type { AccountService, Session } from '../accounts/account.service';
import { hashPassword } from '../accounts/password';
import { USERNAME_PATTERN } from '../accounts/account.service';
import { DomainError } from '../errors';
import type { SettingsService } from '../settings/settings.service';
import type { Viewer } from '../viewer';

/** How long a signed sign-in link stays valid (ShowDoc: 60 s). */
export const SSO_LINK_SECONDS = 60;

export interface SecretKeyLoginInput {
  username: string;
  /** Unix seconds the link was signed at. */
  time: number;
  /** md5(username + key + time), lower-case hex. */
  token: string;
  name?: string;
  redirect?: string;
}

/**
 * "Generic access" single sign-on (compat-api §21.1): another system signs a link with the site's secret
 * key; following it signs the user in (created on first use). Administrators never sign in this way.
 */
export class SecretKeyLogin {
  constructor(
    private readonly em: EntityManager,
    private readonly settings: SettingsService,
    private readonly accounts: AccountService,
  ) {}

  /** The key, created on first read. */
  async key(viewer: Viewer): Promise<string> {
    viewer.requireAdmin();
    const existing = await this.settings.get('login_secret_key');
    if (existing) return existing;
    return this.reset(viewer);
  }

  async reset(viewer: Viewer): Promise<string> {
    viewer.requireAdmin();
    const key = randomBytes(16).toString('hex');
    await this.settings.set({ login_secret_key: key });
    return key;
  }

  async login(input: SecretKeyLoginInput, ip: string, now = new Date()): Promise<Session> {
    const key = await this.settings.get('login_secret_key');
    if (!key) throw new DomainError('SecretKeyMissing');
    const nowSeconds = Math.floor(now.getTime() / 1000);
    // A link from the future is refused too: ShowDoc accepted any later time, so a link never expired.
    if (!(input.time >= nowSeconds - SSO_LINK_SECONDS && input.time <= nowSeconds + SSO_LINK_SECONDS))
      throw new DomainError('SsoExpired');
    const username = input.username.trim();
    const expected = createHash('md5').update(`${username}${key}${input.time}`).digest('hex');
    const given = Buffer.from(input.token.toLowerCase());
    if (given.length !== expected.length || !timingSafeEqual(given, Buffer.from(expected)))
      throw new DomainError('SsoTokenWrong');
    if (!USERNAME_PATTERN.test(username)) throw new DomainError('UsernameInvalid');
    let user = await (this.em as SqlEntityManager)
      .createQueryBuilder(User, 'u')
      .where('lower(u.username) = ?', [username.toLowerCase()])
      .getSingleResult();
    if (user?.isAdmin) throw new DomainError('SsoAdminRefused');
    const name = input.name?.trim().slice(0, 100);
    if (!user) {
      user = this.em.create(User, {
        username,
        passwordHash: await hashPassword(randomBytes(24).toString('hex')),
      });
      this.em.persist(user);
    }
    if (name) user.name = name;
    user.isSso = true;
    user.lastLoginAt = now;
    await this.em.flush();
    return this.accounts.openSessionFor(user, ip, now);
  }
}

/** ShowDoc's rule for where a sign-in may land: a path of this site, never another origin. */
export function safeRedirect(redirect: string | undefined, fallback = '/item/index'): string {
  const path = (redirect ?? '').trim();
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('://') || path.includes('\\'))
    return fallback;
  return path;
}
