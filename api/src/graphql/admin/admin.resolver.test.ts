import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { User } from '../../../../db/src';
import { buildItem, buildSession, buildUser } from '../../../../test/support/factories';
import { testDatabases } from '../../../../test/support/mysql';
import { startTestServer, type TestServer } from '../../../../test/support/server';

const CONFIG_FIELDS = `registerOpen homePage homeItem historyVersionCount showWatermark beian siteUrl forceLogin
  enablePublicSquare strongPasswordEnabled sessionExpireDays ossOpen ossSetting { endpoint bucket }
  aiModelName aiServiceUrl aiServiceToken openAiHost openAiKey aiSystemPrompt aiWelcomeMessage
  aiMaxMessageLength aiToolRounds`;
const LOAD = `{ adminSiteConfig { ${CONFIG_FIELDS} } }`;
const SAVE = `mutation($input: SiteConfigInput!) { adminSaveSiteConfig(input: $input) { ${CONFIG_FIELDS} } }`;

describe.each(testDatabases())('GraphQL administration on $name', (target) => {
  let server: TestServer;
  let admin: User;
  let adminToken: string;

  beforeAll(async () => {
    server = await startTestServer(target, 'gql_admin');
    const em = server.db.orm.em.fork();
    admin = await buildUser(em, { groupId: 1 });
    adminToken = await buildSession(em, admin);
  }, 60_000);
  afterAll(async () => server?.close());

  it('loads the defaults, saves a changed config atomically and refuses an invalid one as a whole', async () => {
    const loaded = await server.graphql<{ adminSiteConfig: Record<string, unknown> }>(LOAD, {}, adminToken);
    const config = loaded.data!.adminSiteConfig;
    expect(config).toEqual(
      expect.objectContaining({
        registerOpen: true,
        homePage: 1,
        sessionExpireDays: 180,
        historyVersionCount: 20,
      }),
    );
    const item = await buildItem(server.db.orm.em.fork(), admin, { name: 'Home' });
    const saved = await server.graphql<{ adminSaveSiteConfig: Record<string, unknown> }>(
      SAVE,
      { input: { ...config, homePage: 3, homeItem: item.id, sessionExpireDays: 30, beian: '京ICP备2号' } },
      adminToken,
    );
    expect(saved.errors).toBeUndefined();
    expect(saved.data!.adminSaveSiteConfig).toEqual(
      expect.objectContaining({ homePage: 3, homeItem: item.id, sessionExpireDays: 30, beian: '京ICP备2号' }),
    );
    const refused = await server.graphql(
      SAVE,
      { input: { ...config, beian: 'not saved', sessionExpireDays: 4000 } },
      adminToken,
    );
    expect(refused.errors?.[0]?.extensions).toEqual(
      expect.objectContaining({ code: 'BAD_INPUT', showdocCode: 10101 }),
    );
    const after = await server.graphql<{ adminSiteConfig: Record<string, unknown> }>(LOAD, {}, adminToken);
    expect(after.data!.adminSiteConfig.beian).toBe('京ICP备2号');
    const site = await server.graphql<{ siteInfo: { homePage: number; homeItem: string } }>(
      '{ siteInfo { homePage homeItem } }',
    );
    expect(site.data!.siteInfo).toEqual({ homePage: 3, homeItem: String(item.id) });
  });

  it('creates, finds and deletes a user; never deletes the administrator themself', async () => {
    const created = await server.graphql<{
      adminSaveUser: { id: number; username: string; groupId: number };
    }>(
      'mutation { adminSaveUser(input: { username: "gqlperson", password: "pw-12345", name: "G Person" }) { id username groupId } }',
      {},
      adminToken,
    );
    expect(created.data!.adminSaveUser).toEqual({
      id: expect.any(Number),
      username: 'gqlperson',
      groupId: 2,
    });
    const found = await server.graphql<{ adminUsers: { total: number; users: Array<{ name: string }> } }>(
      '{ adminUsers(search: "gqlper") { total users { name } } }',
      {},
      adminToken,
    );
    expect(found.data!.adminUsers).toEqual({ total: 1, users: [{ name: 'G Person' }] });
    const self = await server.graphql(`mutation { adminDeleteUser(id: ${admin.id}) }`, {}, adminToken);
    expect(self.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const gone = await server.graphql(
      `mutation { adminDeleteUser(id: ${created.data!.adminSaveUser.id}) }`,
      {},
      adminToken,
    );
    expect(gone.errors).toBeUndefined();
  });

  it('reports the running version and the schema version', async () => {
    const about = await server.graphql<{
      adminAbout: { version: string; schemaVersion: string; updateAvailable: boolean };
    }>('{ adminAbout { version schemaVersion updateAvailable } }', {}, adminToken);
    expect(about.data!.adminAbout).toEqual({
      version: expect.stringMatching(/^\d+\.\d+/),
      schemaVersion: expect.stringMatching(/^Migration\d+/),
      updateAvailable: false,
    });
  });
});
