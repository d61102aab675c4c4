// ShowDoc's /api/member/* as its clients see it (compat-api §7): keys and their order, strings where
// ShowDoc sends strings, `[]` for empty answers, its error codes and messages; and the collaborator
// quota (10310) on both member/save and teamMember/save, with team and item members overlapping.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EntityManager } from '@mikro-orm/core';
import { ItemMember, type Catalog, type Item, type User } from '../../db/src';
import { buildCatalog, buildItem, buildSession, buildUser } from '../support/factories';
import { testDatabases } from '../support/mysql';
import { startTestServer, type TestServer } from '../support/server';
import { api, clearSettings, expectError, expectOk, setSettings } from './wire-helpers';

const LIST_KEYS = [
  'item_member_id',
  'item_id',
  'uid',
  'username',
  'addtime',
  'member_group_id',
  'cat_id',
  'cat_ids',
  'name',
  'cat_name',
  'member_group',
];
const ALL_LIST_KEYS = ['item_id', 'uid', 'username', 'username_name', 'member_group_id'];
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const DIGITS = /^\d+$/;

describe.each(testDatabases())('REST member on $name', (target) => {
  let server: TestServer;
  let em: () => EntityManager;
  let owner: User, bob: User, carol: User, dave: User;
  let ownerToken: string, bobToken: string, carolToken: string, strangerToken: string;
  let item: Item;
  let catA: Catalog, catB: Catalog, child: Catalog;

  const post = (route: string, token: string | null, fields: Record<string, string | number> = {}) =>
    server.form(api(route), token ? { user_token: token, ...fields } : fields);
  const memberIdOf = async (user: User) =>
    (await em().findOneOrFail(ItemMember, { item: item.id, user: user.id })).id;

  beforeAll(async () => {
    server = await startTestServer(target, 'rest_member');
    em = () => server.db.orm.em.fork();
    owner = await buildUser(em(), { username: 'owner', name: 'The Owner' });
    bob = await buildUser(em(), { username: 'bob' });
    carol = await buildUser(em(), { username: 'carol', name: 'Carol C.' });
    dave = await buildUser(em(), { username: 'dave' });
    const stranger = await buildUser(em(), { username: 'stranger' });
    [ownerToken, bobToken, carolToken, strangerToken] = await Promise.all(
      [owner, bob, carol, stranger].map((u) => buildSession(em(), u)),
    );
    item = await buildItem(em(), owner, { name: 'Wire book' });
    catA = await buildCatalog(em(), item, { name: 'Cat A' });
    catB = await buildCatalog(em(), item, { name: 'Cat B' });
    child = await buildCatalog(em(), item, { name: 'A/1', parent: catA });
  });
  afterAll(async () => server?.close());

  describe('member/save', () => {
    it('needs a login, then item management, then a username', async () => {
      expectError(await post('member/save', null, { item_id: item.id, username: 'bob' }), 10102);
      expectError(
        await post('member/save', strangerToken, { item_id: item.id, username: 'bob' }),
        10303,
        '您没有管理权限',
      );
      expectError(
        await post('member/save', ownerToken, { item_id: item.id, username: ' ' }),
        10209,
        '用户不存在',
      );
    });

    it('adds one or several members and answers the last row id as a number', async () => {
      const data = expectOk(
        await post('member/save', ownerToken, {
          item_id: item.id,
          username: 'bob,nobody',
          member_group_id: 1,
        }),
      );
      expect(Object.keys(data)).toEqual(['id']);
      expect(data.id).toBe(await memberIdOf(bob));
      expectError(
        await post('member/save', ownerToken, { item_id: item.id, username: 'bob', member_group_id: 1 }),
        10101,
        '添加成员失败',
      );
    });

    it('scopes a member to several top-level catalogs (cat_ids) or one (cat_id)', async () => {
      expectOk(
        await post('member/save', ownerToken, {
          item_id: item.id,
          username: 'carol',
          member_group_id: 0,
          cat_ids: JSON.stringify([catA.id, catB.id]),
        }),
      );
      expectOk(
        await post('member/save', ownerToken, {
          item_id: item.id,
          username: 'dave',
          member_group_id: 1,
          cat_id: catA.id,
        }),
      );
      expectError(
        await post('member/save', ownerToken, {
          item_id: item.id,
          username: 'stranger',
          member_group_id: 1,
          cat_ids: `${catA.id},${child.id}`,
        }),
        10101,
        `目录 ${child.id} 不是本项目的一级目录`,
      );
      expectError(
        await post('member/save', ownerToken, { item_id: item.id, username: 'stranger', member_group_id: 7 }),
        10101,
      );
    });
  });

  describe('member/getList', () => {
    it('lists the members oldest first with ShowDoc keys, strings and scope labels', async () => {
      const rows = expectOk(await post('member/getList', ownerToken, { item_id: item.id }));
      expect(rows.map((r: { username: string }) => r.username)).toEqual(['bob', 'carol', 'dave']);
      for (const row of rows) {
        expect(Object.keys(row)).toEqual(LIST_KEYS);
        for (const key of ['item_member_id', 'item_id', 'uid', 'member_group_id', 'cat_id'])
          expect(row[key]).toMatch(DIGITS);
        expect(row.addtime).toMatch(LOCAL_TIME);
      }
      const [b, c, d] = rows;
      expect(b).toMatchObject({
        item_id: String(item.id),
        uid: String(bob.id),
        member_group_id: '1',
        cat_id: '0',
        cat_ids: '',
        name: null,
        cat_name: '所有目录',
        member_group: '编辑/目录：所有目录',
      });
      expect(c).toMatchObject({
        member_group_id: '0',
        cat_id: '0',
        cat_ids: `${catA.id},${catB.id}`,
        name: 'Carol C.',
        cat_name: '多个目录',
        member_group: '只读/目录：多个目录',
      });
      expect(d).toMatchObject({
        cat_id: String(catA.id),
        cat_ids: '',
        cat_name: 'Cat A',
        member_group: '编辑/目录：Cat A',
      });
    });

    it('answers [] without an item, and 10303 to non-managers', async () => {
      expect(expectOk(await post('member/getList', ownerToken, { item_id: 0 }))).toEqual([]);
      expectError(await post('member/getList', bobToken, { item_id: item.id }), 10303, '您没有管理权限');
    });

    it('drops the scope of an item admin and labels them 管理', async () => {
      const other = await buildItem(em(), owner, { name: 'Other' });
      const otherCat = await buildCatalog(em(), other);
      expectOk(
        await post('member/save', ownerToken, {
          item_id: other.id,
          username: 'carol',
          member_group_id: 2,
          cat_id: otherCat.id,
        }),
      );
      const [row] = expectOk(await post('member/getList', ownerToken, { item_id: other.id }));
      expect(row).toMatchObject({
        member_group_id: '2',
        cat_id: '0',
        cat_ids: '',
        member_group: '管理/目录：所有目录',
      });
      // carol manages `other` now: she may list its members.
      expect(expectOk(await post('member/getList', carolToken, { item_id: other.id }))).toHaveLength(1);
    });
  });

  describe('member/getAllList and getMyAllList', () => {
    it('lists the owner first, then every member once, with numbers for item_id and uid', async () => {
      const rows = expectOk(await post('member/getAllList', bobToken, { item_id: item.id }));
      for (const row of rows) expect(Object.keys(row)).toEqual(ALL_LIST_KEYS);
      expect(rows[0]).toEqual({
        item_id: item.id,
        uid: owner.id,
        username: 'owner',
        username_name: 'owner',
        member_group_id: '1',
      });
      expect(rows.slice(1)).toEqual([
        { item_id: item.id, uid: bob.id, username: 'bob', username_name: 'bob', member_group_id: '1' },
        {
          item_id: item.id,
          uid: carol.id,
          username: 'carol',
          username_name: 'Carol C.',
          member_group_id: '0',
        },
        { item_id: item.id, uid: dave.id, username: 'dave', username_name: 'dave', member_group_id: '1' },
      ]);
      expect(expectOk(await post('member/getAllList', bobToken, { item_id: 0 }))).toEqual([]);
    });

    it('refuses readers and strangers with 10301', async () => {
      expectError(await post('member/getAllList', carolToken, { item_id: item.id }), 10301, '您没有编辑权限');
      expectError(
        await post('member/getAllList', strangerToken, { item_id: item.id }),
        10301,
        '您没有编辑权限',
      );
    });

    it("lists the caller's collaborators once, newest first, uid and addtime as numbers", async () => {
      const rows = expectOk(await post('member/getMyAllList', ownerToken));
      expect(rows.map((r: { username: string }) => r.username).sort()).toEqual(['bob', 'carol', 'dave']);
      for (const row of rows) {
        expect(Object.keys(row)).toEqual(['uid', 'username', 'addtime']);
        expect(typeof row.uid).toBe('number');
        expect(typeof row.addtime).toBe('number');
      }
      const times = rows.map((r: { addtime: number }) => r.addtime);
      expect([...times].sort((x, y) => y - x)).toEqual(times);
      expect(expectOk(await post('member/getMyAllList', strangerToken))).toEqual([]);
    });
  });

  describe('member/delete', () => {
    it('checks its parameters, the manager and the item of the member row', async () => {
      const daveRow = await memberIdOf(dave);
      expectError(await post('member/delete', ownerToken, { item_id: item.id }), 10101, '参数错误');
      expectError(
        await post('member/delete', bobToken, { item_id: item.id, item_member_id: daveRow }),
        10303,
        '您没有管理权限',
      );
      const other = await buildItem(em(), owner);
      expectError(
        await post('member/delete', ownerToken, { item_id: other.id, item_member_id: daveRow }),
        10101,
        '删除失败',
      );
      expect(
        expectOk(await post('member/delete', ownerToken, { item_id: item.id, item_member_id: daveRow })),
      ).toEqual({ success: true });
      expect(await em().count(ItemMember, { id: daveRow })).toBe(0);
    });
  });

  describe('collaborator quota', () => {
    afterAll(async () => clearSettings(server, ['collaborator_limit']));

    it('counts team members and item members once each, and answers 10310 from both doors', async () => {
      // owner's collaborators now: bob, carol (members of `item` and of `other`).
      const team = expectOk(await post('team/save', ownerToken, { team_name: 'Quota' }));
      // bob is already counted: joining the team overlaps his item membership.
      expectOk(await post('teamMember/save', ownerToken, { team_id: team.id, member_username: 'bob' }));
      await setSettings(server, { collaborator_limit: '2' });

      const viaItem = await post('member/save', ownerToken, {
        item_id: item.id,
        username: 'dave',
        member_group_id: 1,
      });
      expectError(viaItem, 10310);
      expect(viaItem.body.error_message).toContain('2');
      expectError(
        await post('teamMember/save', ownerToken, { team_id: team.id, member_username: 'dave' }),
        10310,
      );
      // carol is counted already (item member): she may join the team at the limit.
      expect(
        expectOk(await post('teamMember/save', ownerToken, { team_id: team.id, member_username: 'carol' }))
          .id,
      ).toEqual(expect.any(Number));

      await setSettings(server, { collaborator_limit: '3' });
      expectOk(await post('teamMember/save', ownerToken, { team_id: team.id, member_username: 'dave' }));
      // dave counts once, through the team: adding him to the item too stays within 3.
      expectOk(
        await post('member/save', ownerToken, { item_id: item.id, username: 'dave', member_group_id: 0 }),
      );
      expectError(await post('member/save', ownerToken, { item_id: item.id, username: 'stranger' }), 10310);
    });
  });
});
