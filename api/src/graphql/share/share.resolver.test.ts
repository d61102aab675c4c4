import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MemberGroup, type Page, type User } from '../../../../db/src';
import {
  buildItem,
  buildMember,
  buildPage,
  buildSession,
  buildUser,
} from '../../../../test/support/factories';
import { testDatabases } from '../../../../test/support/mysql';
import { startTestServer, type TestServer } from '../../../../test/support/server';

const SHARE = `mutation($pageId: Int!, $days: Int!) { sharePage(pageId: $pageId, expireDays: $days) { key path expiresAt } }`;
const LINK = `query($pageId: Int!) { pageShareLink(pageId: $pageId) { key } }`;
const UNSHARE = `mutation($pageId: Int!) { unsharePage(pageId: $pageId) }`;
const OPEN = `query($key: String!) { sharedPage(key: $key) { key title content authorName attachmentCount expiresAt } }`;

describe.each(testDatabases())('GraphQL share links on $name', (target) => {
  let server: TestServer;
  let editor: User, reader: User;
  let editorToken: string, readerToken: string;
  let page: Page;

  beforeAll(async () => {
    server = await startTestServer(target, 'gql_share');
    const em = server.db.orm.em.fork();
    const owner = await buildUser(em);
    editor = await buildUser(em);
    reader = await buildUser(em);
    const item = await buildItem(em, owner, { password: 'private' });
    buildMember(em, item, editor, MemberGroup.Edit);
    buildMember(em, item, reader, MemberGroup.ReadOnly);
    await em.flush();
    page = await buildPage(em, item, { title: 'Public notes', content: '# Notes' });
    editorToken = await buildSession(em, editor);
    readerToken = await buildSession(em, reader);
  });
  afterAll(async () => server?.close());

  it('shares a page of a private item with anyone holding the link, until it is revoked', async () => {
    const shared = await server.graphql<{ sharePage: { key: string; path: string; expiresAt: string } }>(
      SHARE,
      { pageId: page.id, days: 7 },
      editorToken,
    );
    const { key, path, expiresAt } = shared.data!.sharePage;
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(path).toBe(`/p/${key}`);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);

    const opened = await server.graphql<{ sharedPage: Record<string, unknown> }>(OPEN, { key });
    expect(opened.data?.sharedPage).toMatchObject({
      key,
      title: 'Public notes',
      content: '# Notes',
      attachmentCount: 0,
    });
    // Nothing of the item around the page: the type has no item, catalog or path.
    const probing = await server.graphql(`query($key: String!) { sharedPage(key: $key) { itemId } }`, {
      key,
    });
    expect(probing.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');

    const refused = await server.graphql(SHARE, { pageId: page.id, days: 2 }, editorToken);
    expect(refused.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    const readerTry = await server.graphql(SHARE, { pageId: page.id, days: 0 }, readerToken);
    expect(readerTry.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const link = await server.graphql<{ pageShareLink: { key: string } | null }>(
      LINK,
      { pageId: page.id },
      editorToken,
    );
    expect(link.data?.pageShareLink?.key).toBe(key);
    const revoked = await server.graphql<{ unsharePage: boolean }>(UNSHARE, { pageId: page.id }, editorToken);
    expect(revoked.data?.unsharePage).toBe(true);
    const gone = await server.graphql(OPEN, { key });
    expect(gone.errors?.[0]?.extensions).toMatchObject({ code: 'SHARE_LINK_UNKNOWN', showdocCode: 10101 });
    const none = await server.graphql<{ pageShareLink: null }>(LINK, { pageId: page.id }, editorToken);
    expect(none.data?.pageShareLink).toBeNull();
  });
});
