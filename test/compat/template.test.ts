// compat-api §10 (template/*) over real form-encoded HTTP.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MemberGroup, TemplateItem, type Item, type User } from '../../db/src';
import { buildItem, buildMember, buildSession, buildUser } from '../support/factories';
import { testDatabases } from '../support/mysql';
import { startTestServer, type TestServer } from '../support/server';
import { api, expectError, expectOk } from './wire-helpers';

const LOCAL_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;

describe.each(testDatabases())('ShowDoc templates on $name', (target) => {
  let server: TestServer;
  let author: User, editor: User;
  let authorToken: string, editorToken: string, strangerToken: string;
  let owned: Item, joined: Item, foreign: Item;

  beforeAll(async () => {
    server = await startTestServer(target, `compat_template_${target.name}`);
    const em = server.db.orm.em.fork();
    author = await buildUser(em);
    editor = await buildUser(em);
    const stranger = await buildUser(em);
    owned = await buildItem(em, author);
    joined = await buildItem(em, stranger);
    foreign = await buildItem(em, stranger);
    buildMember(em, joined, author, MemberGroup.Edit);
    buildMember(em, owned, editor, MemberGroup.Edit);
    await em.flush();
    authorToken = await buildSession(em, author);
    editorToken = await buildSession(em, editor);
    strangerToken = await buildSession(em, stranger);
  });
  afterAll(async () => server?.close());

  const post = (route: string, fields: Record<string, string | number>, token?: string) =>
    server.form(api(route), token ? { ...fields, user_token: token } : fields);

  it('saves, lists with shares, shares to items and lists them for the item', async () => {
    const saved = expectOk(
      await post(
        'template/save',
        { template_title: 'API', template_content: '&lt;b&gt; & <i>' },
        authorToken,
      ),
    );
    expect(Object.keys(saved)).toEqual(['id']);
    expect(typeof saved.id).toBe('number');
    expectError(
      await post('template/save', { template_content: 'x' }, authorToken),
      10101,
      '模板标题不能为空',
    );

    expect(
      expectOk(
        await post(
          'template/shareToItem',
          { template_id: saved.id, item_id: `${owned.id},${joined.id}` },
          authorToken,
        ),
      ),
    ).toEqual([]);
    const mine = expectOk(await post('template/getMyList', {}, authorToken));
    const row = mine.find((t: { id: string }) => t.id === String(saved.id));
    expect(Object.keys(row)).toEqual([
      'id',
      'uid',
      'username',
      'template_title',
      'template_content',
      'addtime',
      'share_item',
      'share_item_count',
    ]);
    expect(row).toMatchObject({
      uid: String(author.id),
      username: author.username,
      template_title: 'API',
      share_item_count: 2,
    });
    // ShowDoc's lists decode HTML entities on the way out.
    expect(row.template_content).toBe('<b> & <i>');
    expect(row.addtime).toMatch(LOCAL_TIME);
    expect(row.share_item.map((s: Record<string, string>) => Object.keys(s))).toEqual([
      ['id', 'template_id', 'item_id', 'uid', 'username', 'created_at'],
      ['id', 'template_id', 'item_id', 'uid', 'username', 'created_at'],
    ]);
    expect(row.share_item.map((s: Record<string, string>) => s.item_id)).toEqual([
      String(owned.id),
      String(joined.id),
    ]);
    expect(expectOk(await post('template/getList', {}, authorToken))).toEqual(mine);

    const forItem = expectOk(await post('template/getItemList', { item_id: owned.id }, editorToken));
    expect(forItem).toHaveLength(1);
    expect(Object.keys(forItem[0])).toEqual([
      'id',
      'uid',
      'username',
      'template_title',
      'template_content',
      'addtime',
      'template_id',
      'item_id',
      'created_at',
    ]);
    expect(forItem[0]).toMatchObject({
      uid: String(author.id),
      username: author.username,
      template_id: String(saved.id),
      item_id: String(owned.id),
      template_content: '<b> & <i>',
    });
    expect(forItem[0].created_at).toMatch(LOCAL_TIME);
    const shareList = expectOk(
      await post('template/getShareItemList', { template_id: saved.id }, authorToken),
    );
    expect(shareList).toHaveLength(2);
  });

  it("refuses what ShowDoc refuses, keeping shares when one item is not the sharer's", async () => {
    const { id } = expectOk(await post('template/save', { template_title: 'Mine' }, authorToken));
    expectOk(await post('template/shareToItem', { template_id: id, item_id: String(owned.id) }, authorToken));
    expectError(
      await post(
        'template/shareToItem',
        { template_id: id, item_id: `${joined.id},${foreign.id}` },
        authorToken,
      ),
      10103,
      `项目 ${foreign.id} 没有权限`,
    );
    const em = server.db.orm.em.fork();
    expect((await em.find(TemplateItem, { template: id })).map((s) => s.item.id)).toEqual([owned.id]);
    expectError(
      await post('template/shareToItem', { template_id: id, item_id: '' }, authorToken),
      10101,
      '参数错误',
    );
    expectError(
      await post('template/shareToItem', { template_id: id, item_id: String(owned.id) }, strangerToken),
      10103,
      '没有权限',
    );
    expectError(await post('template/getItemList', { item_id: 0 }, editorToken), 10101, '项目ID不能为空');
    expectError(await post('template/getItemList', { item_id: foreign.id }, editorToken), 10103, '没有权限');
    expectError(
      await post('template/getShareItemList', { template_id: id }, strangerToken),
      10103,
      '没有权限',
    );
    expectError(await post('template/delete', { id }, strangerToken), 10103, '没有权限');
    expectError(await post('template/delete', { id: 0 }, authorToken), 10101, '模板ID不能为空');
    expect(expectOk(await post('template/delete', { id }, authorToken))).toEqual([]);
    expect(await em.fork().count(TemplateItem, { template: id })).toBe(0);
    expectError(await post('template/getMyList', {}), 10102);
  });
});
