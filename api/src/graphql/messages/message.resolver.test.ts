import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MemberGroup, Message, MessageContent, User, type Item } from '../../../../db/src';
import { liveSubscriber } from '../../../../test/support/graphql-ws';
import {
  buildItem,
  buildMember,
  buildPage,
  buildSession,
  buildUser,
} from '../../../../test/support/factories';
import { testDatabases } from '../../../../test/support/mysql';
import { ADMIN, startTestServer, type TestServer } from '../../../../test/support/server';

const UNREAD = '{ unreadMessages { reminders announcements total } }';
const LIVE = `subscription { unreadMessagesChanged { reminders announcements total newestReminder { text page { id } } } }`;
const REMINDERS = `{ reminders(page: 1, count: 10) { total items { contentId text state page { id title } } } }`;
const SAVE = `mutation($input: SavePageInput!) { savePage(input: $input) { id } }`;

interface Live {
  unreadMessagesChanged: {
    reminders: number;
    announcements: number;
    total: number;
    newestReminder: { text: string; page: { id: number } | null } | null;
  };
}

describe.each(testDatabases())('GraphQL messages and page subscriptions on $name', (target) => {
  let server: TestServer;
  let reader: User, editor: User, stranger: User;
  let token: string, editorToken: string, strangerToken: string, adminToken: string;
  let item: Item;

  beforeAll(async () => {
    server = await startTestServer(target, 'gql_messages');
    const em = server.db.orm.em.fork();
    reader = await buildUser(em);
    editor = await buildUser(em);
    stranger = await buildUser(em);
    await em.nativeUpdate(
      User,
      { id: { $in: [reader.id, editor.id, stranger.id] } },
      {
        createdAt: new Date(Date.now() - 60 * 60 * 1000),
      },
    );
    item = await buildItem(em, editor, { password: 'secret' });
    buildMember(em, item, reader, MemberGroup.ReadOnly);
    await em.flush();
    token = await buildSession(em, reader);
    editorToken = await buildSession(em, editor);
    strangerToken = await buildSession(em, stranger);
    const admin = await em.findOneOrFail(User, { username: ADMIN.username });
    adminToken = await buildSession(em, admin);
  });
  afterAll(async () => server?.close());

  it("answers the viewer's unread counts, and asks a visitor to log in", async () => {
    const em = server.db.orm.em.fork();
    const me = await buildUser(em);
    const myToken = await buildSession(em, me);
    const content = em.create(MessageContent, {
      messageType: 'remind',
      fromName: 'system',
      content: 'A page changed',
    });
    em.create(Message, { toUser: me, messageType: 'remind', content });
    em.create(Message, { toUser: me, messageType: 'remind', content });
    await em.flush();

    const answer = await server.graphql<{ unreadMessages: unknown }>(UNREAD, {}, myToken);
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.unreadMessages).toEqual({ reminders: 2, announcements: 0, total: 2 });

    const visitor = await server.graphql(UNREAD, {});
    expect(visitor.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', showdocCode: 10102 });
  });

  it('follows a page, then pushes the reminder of a save-and-notify to the live badge', async () => {
    const page = await buildPage(server.db.orm.em.fork(), item, { title: 'Watched', author: editor });
    const follow = await server.graphql<{ followPage: boolean }>(
      'mutation($p: Int!) { followPage(pageId: $p, follow: true) }',
      { p: page.id },
      token,
    );
    expect(follow.data?.followPage).toBe(true);
    const following = await server.graphql<{ followingPage: boolean }>(
      'query($p: Int!) { followingPage(pageId: $p) }',
      { p: page.id },
      token,
    );
    expect(following.data?.followingPage).toBe(true);
    // A stranger cannot follow a page of a private item.
    const refused = await server.graphql(
      'mutation($p: Int!) { followPage(pageId: $p, follow: true) }',
      { p: page.id },
      strangerToken,
    );
    expect(refused.errors?.[0]?.extensions?.code).toBeDefined();

    const live = liveSubscriber<Live>(server.url, token, LIVE);
    await live.connected;
    await new Promise((r) => setTimeout(r, 200));
    const saved = await server.graphql(
      SAVE,
      { input: { id: page.id, itemId: item.id, title: 'Watched', content: 'v2', notifyText: 'Read v2' } },
      editorToken,
    );
    expect(saved.errors).toBeUndefined();
    const [event] = await live.waitFor(1);
    expect(event?.unreadMessagesChanged).toMatchObject({
      reminders: 1,
      newestReminder: { text: 'Read v2', page: { id: page.id } },
    });

    const list = await server.graphql<{
      reminders: { total: number; items: Array<{ contentId: number; state: string }> };
    }>(REMINDERS, {}, token);
    const contentId = list.data!.reminders.items[0].contentId;
    const read = await server.graphql<{ markMessageRead: { reminders: number } }>(
      'mutation($c: Int!) { markMessageRead(contentId: $c) { reminders } }',
      { c: contentId },
      token,
    );
    expect(read.data?.markMessageRead.reminders).toBe(0);
    // Read elsewhere: this session hears of it too.
    const events = await live.waitFor(2);
    expect(events[1]?.unreadMessagesChanged.reminders).toBe(0);
    await live.dispose();
  });

  it('pushes an announcement to every signed-in user and lets only the administrator post it', async () => {
    const live = liveSubscriber<Live>(server.url, strangerToken, LIVE);
    await live.connected;
    await new Promise((r) => setTimeout(r, 200));
    const denied = await server.graphql(
      'mutation { postAnnouncement(input: { html: "x" }) { id } }',
      {},
      token,
    );
    expect(denied.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', showdocCode: 10103 });
    const posted = await server.graphql<{ postAnnouncement: { id: number; html: string } }>(
      'mutation { postAnnouncement(input: { html: "<b>Hello</b><img src=x onerror=alert(1)>" }) { id html } }',
      {},
      adminToken,
    );
    expect(posted.data?.postAnnouncement.html).toBe('<b>Hello</b>');
    const [event] = await live.waitFor(1);
    expect(event?.unreadMessagesChanged.announcements).toBeGreaterThanOrEqual(1);
    await live.dispose();
  });

  it('lets editors manage the subscribers of a page, refusing readers', async () => {
    const page = await buildPage(server.db.orm.em.fork(), item);
    const added = await server.graphql<{ addPageSubscribers: Array<{ userId: number }> }>(
      'mutation($p: Int!, $u: [Int!]!) { addPageSubscribers(pageId: $p, userIds: $u) { userId username since } }',
      { p: page.id, u: [reader.id] },
      editorToken,
    );
    expect(added.data?.addPageSubscribers.map((s) => s.userId)).toEqual([reader.id]);
    const denied = await server.graphql(
      'query($p: Int!) { pageSubscribers(pageId: $p) { userId } }',
      { p: page.id },
      token,
    );
    expect(denied.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', showdocCode: 10103 });
    const removed = await server.graphql<{ removePageSubscribers: unknown[] }>(
      'mutation($p: Int!, $u: [Int!]!) { removePageSubscribers(pageId: $p, userIds: $u) { userId } }',
      { p: page.id, u: [reader.id] },
      editorToken,
    );
    expect(removed.data?.removePageSubscribers).toEqual([]);
  });
});
