// ShowDoc's /api/itemGroup/* (compat-api §4): rows of strings, local times, and its error codes.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { testDatabases } from '../support/mysql';
import { startTestServer, type TestServer } from '../support/server';
import { api, expectError, expectInvalidRequest, expectOk, call, register } from './wire-helpers';

const LOCAL_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

describe.each(testDatabases())('REST itemGroup on $name', (target) => {
  let server: TestServer;
  let alice: string;
  let bob: string;
  let firstItem: number;
  let secondItem: number;

  const post = (route: string, token: string, fields: Record<string, string | number> = {}) =>
    server.form(api(route), { user_token: token, ...fields });

  beforeAll(async () => {
    server = await startTestServer(target, 'rest_item_group');
    alice = await register(server, 'alice');
    bob = await register(server, 'bob');
    firstItem = expectOk(await post('item/add', alice, { item_name: 'First' })).item_id as number;
    secondItem = expectOk(await post('item/add', alice, { item_name: 'Second' })).item_id as number;
  });
  afterAll(async () => server?.close());

  it('answers [] before any group exists', async () => {
    expect(expectOk(await post('itemGroup/getList', bob))).toEqual([]);
  });

  it('creates a group and answers its row without uid; the list has uid', async () => {
    const row = expectOk(
      await post('itemGroup/save', alice, { group_name: 'Work', item_ids: `${secondItem},${firstItem},x` }),
    );
    expect(Object.keys(row)).toEqual([
      'id',
      'group_name',
      'item_ids',
      's_number',
      'created_at',
      'updated_at',
    ]);
    expect(row).toMatchObject({ group_name: 'Work', item_ids: `${secondItem},${firstItem}`, s_number: '0' });
    expect(row.id).toMatch(/^\d+$/);
    expect(row.created_at).toMatch(LOCAL_TIME);
    expect(row.updated_at).toMatch(LOCAL_TIME);

    const list = expectOk(await post('itemGroup/getList', alice));
    expect(list).toHaveLength(1);
    expect(Object.keys(list[0])).toEqual([
      'id',
      'uid',
      'group_name',
      'item_ids',
      's_number',
      'created_at',
      'updated_at',
    ]);
    for (const value of Object.values(list[0])) expect(typeof value).toBe('string');
    expect(list[0].uid).toBe(expectOk(await post('user/info', alice)).uid);
  });

  it('renames a group and replaces its items; refuses blank names and other users', async () => {
    const created = expectOk(
      await post('itemGroup/save', alice, { group_name: 'Old', item_ids: `${firstItem}` }),
    );
    const renamed = expectOk(
      await post('itemGroup/save', alice, { id: created.id, group_name: 'New', item_ids: `${secondItem}` }),
    );
    expect(renamed).toMatchObject({ id: created.id, group_name: 'New', item_ids: String(secondItem) });

    expectError(await post('itemGroup/save', alice, { group_name: '' }), 10101, '分组名称不能为空');
    expectError(await post('itemGroup/save', bob, { id: created.id, group_name: 'Mine' }), 10103, '没有权限');
    expectError(await post('itemGroup/delete', bob, { id: created.id }), 10101, '没有权限');
  });

  it('saves the order of my groups from (escaped) JSON', async () => {
    const carol = await register(server, 'carol');
    const a = expectOk(await post('itemGroup/save', carol, { group_name: 'A' })).id as string;
    const b = expectOk(await post('itemGroup/save', carol, { group_name: 'B' })).id as string;
    const groups = JSON.stringify([
      { id: a, s_number: 2 },
      { id: b, s_number: 1 },
    ]).replace(/"/g, '&quot;');
    expect(expectOk(await post('itemGroup/saveSort', carol, { groups }))).toEqual([]);
    const list = expectOk(await post('itemGroup/getList', carol));
    expect(list.map((g: { group_name: string; s_number: string }) => [g.group_name, g.s_number])).toEqual([
      ['B', '1'],
      ['A', '2'],
    ]);
    expectError(await post('itemGroup/saveSort', carol, { groups: '' }), 10101, '参数错误');
    expectError(await post('itemGroup/saveSort', carol, { groups: '[]' }), 10101, '参数错误');
    expectError(await post('itemGroup/saveSort', carol, { groups: '{oops' }), 10101);
  });

  it('deletes a group and the item order made in it', async () => {
    const group = expectOk(
      await post('itemGroup/save', alice, { group_name: 'Gone', item_ids: `${firstItem},${secondItem}` }),
    );
    const data = JSON.stringify({ [secondItem]: 1, [firstItem]: 2 });
    expectOk(await post('item/sort', alice, { data, item_group_id: group.id }));
    const sorted = expectOk(await post('item/myList', alice, { item_group_id: group.id }));
    expect(sorted.map((e: { item_id: string }) => e.item_id)).toEqual([
      String(secondItem),
      String(firstItem),
    ]);

    expect(expectOk(await post('itemGroup/delete', alice, { id: group.id }))).toEqual({ success: true });
    expect(expectOk(await post('item/myList', alice, { item_group_id: group.id }))).toEqual([]);
    const names = expectOk(await post('itemGroup/getList', alice)).map(
      (g: { group_name: string }) => g.group_name,
    );
    expect(names).not.toContain('Gone');
  });

  it('needs a login, and knows only the actions ShowDoc has', async () => {
    expectError(await server.form(api('itemGroup/getList')), 10102);
    expectInvalidRequest(await call(server, api('itemGroup/add')));
    expectInvalidRequest(await call(server, api('itemgroup/getList')));
  });
});
