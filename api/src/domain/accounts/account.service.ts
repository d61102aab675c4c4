import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';
import { User, UserGroup, UserToken } from '../../../../db/src';
import { DomainError } from '../errors';
import type { RateLimits } from '../limits/rate-limits';
import type { SettingsService } from '../settings/settings.service';
import { Viewer, type Account } from '../viewer';
import type { DirectoryPerson, LdapDirectory } from '../ldap/ldap-directory';
import type { CaptchaService } from './captcha.service';
import { decoyPasswordHash, hashPassword, needsRehash, NO_LOCAL_PASSWORD, verifyPassword } from './password';
import { connectSessionCache, sessionCacheOf } from './session-cache';
import { hashToken, newToken } from './token';
import { userProfiles, type UserProfile } from './user-rows';
import { afterCommit } from '../transaction';
import { AllowList } from '../net/outbound';
import { checkWebhookUrl } from '../webhooks/webhook-url';

/** ShowDoc's login-name rule: letters, digits, `_`, `-` and CJK, 2 to 30 characters. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_\-\u4e00-\u9fa5]{2,30}$/;
export const MAX_PASSWORD_BYTES = 100;
export const MAX_NAME_LENGTH = 100;
const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * The member picker needs a few names, not a directory of the site: a search answers at most this many
 * matches, and only for a text of at least USER_SEARCH_MIN_LENGTH characters (ShowDoc listed every user).
 */
export const USER_SEARCH_LIMIT = 20;
export const USER_SEARCH_MIN_LENGTH = 2;

/**
 * Whether the viewer may learn if `user` administers the site: administrators may, and everyone of
 * themselves. Nobody else gets a list of whom to attack.
 */
export function mayKnowRole(viewer: Viewer, user: { id: number }): boolean {
  return viewer.isAdmin || viewer.userId === user.id;
}

export interface CaptchaAnswer {
  captchaId: number;
  captcha: string;
}

export interface RegisterInput extends CaptchaAnswer {
  username: string;
  password: string;
  confirmPassword: string;
}

export interface LoginInput extends CaptchaAnswer {
  /** Username or e-mail address. */
  login: string;
  password: string;
}

export interface Session {
  user: User;
  token: string;
  expiresAt: Date;
}

export class AccountService {
  constructor(
    private readonly em: EntityManager,
    private readonly settings: SettingsService,
    private readonly captchas: CaptchaService,
    private readonly limits: RateLimits,
    /** The site's LDAP directory, tried after a local password fails (when LDAP is on). */
    private readonly directory: LdapDirectory | null = null,
  ) {
    // Logouts and password changes of this request reach the node's session cache once committed.
    connectSessionCache(em);
  }

  async register(input: RegisterInput, ip = '', now = new Date()): Promise<Session> {
    // Closed only by exactly '0', as in ShowDoc (an empty value keeps registration open).
    if ((await this.settings.get('register_open')).trim() === '0') throw new DomainError('RegisterClosed');
    const username = input.username.trim();
    if (!username || !input.password) throw new DomainError('CredentialsRequired');
    if (!USERNAME_PATTERN.test(username)) throw new DomainError('UsernameInvalid');
    await this.checkPasswordPolicy(input.password);
    if (input.password !== input.confirmPassword) throw new DomainError('PasswordsDiffer');
    await this.limits.register.take(ip);
    if (!(await this.captchas.verify(input.captchaId, input.captcha, now)))
      throw new DomainError('CaptchaWrong');
    if (await this.findByLogin(username)) throw new DomainError('UsernameTaken');

    const user = this.em.create(User, {
      username,
      passwordHash: await hashPassword(input.password),
      lastLoginAt: now,
    });
    try {
      await this.em.persist(user).flush();
    } catch (err) {
      // Two registrations of the same name at once: the unique index decides.
      if (err instanceof UniqueConstraintViolationException) throw new DomainError('UsernameTaken');
      throw err;
    }
    return this.openSession(user, ip, now);
  }

  async login(input: LoginInput, ip = '', now = new Date()): Promise<Session> {
    const login = input.login.trim();
    if (!login || !input.password) throw new DomainError('CredentialsRequired');
    const byEmail = login.includes('@');
    if (!byEmail && !USERNAME_PATTERN.test(login)) throw new DomainError('UsernameInvalid');
    if (!(await this.captchas.verify(input.captchaId, input.captcha, now)))
      throw new DomainError('CaptchaWrong');

    // Counted before the slow hash: parallel guesses each take their own count, none slips past it.
    const attempt = await this.limits.login.admit(login.toLowerCase(), ip);
    let user = await this.findByLogin(login);
    const passwordOk = await verifyPassword(
      user?.passwordHash ?? (await decoyPasswordHash()),
      input.password,
    );
    if (!user || !passwordOk) {
      // Local administrators never sign in through the directory: a directory entry of the same name
      // must not become the site's administrator.
      const person =
        byEmail || user?.isAdmin ? null : await this.directory?.authenticate(login, input.password);
      if (!person) throw new DomainError('WrongCredentials');
      user = await this.directoryAccount(user, person);
    }
    await attempt.succeeded();
    user.lastLoginAt = now;
    // An account imported from ShowDoc (bcrypt or legacy md5) moves to argon2id on its first sign-in.
    if (needsRehash(user.passwordHash)) user.passwordHash = await hashPassword(input.password);
    return this.openSession(user, ip, now);
  }

