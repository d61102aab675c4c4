// LDAP sign-in and user sync (compat-api §20.3 LDAP, §2.1 step 5) against a real OpenLDAP server that the
// test starts on a free port, with 1,202 users: more than the directory's 1,000-entry cap on plain searches.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildServices } from '../../api/src/domain/services';
import { testDatabases } from '../support/mysql';
import { startTestServer, TEST_CAPTCHA, type TestServer } from '../support/server';
import {
  LDAP_PEOPLE,
  LDAP_READER,
  slapdAvailable,
  startDirectory,
  type TestDirectory,
} from '../support/slapd';
import { api, expectError, expectOk, loginAdmin, postJson } from './wire-helpers';

const SPARE_USERS = 1200;
const people = [
  { uid: 'alice', cn: 'Alice Liddell', password: 'alice-ldap' },
  { uid: 'bob', cn: 'Bob Builder', password: 'bob-ldap' },
  ...Array.from({ length: SPARE_USERS }, (_, i) => ({
    uid: `staff${String(i).padStart(4, '0')}`,
    cn: `Staff ${i}`,
    password: `pw-${i}`,
  })),
];

const describeWithSlapd = slapdAvailable() ? describe : describe.skip;

describeWithSlapd.each(testDatabases())('LDAP against a real slapd on $name', (target) => {
  let directory: TestDirectory;
  let server: TestServer;
  let adminToken: string;
  let form: Record<string, string | number>;

  beforeAll(async () => {
    directory = await startDirectory(people);
    // The directory listens on loopback: this site allows private outbound hosts.
    server = await startTestServer(target, `compat_ldap_${target.name}`, { allowPrivateOutbound: true });
    adminToken = await loginAdmin(server);
    form = {
      host: directory.host,
      port: directory.port,
      version: 3,
      base_dn: LDAP_PEOPLE,
      bind_dn: LDAP_READER.dn,
      bind_password: LDAP_READER.password,
      user_field: 'uid',
      name_field: 'cn',
      search_filter: '(&(objectClass=inetOrgPerson)(uid=%(user)s))',
    };
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await directory?.close();
  });

  const save = (open: number, ldapForm: unknown) =>
    postJson(server, api('adminSetting/saveLdapConfig'), {
      ldap_open: open,
      ldap_form: ldapForm,
      user_token: adminToken,
    });
  const signIn = (username: string, password: string) =>
    server.form(api('user/login'), { username, password, captcha: TEST_CAPTCHA });

  it('refuses settings that cannot bind (10011) and saves nothing', async () => {
    expectError(await save(1, { ...form, bind_password: 'wrong' }), 10011, /bind/i);
    expectError(await save(1, { ...form, port: directory.port === 1 ? 2 : 1 }), 10011);
    const loaded = expectOk(
      await server.form(api('adminSetting/loadLdapConfig'), { user_token: adminToken }),
    );
    expect(loaded).toEqual({ ldap_open: null, ldap_form: null });
    expectError(
      await server.form(api('adminSetting/syncLdapUsers'), { user_token: adminToken }),
      10011,
      'LDAP 未启用',
    );
  });

  it('counts the directory on "test connection" without saving', async () => {
    const answer = await server.graphql<{ adminTestLdap: number }>(
      'mutation($form: LdapFormInput!) { adminTestLdap(form: $form) }',
      { form },
      adminToken,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.adminTestLdap).toBe(people.length);
  });

  it('turns LDAP on and creates an account for every one of the 1,202 users (paged search)', async () => {
    expectOk(await save(1, form));
    const loaded = expectOk(
      await server.form(api('adminSetting/loadLdapConfig'), { user_token: adminToken }),
    );
    expect(loaded.ldap_open).toBe('1');
    expect(loaded.ldap_form).toEqual(
      expect.objectContaining({ host: directory.host, user_field: 'uid', name_field: 'cn' }),
    );
    const list = expectOk(
      await server.form(api('adminUser/getList'), { user_token: adminToken, username: 'staff', count: 1 }),
    );
    expect(list.total).toBe(SPARE_USERS);
    expect(
      expectOk(await server.form(api('adminSetting/syncLdapUsers'), { user_token: adminToken })),
    ).toEqual({ sync_count: 0 });
  }, 60_000);

  it('signs a directory user in with the directory password, syncing the name; a wrong password is refused', async () => {
    const session = expectOk(await signIn('alice', 'alice-ldap'));
    expect(session).toEqual(
      expect.objectContaining({ username: 'alice', name: 'Alice Liddell', groupid: '2' }),
    );
    const info = expectOk(await server.form(api('user/info'), { user_token: session.user_token }));
    expect(info.is_sso).toBe('1');
    expectError(await signIn('alice', 'not-her-password'), 10210, '用户名或密码错误');
    expectError(await signIn('nobody', 'alice-ldap'), 10210);
  });

  it('creates the account of a directory user on first sign-in when the sync has not run', async () => {
    const em = server.db.orm.em.fork();
    await em.getConnection().execute("delete from user where username = 'bob'");
    const session = expectOk(await signIn('bob', 'bob-ldap'));
    expect(session).toEqual(expect.objectContaining({ username: 'bob', name: 'Bob Builder' }));
  });

  it('refuses a filter-injection name without matching anyone', async () => {
    expectError(await signIn('*)(uid=*', 'alice-ldap'), 10101);
    // Past the login-name rule, the directory itself is asked with the escaped name: no one matches.
    const services = buildServices(server.db.orm.em.fork(), { allowPrivateOutbound: true });
    const directoryOf = services.accounts as unknown as {
      directory: { authenticate(u: string, p: string): Promise<unknown> };
    };
    expect(await directoryOf.directory.authenticate('*)(uid=*', 'alice-ldap')).toBeNull();
    expect(await directoryOf.directory.authenticate('alic*', 'alice-ldap')).toBeNull();
    expect(await directoryOf.directory.authenticate('alice', 'alice-ldap')).toEqual(
      expect.objectContaining({ username: 'alice' }),
    );
  });

  it('never signs the local administrator in through the directory', async () => {
    expectError(await signIn('admin', 'alice-ldap'), 10210);
  });
});
