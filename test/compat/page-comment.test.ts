// ShowDoc 3.x page comments (compat-notes §10): page_comment/{getList,add,delete} over real form-encoded HTTP.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MemberGroup, Message, PageComment, type Item, type User } from '../../db/src';
import { buildItem, buildMember, buildPage, buildSession, buildUser } from '../support/factories';
import { testDatabases } from '../support/mysql';
import { startTestServer, type TestServer } from '../support/server';
import { api, expectError, expectOk } from './wire-helpers';

const COMMENT_KEYS = [
  'addtime',
  'addtime_text',
  'can_delete',
  'comment_id',
  'content',
  'is_owner',
  'parent_id',
  'replies',
  'uid',
  'username',
];

describe.each(testDatabases())('ShowDoc page comments on $name', (target) => {
  let server: TestServer;
  let owner: User, reader: User, stranger: User;
  let ownerToken: string, readerToken: string, strangerToken: string;
  let item: Item;

  beforeAll(async () => {
    server = await startTestServer(target, `compat_comment_${target.name}`);
    const em = server.db.orm.em.fork();
    owner = await buildUser(em);
    reader = await buildUser(em);
    stranger = await buildUser(em);
    item = await buildItem(em, owner, { password: 'secret' });
    item.allowComment = true;
    buildMember(em, item, reader, MemberGroup.ReadOnly);
    await em.flush();
    ownerToken = await buildSession(em, owner);
    readerToken = await buildSession(em, reader);
    strangerToken = await buildSession(em, stranger);
  }, 120_000);
  afterAll(async () => server?.close());

  const post = (route: string, fields: Record<string, string | number>, token?: string) =>
    server.form(api(route), token ? { ...fields, user_token: token } : fields);

  it('adds a comment and a reply, and lists them in ShowDoc’s shape', async () => {
    const page = await buildPage(server.db.orm.em.fork(), item);
    const added = expectOk(
      await post('page_comment/add', { page_id: page.id, content: 'Is <b>this</b> right?' }, readerToken),
    );
    expect(added).toEqual({ comment_id: expect.any(Number), message: expect.any(String) });
    const reply = expectOk(
      await post(
        'page_comment/add',
        { page_id: page.id, content: 'Yes', parent_id: added.comment_id },
        ownerToken,
      ),
    );

    const list = expectOk(await post('page_comment/getList', { page_id: page.id }, readerToken));
    expect(list.total).toBe(1);
    expect(list.page).toBe(1);
    expect(list.comments).toHaveLength(1);
    const [top] = list.comments;
    expect(Object.keys(top).sort()).toEqual(COMMENT_KEYS);
    expect(top).toMatchObject({
      comment_id: added.comment_id,
      parent_id: 0,
      uid: reader.id,
      username: reader.username,
      // Stored and answered HTML-escaped, as ShowDoc does.
      content: 'Is &lt;b&gt;this&lt;/b&gt; right?',
      is_owner: true,
      can_delete: true,
    });
    expect(typeof top.addtime).toBe('number');
    expect(top.addtime_text).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(top.replies).toHaveLength(1);
    expect(top.replies[0]).toMatchObject({
      comment_id: reply.comment_id,
      parent_id: added.comment_id,
      content: 'Yes',
      is_owner: false,
      can_delete: false,
      replies: [],
    });

    // The item's owner is reminded of the top-level comment (action `comment`), the reader of the reply.
    const em = server.db.orm.em.fork();
    const toOwner = await em.find(Message, { toUser: owner.id }, { populate: ['content'] });
    expect(toOwner.some((m) => m.content.actionType === 'comment' && m.content.objectId === page.id)).toBe(
      true,
    );
    expect(await em.count(Message, { toUser: reader.id, content: { actionType: 'comment' } })).toBe(1);
  });

  it('refuses bad input, anonymous writers and strangers, changing nothing', async () => {
    const page = await buildPage(server.db.orm.em.fork(), item);
    expectError(await post('page_comment/add', { page_id: page.id, content: '' }, readerToken), 10101);
    expectError(
      await post('page_comment/add', { page_id: page.id, content: 'x'.repeat(501) }, readerToken),
      10101,
    );
    expectError(await post('page_comment/add', { page_id: page.id, content: 'hi' }), 10102);
    const denied = await post('page_comment/add', { page_id: page.id, content: 'hi' }, strangerToken);
    expect(denied.status).toBe(200);
    expect(denied.body.error_code).not.toBe(0);
    expectError(
      await post('page_comment/add', { page_id: page.id, content: 'hi', parent_id: 999999 }, readerToken),
      10101,
    );
    expect(await server.db.orm.em.fork().count(PageComment, { page: page.id })).toBe(0);
  });

  it('lets the author or a manager delete, and refuses anyone else', async () => {
    const page = await buildPage(server.db.orm.em.fork(), item);
    const mine = expectOk(await post('page_comment/add', { page_id: page.id, content: 'A' }, readerToken));
    const theirs = expectOk(await post('page_comment/add', { page_id: page.id, content: 'B' }, ownerToken));
    expectError(await post('page_comment/delete', { comment_id: theirs.comment_id }, readerToken), 10101);
    expect(expectOk(await post('page_comment/delete', { comment_id: mine.comment_id }, readerToken))).toEqual(
      {
        message: expect.any(String),
      },
    );
    expectOk(await post('page_comment/delete', { comment_id: theirs.comment_id }, ownerToken));
    const list = expectOk(await post('page_comment/getList', { page_id: page.id }, ownerToken));
    expect(list).toEqual({ total: 0, page: 1, comments: [] });
  });

  it('lists nothing on an item that does not allow comments, and refuses to add there', async () => {
    const em = server.db.orm.em.fork();
    const closed = await buildItem(em, owner);
    const page = await buildPage(em, closed);
    expectError(await post('page_comment/add', { page_id: page.id, content: 'hi' }, ownerToken), 10101);
    expect(expectOk(await post('page_comment/getList', { page_id: page.id }, ownerToken))).toEqual({
      total: 0,
      page: 1,
      comments: [],
    });
  });
});
