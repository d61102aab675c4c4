import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MemberGroup, type Item, type User } from '../../../../db/src';
import { buildItem, buildMember, buildSession, buildUser } from '../../../../test/support/factories';
import { testDatabases } from '../../../../test/support/mysql';
import { startTestServer, type TestServer } from '../../../../test/support/server';

const SAVE = `mutation($input: SavePageInput!) { savePage(input: $input) { id version content } }`;
const HISTORY = `query($pageId: Int!) { pageHistory(pageId: $pageId) { id version content comments authorName savedAt } }`;
const DIFF = `query($pageId: Int!, $versionId: Int!) {
  pageDiff(pageId: $pageId, versionId: $versionId) { current { content version } version { content } lines { op text oldLine newLine } }
}`;
const NOTE = `mutation($pageId: Int!, $versionId: Int!, $comments: String!) {
  updatePageVersionComments(pageId: $pageId, versionId: $versionId, comments: $comments) { comments }
}`;
const RESTORE = `mutation($pageId: Int!, $versionId: Int!, $base: Int) {
  restorePageVersion(pageId: $pageId, versionId: $versionId, baseVersion: $base) { content version }
}`;

interface Version {
  id: number;
  version: number;
  content: string;
  comments: string;
  authorName: string;
}

describe.each(testDatabases())('GraphQL page history on $name', (target) => {
  let server: TestServer;
  let owner: User, editor: User, reader: User;
  let ownerToken: string, editorToken: string, readerToken: string;
  let item: Item;

  beforeAll(async () => {
    server = await startTestServer(target, 'gql_history');
    const em = server.db.orm.em.fork();
    owner = await buildUser(em);
    editor = await buildUser(em);
    reader = await buildUser(em);
    item = await buildItem(em, owner);
    buildMember(em, item, editor, MemberGroup.Edit);
    buildMember(em, item, reader, MemberGroup.ReadOnly);
    await em.flush();
    ownerToken = await buildSession(em, owner);
    editorToken = await buildSession(em, editor);
    readerToken = await buildSession(em, reader);
  });
  afterAll(async () => server?.close());

  const save = (token: string, input: Record<string, unknown>) =>
    server.graphql<{ savePage: { id: number; version: number; content: string } }>(SAVE, { input }, token);

  it('refuses a save from a stale version with the current version, and loses nothing', async () => {
    const created = (await save(ownerToken, { itemId: item.id, title: 'Doc', content: 'one\ntwo' })).data!
      .savePage;
    const mine = await save(ownerToken, {
      id: created.id,
      itemId: item.id,
      title: 'Doc',
      content: 'one\n2',
      baseVersion: 1,
    });
    expect(mine.data?.savePage.version).toBe(2);
    const stale = await save(editorToken, {
      id: created.id,
      itemId: item.id,
      title: 'Doc',
      content: 'theirs',
      baseVersion: 1,
    });
    expect(stale.errors?.[0]?.extensions).toMatchObject({ code: 'VERSION_CONFLICT', currentVersion: 2 });

    const history = await server.graphql<{ pageHistory: Version[] }>(
      HISTORY,
      { pageId: created.id },
      readerToken,
    );
    expect(history.data?.pageHistory.map((v) => [v.version, v.content, v.authorName])).toEqual([
      [1, 'one\ntwo', owner.username],
    ]);
    const versionId = history.data!.pageHistory[0]!.id;

    const diff = await server.graphql<{
      pageDiff: {
        current: { content: string };
        version: { content: string };
        lines: Array<{ op: string; text: string }>;
      };
    }>(DIFF, { pageId: created.id, versionId }, readerToken);
    expect(diff.data?.pageDiff.lines.map((l) => `${l.op}:${l.text}`)).toEqual([
      'EQUAL:one',
      'DELETE:two',
      'INSERT:2',
    ]);
    expect([diff.data?.pageDiff.current.content, diff.data?.pageDiff.version.content]).toEqual([
      'one\n2',
      'one\ntwo',
    ]);

    const note = await server.graphql<{ updatePageVersionComments: { comments: string } }>(
      NOTE,
      { pageId: created.id, versionId, comments: 'before the fix' },
      editorToken,
    );
    expect(note.data?.updatePageVersionComments.comments).toBe('before the fix');
    const refused = await server.graphql(NOTE, { pageId: created.id, versionId, comments: 'x' }, readerToken);
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const restored = await server.graphql<{ restorePageVersion: { content: string; version: number } }>(
      RESTORE,
      { pageId: created.id, versionId, base: 2 },
      editorToken,
    );
    expect(restored.data?.restorePageVersion).toEqual({ content: 'one\ntwo', version: 3 });
    const after = await server.graphql<{ pageHistory: Version[] }>(
      HISTORY,
      { pageId: created.id },
      readerToken,
    );
    expect(after.data?.pageHistory.map((v) => v.content)).toEqual(['one\n2', 'one\ntwo']);
    const missing = await server.graphql(DIFF, { pageId: created.id, versionId: 999_999 }, readerToken);
    expect(missing.errors?.[0]?.extensions?.code).toBe('HISTORY_NOT_FOUND');
  });
});
