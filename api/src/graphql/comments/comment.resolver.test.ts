import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MemberGroup, type Item, type User } from '../../../../db/src';
import { liveSubscriber } from '../../../../test/support/graphql-ws';
import {
  buildItem,
  buildMember,
  buildPage,
  buildSession,
  buildUser,
} from '../../../../test/support/factories';
import { testDatabases } from '../../../../test/support/mysql';
import { startTestServer, type TestServer } from '../../../../test/support/server';

const LIST = `query($p: Int!) { pageComments(pageId: $p) { total enabled canComment
  comments { id username content mine canDelete parentId replies { id parentId content } } } }`;
const ADD = `mutation($p: Int!, $c: String!, $parent: Int) {
  addPageComment(pageId: $p, content: $c, parentId: $parent) { id parentId content mine } }`;
const DELETE = `mutation($id: Int!) { deletePageComment(commentId: $id) }`;
const LIVE = `subscription($p: Int!) { pageCommentChanged(pageId: $p) { pageId action commentId parentId } }`;

interface Live {
  pageCommentChanged: { pageId: number; action: string; commentId: number; parentId: number };
}

describe.each(testDatabases())('GraphQL page comments on $name', (target) => {
  let server: TestServer;
  let owner: User, reader: User;
  let ownerToken: string, readerToken: string, strangerToken: string;
  let item: Item;

  beforeAll(async () => {
    server = await startTestServer(target, 'gql_comments');
    const em = server.db.orm.em.fork();
    owner = await buildUser(em);
    reader = await buildUser(em);
    const stranger = await buildUser(em);
    item = await buildItem(em, owner, { password: 'secret' });
    item.allowComment = true;
    buildMember(em, item, reader, MemberGroup.ReadOnly);
    await em.flush();
    ownerToken = await buildSession(em, owner);
    readerToken = await buildSession(em, reader);
    strangerToken = await buildSession(em, stranger);
  }, 120_000);
  afterAll(async () => server?.close());

  it('adds, lists, replies and deletes through the typed API', async () => {
    const page = await buildPage(server.db.orm.em.fork(), item);
    const added = await server.graphql<{ addPageComment: { id: number; parentId: number } }>(
      ADD,
      { p: page.id, c: '**Nice** page' },
      readerToken,
    );
    expect(added.errors).toBeUndefined();
    const top = added.data!.addPageComment;
    expect(top.parentId).toBe(0);
    const reply = await server.graphql<{ addPageComment: { id: number; parentId: number } }>(
      ADD,
      { p: page.id, c: 'Thanks', parent: top.id },
      ownerToken,
    );
    expect(reply.data?.addPageComment.parentId).toBe(top.id);

    const list = await server.graphql<{
      pageComments: {
        total: number;
        comments: Array<{ id: number; mine: boolean; canDelete: boolean; replies: Array<{ id: number }> }>;
      };
    }>(LIST, { p: page.id }, readerToken);
    expect(list.errors).toBeUndefined();
    expect(list.data?.pageComments).toMatchObject({ total: 1, enabled: true, canComment: true });
    expect(list.data?.pageComments.comments[0]).toMatchObject({
      id: top.id,
      username: reader.username,
      content: '**Nice** page',
      mine: true,
      canDelete: true,
      replies: [{ id: reply.data!.addPageComment.id, parentId: top.id, content: 'Thanks' }],
    });

    const denied = await server.graphql(DELETE, { id: reply.data!.addPageComment.id }, readerToken);
    expect(denied.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', showdocCode: 10101 });
    const deleted = await server.graphql<{ deletePageComment: boolean }>(DELETE, { id: top.id }, ownerToken);
    expect(deleted.data?.deletePageComment).toBe(true);
    const after = await server.graphql<{ pageComments: { total: number } }>(LIST, { p: page.id }, ownerToken);
    expect(after.data?.pageComments.total).toBe(0);
  });

  it('refuses a comment over 500 characters and a stranger, with clear codes', async () => {
    const page = await buildPage(server.db.orm.em.fork(), item);
    const long = await server.graphql(ADD, { p: page.id, c: 'x'.repeat(501) }, readerToken);
    expect(long.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    const stranger = await server.graphql(ADD, { p: page.id, c: 'hi' }, strangerToken);
    expect(stranger.errors?.[0]?.extensions?.code).toBeDefined();
    const visitor = await server.graphql(ADD, { p: page.id, c: 'hi' });
    expect(visitor.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it("pushes comments added and deleted to a reader's live subscription over graphql-ws", async () => {
    const page = await buildPage(server.db.orm.em.fork(), item);
    const live = liveSubscriber<Live>(server.url, readerToken, LIVE, { p: page.id });
    await live.connected;
    await new Promise((r) => setTimeout(r, 200));
    const added = await server.graphql<{ addPageComment: { id: number } }>(
      ADD,
      { p: page.id, c: 'Live!' },
      ownerToken,
    );
    const id = added.data!.addPageComment.id;
    await server.graphql(DELETE, { id }, ownerToken);
    const events = await live.waitFor(2);
    expect(events.map((e) => e.pageCommentChanged)).toEqual([
      { pageId: page.id, action: 'ADDED', commentId: id, parentId: 0 },
      { pageId: page.id, action: 'DELETED', commentId: id, parentId: 0 },
    ]);
    await live.dispose();
  });

  it('refuses the live subscription to someone who may not read the page', async () => {
    const page = await buildPage(server.db.orm.em.fork(), item);
    const live = liveSubscriber<Live>(server.url, strangerToken, LIVE, { p: page.id });
    await live.connected;
    // The refusal comes when the subscription is set up, before anything could be pushed.
    for (let i = 0; i < 100 && live.errors().length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(live.errors().length).toBeGreaterThan(0);
    await server.graphql(ADD, { p: page.id, c: 'Secret' }, ownerToken);
    expect(live.events()).toEqual([]);
    await live.dispose();
  });
});
