import type { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';
import { User } from '../../../../db/src';
import { NO_LOCAL_PASSWORD } from '../accounts/password';
import { USERNAME_PATTERN } from '../accounts/account.service';
import { DomainError } from '../errors';
import type { SettingsService } from '../settings/settings.service';
import type { Viewer } from '../viewer';
import {
  checkLdapForm,
  normalizeLdapForm,
  type DirectoryPerson,
  type LdapDirectory,
  type LdapForm,
} from './ldap-directory';

export interface LdapConfig {
  open: boolean;
  form: LdapForm | null;
}

const CHUNK = 200;

/** The console's LDAP tab: settings, "test connection" and "sync users" (compat-api §20.3 LDAP). */
export class LdapAdminService {
  constructor(
    private readonly em: EntityManager,
    private readonly settings: SettingsService,
    private readonly directory: LdapDirectory,
  ) {}

  async load(viewer: Viewer): Promise<LdapConfig> {
    viewer.requireAdmin();
    return {
      open: await this.settings.flag('ldap_open'),
      form: normalizeLdapForm(await this.settings.get('ldap_form')),
    };
  }

  /**
   * Saves the settings. Turning LDAP on first connects, binds and lists the directory (a form that cannot
   * reach it is refused and nothing is saved), then creates the local accounts, as ShowDoc does.
   */
  async save(viewer: Viewer, open: boolean, rawForm: unknown): Promise<{ syncCount: number }> {
    viewer.requireAdmin();
    const form = normalizeLdapForm(rawForm);
    if (!open) {
      await this.settings.set({ ldap_open: '0', ...(form ? { ldap_form: JSON.stringify(form) } : {}) });
      return { syncCount: 0 };
    }
    if (!form)
      throw new DomainError('LdapFailed', { en: 'The LDAP settings are incomplete', zh: 'LDAP 配置不完整' });
    checkLdapForm(form);
    const people = await this.directory.everyone(form);
    await this.settings.set({ ldap_open: '1', ldap_form: JSON.stringify(form) });
    return { syncCount: await this.createAccounts(people) };
  }

  /** Binds with the form and counts the directory's users, without saving anything. */
  async test(viewer: Viewer, rawForm: unknown): Promise<number> {
    viewer.requireAdmin();
    const form = normalizeLdapForm(rawForm);
    if (!form)
      throw new DomainError('LdapFailed', { en: 'The LDAP settings are incomplete', zh: 'LDAP 配置不完整' });
    checkLdapForm(form);
    return (await this.directory.everyone(form)).length;
  }

  /** Creates a local account for every directory user that has none; answers how many were created. */
  async sync(viewer: Viewer): Promise<number> {
    viewer.requireAdmin();
    if (!(await this.settings.flag('ldap_open')))
      throw new DomainError('LdapFailed', { en: 'LDAP is not enabled', zh: 'LDAP 未启用' });
    const form = await this.directory.activeForm();
    if (!form)
      throw new DomainError('LdapFailed', { en: 'The LDAP settings are incomplete', zh: 'LDAP 配置不完整' });
    return this.createAccounts(await this.directory.everyone(form));
  }

  /**
   * Accounts of directory users get no local password (it never verifies): they sign in through LDAP,
   * so a password changed in the directory is never left valid here. Names that cannot be Quire login
   * names are skipped.
   */
  private async createAccounts(people: DirectoryPerson[]): Promise<number> {
    const byName = new Map<string, DirectoryPerson>();
    for (const person of people) {
      if (USERNAME_PATTERN.test(person.username)) byName.set(person.username.toLowerCase(), person);
    }
    const names = [...byName.keys()];
    let created = 0;
    for (let start = 0; start < names.length; start += CHUNK) {
      const chunk = names.slice(start, start + CHUNK);
      const existing = await (this.em as SqlEntityManager)
        .createQueryBuilder(User, 'u')
        .select(['username'])
        .where(`lower(u.username) in (${chunk.map(() => '?').join(', ')})`, chunk)
        .execute<Array<{ username: string }>>('all');
      const taken = new Set(existing.map((row) => row.username.toLowerCase()));
      const fresh = chunk.filter((name) => !taken.has(name));
      for (const name of fresh) {
        const person = byName.get(name)!;
        this.em.persist(
          this.em.create(User, {
            username: person.username,
            name: person.name.slice(0, 100) || null,
            passwordHash: NO_LOCAL_PASSWORD,
            isSso: true,
          }),
        );
      }
      await this.em.flush();
      created += fresh.length;
    }
    return created;
  }
}