  /** The local account of a directory user, created on first sign-in; the name follows the directory. */
  private async directoryAccount(existing: User | null, person: DirectoryPerson): Promise<User> {
    const user =
      existing ?? this.em.create(User, { username: person.username, passwordHash: NO_LOCAL_PASSWORD });
    if (person.name) user.name = person.name.slice(0, MAX_NAME_LENGTH);
    user.isSso = true;
    try {
      await this.em.persist(user).flush();
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException) throw new DomainError('WrongCredentials');
      throw err;
    }
    return user;
  }

  /** A session for a user signed in another way (single sign-on, LDAP, OAuth2). */
  openSessionFor(user: User, ip: string, now = new Date()): Promise<Session> {
    return this.openSession(user, ip, now);
  }

  private async openSession(user: User, ip: string, now: Date): Promise<Session> {
    const token = newToken();
    const ttlDays = await this.settings.number('token_ttl_days');
    const expiresAt = new Date(now.getTime() + Math.max(1, ttlDays) * DAY_MS);
    this.em.persist(
      this.em.create(UserToken, { user, tokenHash: hashToken(token), expiresAt, ip: ip.slice(0, 64) }),
    );
    await this.em.flush();
    await this.em.nativeDelete(UserToken, { expiresAt: { $lt: now } });
    return { user, token, expiresAt };
  }

  /** The user behind a token; expired and revoked tokens are refused. */
  async authenticate(token: string, now = new Date()): Promise<User> {
    return (await this.signedIn(token, now)).requireUser();
  }

  /**
   * The viewer a token signs in (its hash is the session key); expired and revoked tokens are refused.
   * A session this node saw recently is answered from memory, its user entity made only if asked for.
   */
  async signedIn(token: string, now = new Date(), ip = ''): Promise<Viewer> {
    if (!token) throw new DomainError('TokenMissing');
    const tokenHash = hashToken(token);
    const sessions = sessionCacheOf(this.em);
    const cached = sessions.get(this.em, tokenHash, now.getTime());
    if (cached) return new Viewer(cached, tokenHash, ip);
    const mark = sessions.mark();
    const row = await this.em.findOne(UserToken, { tokenHash }, { populate: ['user'] });
    if (!row || row.expiresAt <= now) throw new DomainError('TokenInvalid');
    sessions.remember(row, tokenHash, now.getTime(), mark);
    return new Viewer(row.user, tokenHash, ip);
  }

  /** Logging out ends every session of the user, as ShowDoc does. */
  async logout(viewer: Viewer): Promise<void> {
    if (!viewer.user) return;
    await this.em.nativeDelete(UserToken, { user: viewer.user });
    afterCommit(this.em).queue('usersChanged', { userIds: [viewer.user.id] });
  }

  /** The caller's own account; answered from the session cache when the request wrote nothing of it. */
  info(viewer: Viewer): Account {
    return viewer.requireAccount();
  }

  async updateName(viewer: Viewer, name: string): Promise<User> {
    const user = viewer.requireUser();
    const trimmed = name.trim();
    if (trimmed.length > MAX_NAME_LENGTH) throw new DomainError('NameTooLong');
    user.name = trimmed || null;
    await this.em.flush();
    return user;
  }

  /**
   * Changing the password ends every other session. ShowDoc also revokes the token of this very
   * request; Quire keeps it, so the person who just proved the old password stays signed in.
   */
  async changePassword(viewer: Viewer, oldPassword: string, newPassword: string): Promise<void> {
    const user = viewer.requireUser();
    if (!newPassword) throw new DomainError('NewPasswordRequired');
    await this.checkPasswordPolicy(newPassword);
    const attempt = await this.limits.oldPassword.admit(`user:${user.id}`, viewer.ip);
    if (!(await verifyPassword(user.passwordHash, oldPassword))) throw new DomainError('OldPasswordWrong');
    await attempt.succeeded();
    user.passwordHash = await hashPassword(newPassword);
    await this.em.flush();
    await this.em.nativeDelete(UserToken, {
      user,
      ...(viewer.sessionKey ? { tokenHash: { $ne: viewer.sessionKey } } : {}),
    });
    afterCommit(this.em).queue('usersChanged', { userIds: [user.id] });
  }

  /** Where notifications are pushed (a webhook of a messaging app); '' turns pushing off. */
  async savePushUrl(viewer: Viewer, url: string): Promise<void> {
    const user = viewer.requireUser();
    const trimmed = url.trim();
    if (trimmed && !/^https?:\/\/\S+$/i.test(trimmed)) {
      throw new DomainError('BadInput', {
        en: 'The push address must be an http(s) URL',
        zh: '推送地址必须是 http(s) 链接',
      });
    }
    if (trimmed.length > 500)
      throw new DomainError('BadInput', { en: 'The push address is too long', zh: '推送地址过长' });
    // Reminders are POSTed there: internal addresses are refused now, as for item webhooks.
    if (trimmed) {
      const allow = new AllowList(await this.settings.get('webhook_allow_hosts'));
      await checkWebhookUrl(trimmed, allow, { allowUnresolved: true });
    }
    user.pushUrl = trimmed || null;
    await this.em.flush();
  }

  /** The profiles shown next to what the viewer reads (the owners of listed items), in one read. */
  profiles(ids: readonly number[]): Promise<Map<number, UserProfile>> {
    return userProfiles(this.em, ids);
  }

  /**
   * Candidates for member pickers: username or name contains the text. A short or empty text finds no
   * one, so the picker cannot page through every account.
   */
  async searchUsers(viewer: Viewer, text: string): Promise<User[]> {
    viewer.requireUserId();
    const needle = text.trim().slice(0, 200).toLowerCase();
    if ([...needle].length < USER_SEARCH_MIN_LENGTH) return [];
    // '!' escapes LIKE wildcards the same way on SQLite (no default escape) and MySQL.
    const like = `%${needle.replace(/[!%_]/g, (c) => `!${c}`)}%`;
    return (this.em as SqlEntityManager)
      .createQueryBuilder(User, 'u')
      .where("lower(u.username) like ? escape '!' or lower(u.name) like ? escape '!'", [like, like])
      .orderBy({ id: 'asc' })
      .limit(USER_SEARCH_LIMIT)
      .getResult();
  }

  /** Usernames and e-mail addresses match case-insensitively on every database. */
  private async findByLogin(login: string): Promise<User | null> {
    const column = login.includes('@') ? 'email' : 'username';
    return (this.em as SqlEntityManager)
      .createQueryBuilder(User, 'u')
      .where(`lower(u.${column}) = ?`, [login.toLowerCase()])
      .getSingleResult();
  }

  /** Length, and the strong-password rule when the site turns it on (register, add-user, change-password). */
  async checkPasswordPolicy(password: string): Promise<void> {
    if (Buffer.byteLength(password) > MAX_PASSWORD_BYTES) throw new DomainError('PasswordTooLong');
    if (!(await this.settings.flag('strong_password_enabled'))) return;
    const missing: Array<{ en: string; zh: string }> = [];
    if (password.length < 8) missing.push({ en: 'at least 8 characters', zh: '密码长度至少8位' });
    if (!/[a-z]/.test(password)) missing.push({ en: 'a lower-case letter', zh: '必须包含小写字母' });
    if (!/[A-Z]/.test(password)) missing.push({ en: 'an upper-case letter', zh: '必须包含大写字母' });
    if (!/[0-9]/.test(password)) missing.push({ en: 'a digit', zh: '必须包含数字' });
    if (!/[^A-Za-z0-9]/.test(password)) missing.push({ en: 'a symbol', zh: '必须包含特殊字符' });
    if (missing.length) {
      throw new DomainError('BadInput', {
        en: `The password needs ${missing.map((m) => m.en).join(', ')}`,
        zh: missing.map((m) => m.zh).join('；'),
      });
    }
  }

  /**
   * First start: make sure an administrator exists. Without a configured password a random one is
   * generated and returned, for the caller to print once.
   */
  async ensureAdmin(
    username = 'admin',
    password?: string,
  ): Promise<{ user: User; created: boolean; generatedPassword?: string }> {
    const existing = await this.em.findOne(User, { groupId: UserGroup.Admin });
    if (existing) return { user: existing, created: false };
    const generatedPassword = password ? undefined : newToken().slice(0, 16);
    const user = this.em.create(User, {
      username,
      groupId: UserGroup.Admin,
      passwordHash: await hashPassword(password ?? generatedPassword!),
    });
    await this.em.persist(user).flush();
    return { user, created: true, generatedPassword };
  }
}
