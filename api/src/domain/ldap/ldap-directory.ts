import type { Entry } from 'ldapts';
import { DomainError } from '../errors';
import { checkOutboundHost, type OutboundPolicy } from '../net/outbound-url';
import type { SettingsService } from '../settings/settings.service';
import { everyoneFilter, userFilter } from './ldap-filter';

// ldapts loads when a directory is first contacted, not at server start.
const loadLdapts = () => import('ldapts');
type LdapClient = InstanceType<Awaited<ReturnType<typeof loadLdapts>>['Client']>;

/** ShowDoc's `ldap_form` (compat-api §20.3). */
export interface LdapForm {
  host: string;
  port: number;
  version: number;
  base_dn: string;
  bind_dn: string;
  bind_password: string;
  /** Attribute holding the login name (default `cn`, compared lower-cased). */
  user_field: string;
  /** Attribute holding the display name. */
  name_field: string;
  /** May hold `%(user)s` for the typed name. */
  search_filter: string;
}

export interface DirectoryPerson {
  dn: string;
  username: string;
  name: string;
}

const TIMEOUT_MS = 8000;
/** Entries per page of a paged search: directories cap plain searches (AD: 1,000; ShowDoc issue #1242). */
const PAGE_SIZE = 500;
const ldapError = (en: string, zh: string) => new DomainError('LdapFailed', { en, zh });

/** Fills the defaults of a stored or sent form; null when it is not an object. */
export function normalizeLdapForm(raw: unknown): LdapForm | null {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = raw ? JSON.parse(raw) : null;
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const text = (key: string, fallback = '') =>
    v[key] === undefined || v[key] === null ? fallback : String(v[key]).trim();
  const port = Number.parseInt(text('port', '389'), 10);
  const version = Number.parseInt(text('version', '3'), 10);
  return {
    host: text('host'),
    port: Number.isFinite(port) ? port : 389,
    version: Number.isFinite(version) ? version : 3,
    base_dn: text('base_dn'),
    bind_dn: text('bind_dn'),
    bind_password: v.bind_password === undefined || v.bind_password === null ? '' : String(v.bind_password),
    user_field: (text('user_field') || 'cn').toLowerCase(),
    name_field: text('name_field'),
    search_filter: text('search_filter') || '(cn=*)',
  };
}

export function checkLdapForm(form: LdapForm): void {
  if (!form.host || !form.base_dn) throw ldapError('The LDAP settings are incomplete', 'LDAP 配置不完整');
  if (!/^[A-Za-z0-9.-]+$/.test(form.host.replace(/^ldaps?:\/\//i, '')))
    throw ldapError('The LDAP host is a host name or address', 'LDAP 主机地址格式不正确');
  if (!Number.isSafeInteger(form.port) || form.port < 1 || form.port > 65535)
    throw ldapError('The LDAP port is 1 to 65535', 'LDAP 端口须在 1 到 65535 之间');
  if (
    !/^[A-Za-z][A-Za-z0-9-]*$/.test(form.user_field) ||
    (form.name_field && !/^[A-Za-z][A-Za-z0-9-]*$/.test(form.name_field))
  )
    throw ldapError('The user and name fields are attribute names', '用户字段和姓名字段必须是属性名');
}

/**
 * Talks to the site's LDAP directory: checks a user's password by binding as their entry, lists every
 * user with a paged search. Every host is checked against the outbound policy before a connection opens.
 */
export class LdapDirectory {
  constructor(
    private readonly settings: SettingsService,
    private readonly outbound: OutboundPolicy,
  ) {}

  /** The stored form when LDAP is on and the form is usable; null otherwise. */
  async activeForm(): Promise<LdapForm | null> {
    if (!(await this.settings.flag('ldap_open'))) return null;
    const form = normalizeLdapForm(await this.settings.get('ldap_form'));
    if (!form || !form.host || !form.base_dn) return null;
    return form;
  }

  /**
   * The directory person behind `username` when `password` binds as their entry; null for a wrong
   * password, no such person, or LDAP off. An unreachable directory counts as a failed check.
   */
  async authenticate(username: string, password: string): Promise<DirectoryPerson | null> {
    // An empty password would be an anonymous bind, which most servers accept.
    if (!password) return null;
    const form = await this.activeForm();
    if (!form) return null;
    try {
      const people = await this.search(form, userFilter(form.search_filter, form.user_field, username), 2);
      const person = people.find((p) => p.username.toLowerCase() === username.toLowerCase());
      if (!person) return null;
      const client = await this.connect(form);
      try {
        await client.bind(person.dn, password);
        return person;
      } catch {
        return null;
      } finally {
        await client.unbind().catch(() => undefined);
      }
    } catch {
      return null;
    }
  }

  /** Every user of the directory (paged), for the sync and the "test connection" count. */
  async everyone(form: LdapForm): Promise<DirectoryPerson[]> {
    return this.search(form, everyoneFilter(form.search_filter));
  }

  private async search(form: LdapForm, filter: string, sizeLimit = 0): Promise<DirectoryPerson[]> {
    const client = await this.connect(form);
    try {
      try {
        await client.bind(form.bind_dn, form.bind_password);
      } catch {
        throw ldapError(
          "Can't bind to the LDAP server: check the bind DN and password",
          "Can't bind to LDAP server",
        );
      }
      const attributes = [form.user_field, ...(form.name_field ? [form.name_field] : [])];
      const { searchEntries } = await client.search(form.base_dn, {
        scope: 'sub',
        filter,
        attributes,
        sizeLimit,
        ...(sizeLimit ? {} : { paged: { pageSize: PAGE_SIZE } }),
      });
      return searchEntries.flatMap((entry) => {
        const username = attribute(entry, form.user_field);
        if (!username) return [];
        return [{ dn: entry.dn, username, name: form.name_field ? attribute(entry, form.name_field) : '' }];
      });
    } catch (err) {
      if (err instanceof DomainError) throw err;
      throw ldapError(
        `The LDAP search failed: ${(err as Error).message}`,
        `LDAP 查询失败：${(err as Error).message}`,
      );
    } finally {
      await client.unbind().catch(() => undefined);
    }
  }

  private async connect(form: LdapForm): Promise<LdapClient> {
    const host = form.host.replace(/^ldaps?:\/\//i, '');
    await checkOutboundHost(host, this.outbound);
    const secure = form.port === 636 || /^ldaps:/i.test(form.host);
    const { Client } = await loadLdapts();
    const client = new Client({
      url: `${secure ? 'ldaps' : 'ldap'}://${host}:${form.port}`,
      timeout: TIMEOUT_MS,
      connectTimeout: TIMEOUT_MS,
      // As ShowDoc: intranet directories often carry a self-signed certificate. ldapts speaks TLS whenever
      // tlsOptions is given, so a plain ldap:// connection must not get any.
      ...(secure ? { tlsOptions: { rejectUnauthorized: false } } : {}),
    });
    return client;
  }
}

/** The first value of an attribute, its name matched case-insensitively (directories differ). */
function attribute(entry: Entry, name: string): string {
  const key = Object.keys(entry).find((k) => k.toLowerCase() === name.toLowerCase());
  if (!key) return '';
  const value = entry[key];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? '' : Buffer.isBuffer(first) ? first.toString('utf8') : String(first).trim();
}
