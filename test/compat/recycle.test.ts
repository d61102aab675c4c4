// compat-api §9 (recycle/getList, recycle/recover) and §22 (ScriptCron/run) over real form-encoded HTTP.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MemberGroup, Page, type Item, type User } from '../../db/src';
import {
  buildCatalog,
  buildItem,
  buildMember,
  buildPage,
  buildSession,
  buildUser,
} from '../support/factories';
import { testDatabases } from '../support/mysql';
import { startTestServer, type TestServer } from '../support/server';
import { api, call, expectError, expectOk } from './wire-helpers';

const LOCAL_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;
const CRON_TOKEN = 'cron-token-for-tests';

describe.each(testDatabases())('ShowDoc recycle bin and cron on $name', (target) => {
  let server: TestServer;
  let owner: User, editor: User;
  let ownerToken: string, editorToken: string;
  let item: Item;

  beforeAll(async () => {
    server = await startTestServer(target, `compat_recycle_${target.name}`, { cronToken: CRON_TOKEN });
    const em = server.db.orm.em.fork();
    owner = await buildUser(em);
    editor = await buildUser(em);
    item = await buildItem(em, owner);
    buildMember(em, item, editor, MemberGroup.Edit);
    await em.flush();
    ownerToken = await buildSession(em, owner);
    editorToken = await buildSession(em, editor);
  });
  afterAll(async () => server?.close());

  const em = () => server.db.orm.em.fork();
  const post = (route: string, fields: Record<string, string | number>, token?: string) =>
    server.form(api(route), token ? { ...fields, user_token: token } : fields);

  it('lists deleted pages, also those of a deleted catalog, with who deleted them', async () => {
    const single = await buildPage(em(), item, { title: 'Single', author: editor });
    const catalog = await buildCatalog(em(), item, { name: 'Folder' });
    const inFolder = await buildPage(em(), item, { catalog, title: 'In folder' });
    expectOk(await post('page/delete', { page_id: single.id }, editorToken));
    expectOk(await post('catalog/delete', { item_id: item.id, cat_id: catalog.id }, ownerToken));

    const list = expectOk(await post('recycle/getList', { item_id: item.id }, ownerToken));
    expect(list.map((r: { page_id: string }) => r.page_id).sort()).toEqual(
      [String(single.id), String(inFolder.id)].sort(),
    );
    for (const row of list) {
      expect(Object.keys(row)).toEqual([
        'id',
        'item_id',
        'page_id',
        'page_title',
        'del_by_uid',
        'del_by_username',
        'del_time',
      ]);
      expect(row.id).toMatch(/^\d+$/);
      expect(row.item_id).toBe(String(item.id));
      expect(row.del_time).toMatch(LOCAL_TIME);
    }
    const singleRow = list.find((r: { page_id: string }) => r.page_id === String(single.id));
    expect(singleRow).toMatchObject({
      page_title: 'Single',
      del_by_uid: String(editor.id),
      del_by_username: editor.username,
    });

    expect(expectOk(await post('recycle/getList', { item_id: 0 }, ownerToken))).toEqual([]);
    expectError(await post('recycle/getList', { item_id: item.id }, editorToken), 10303, '您没有管理权限');
    expectError(await post('recycle/getList', { item_id: item.id }), 10102);

    // Recovered: the page of the deleted catalog comes back in it, and the catalog with it.
    expect(
      expectOk(await post('recycle/recover', { item_id: item.id, page_id: inFolder.id }, ownerToken)),
    ).toEqual([]);
    const page = await em().findOneOrFail(Page, inFolder.id);
    expect([page.deletedAt, page.catalog?.id]).toEqual([null, catalog.id]);
    const tree = expectOk(await post('catalog/catListGroup', { item_id: item.id }, ownerToken));
    expect(tree.map((c: { cat_name: string }) => c.cat_name)).toContain('Folder');
    expect(expectOk(await post('recycle/getList', { item_id: item.id }, ownerToken))).toHaveLength(1);

    expectError(await post('recycle/recover', { item_id: item.id }, ownerToken), 10101, '参数错误');
    expectError(await post('recycle/recover', { item_id: item.id, page_id: single.id }, editorToken), 10303);
    expectError(await post('recycle/recover', { item_id: item.id, page_id: inFolder.id }, ownerToken), 10101);
  });

  it('runs the purge for an outside cron only with X-Cron-Token, answering 403 otherwise', async () => {
    const denied = await call(server, api('ScriptCron/run'), { method: 'POST' });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ error_code: 10403, error_message: 'Forbidden' });
    const wrong = await call(server, '/server/index.php?s=/api/scriptCron/run', {
      method: 'POST',
      headers: { 'x-cron-token': 'nope' },
    });
    expect(wrong.status).toBe(403);
    const ok = await call(server, api('ScriptCron/run'), {
      method: 'POST',
      headers: { 'x-cron-token': CRON_TOKEN },
    });
    expect(expectOk(ok)).toEqual({ message: '定时任务执行完成' });
  });
});
