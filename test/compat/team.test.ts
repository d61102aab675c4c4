// ShowDoc's /api/team/*, teamMember/*, teamItem/* and teamItemMember/* as its clients see them
// (compat-api §8): keys and their order, strings and numbers as ShowDoc sends them, `[]` for empty
// answers, its error codes and messages; and what Quire does differently on purpose (no item passwords
// in team lists, leaving one item keeps the team, transfers leave other people's items alone).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EntityManager } from '@mikro-orm/core';
import { Item, TeamItem, TeamItemMember, TeamMember, type Catalog, type User } from '../../db/src';
import { buildCatalog, buildItem, buildSession, buildUser, DEFAULT_PASSWORD } from '../support/factories';
import { testDatabases } from '../support/mysql';
import { startTestServer, type TestServer } from '../support/server';
import { api, expectError, expectOk } from './wire-helpers';

const TEAM_ROW_KEYS = ['id', 'team_name', 'uid', 'username', 'addtime', 'last_update_time'];
const TEAM_LIST_KEYS = [...TEAM_ROW_KEYS, 'memberCount', 'itemCount', 'team_manage'];
const TEAM_MEMBER_KEYS = [
  'id',
  'team_id',
  'member_uid',
  'member_username',
  'addtime',
  'last_update_time',
  'team_member_group_id',
  'name',
];
const ITEM_TEAM_KEYS = [...TEAM_ROW_KEYS, 'team_id'];
const TEAM_ITEM_KEYS = [
  'item_id',
  'item_name',
  'item_description',
  'uid',
  'username',
  'password',
  'addtime',
  'last_update_time',
  'item_domain',
  'item_type',
  'is_archived',
  'is_del',
  'allow_comment',
  'allow_feedback',
  'team_id',
  'id',
];
const TEAM_ITEM_MEMBER_KEYS = [
  'id',
  'team_id',
  'item_id',
  'member_group_id',
  'member_uid',
  'member_username',
  'addtime',
  'last_update_time',
  'cat_id',
  'cat_ids',
  'cat_name',
  'name',
];
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const DIGITS = /^\d+$/;

describe.each(testDatabases())('REST teams on $name', (target) => {
  let server: TestServer;
  let em: () => EntityManager;
  let lead: User, deputy: User, worker: User, heir: User, outsider: User;
  let leadToken: string, deputyToken: string, workerToken: string, outsiderToken: string;
  let docs: Item, apiItem: Item, foreign: Item;
  let catA: Catalog, catB: Catalog;
  let teamId: number;

  const post = (route: string, token: string | null, fields: Record<string, string | number> = {}) =>
    server.form(api(route), token ? { user_token: token, ...fields } : fields);
  const teamMemberId = async (user: User) =>
    (await em().findOneOrFail(TeamMember, { team: teamId, user: user.id })).id;

  beforeAll(async () => {
    server = await startTestServer(target, 'rest_team');
    em = () => server.db.orm.em.fork();
    lead = await buildUser(em(), { username: 'lead' });
    deputy = await buildUser(em(), { username: 'deputy' });
    worker = await buildUser(em(), { username: 'worker', name: 'Worker W.' });
    heir = await buildUser(em(), { username: 'heir' });
    outsider = await buildUser(em(), { username: 'outsider' });
    [leadToken, deputyToken, workerToken, outsiderToken] = await Promise.all(
      [lead, deputy, worker, outsider].map((u) => buildSession(em(), u)),
    );
    docs = await buildItem(em(), lead, { name: 'Docs', password: 'secret-pw' });
    apiItem = await buildItem(em(), lead, { name: 'API' });
    foreign = await buildItem(em(), outsider, { name: 'Foreign' });
    catA = await buildCatalog(em(), docs, { name: 'Cat A' });
    catB = await buildCatalog(em(), docs, { name: 'Cat B' });
  });
  afterAll(async () => server?.close());

  describe('team', () => {
    it('save: checks the name before the login, then creates a TeamRow of strings', async () => {
      expectError(await post('team/save', null, { team_name: '' }), 10101, '团队名称不能为空');
      expectError(await post('team/save', null, { team_name: 'Core' }), 10102);
      const row = expectOk(await post('team/save', leadToken, { team_name: 'Core' }));
      expect(Object.keys(row)).toEqual(TEAM_ROW_KEYS);
      expect(row).toMatchObject({ team_name: 'Core', uid: String(lead.id), username: 'lead' });
      expect(row.id).toMatch(DIGITS);
      expect(row.addtime).toMatch(DIGITS);
      teamId = Number(row.id);
    });

    it('save: renaming needs team manage (您没有管理权限)', async () => {
      expectError(
        await post('team/save', outsiderToken, { id: teamId, team_name: 'Mine' }),
        10103,
        '您没有管理权限',
      );
      expect(
        expectOk(await post('team/save', leadToken, { id: teamId, team_name: 'Core team' })).team_name,
      ).toBe('Core team');
    });
  });

  describe('teamMember', () => {
    it('save: checks parameters, manager and users, then adds several at once', async () => {
      expectError(
        await post('teamMember/save', leadToken, { team_id: 0, member_username: 'worker' }),
        10101,
        '参数错误',
      );
      expectError(
        await post('teamMember/save', outsiderToken, { team_id: teamId, member_username: 'worker' }),
        10103,
        '没有权限',
      );
      expectError(
        await post('teamMember/save', leadToken, { team_id: teamId, member_username: 'ghost' }),
        10209,
        '用户不存在',
      );
      const data = expectOk(
        await post('teamMember/save', leadToken, { team_id: teamId, member_username: 'worker,deputy' }),
      );
      expect(data).toEqual({ id: await teamMemberId(deputy) });
      expectError(
        await post('teamMember/save', leadToken, { team_id: teamId, member_username: 'worker' }),
        10101,
        '该用户已经是成员',
      );
    });

    it('getList: for managers and members, newest first, strings and local times', async () => {
      expectError(await post('teamMember/getList', leadToken, { team_id: 0 }), 10101, '团队ID不能为空');
      expectError(await post('teamMember/getList', outsiderToken, { team_id: teamId }), 10103, '没有权限');
      const rows = expectOk(await post('teamMember/getList', workerToken, { team_id: teamId }));
      expect(rows.map((r: { member_username: string }) => r.member_username).sort()).toEqual([
        'deputy',
        'worker',
      ]);
      for (const row of rows) {
        expect(Object.keys(row)).toEqual(TEAM_MEMBER_KEYS);
        expect(row.addtime).toMatch(LOCAL_TIME);
        expect(row.team_member_group_id).toBe('1');
        expect(row.team_id).toBe(String(teamId));
      }
      expect(rows.find((r: { member_username: string }) => r.member_username === 'worker').name).toBe(
        'Worker W.',
      );
    });

    it('a team admin (group 2) manages the team', async () => {
      expectOk(await post('teamMember/delete', leadToken, { id: await teamMemberId(deputy) }));
      expectOk(
        await post('teamMember/save', leadToken, {
          team_id: teamId,
          member_username: 'deputy',
          team_member_group_id: 2,
        }),
      );
      expect(expectOk(await post('team/save', deputyToken, { id: teamId, team_name: 'Core team' })).id).toBe(
        String(teamId),
      );
    });
  });

  describe('team/getList', () => {
    it('lists my teams with counts and team_manage as numbers', async () => {
      const [row] = expectOk(await post('team/getList', workerToken));
      expect(Object.keys(row)).toEqual(TEAM_LIST_KEYS);
      expect(row).toMatchObject({ id: String(teamId), memberCount: 2, itemCount: 0, team_manage: 0 });
      expect(row.addtime).toMatch(LOCAL_TIME);
      expect(expectOk(await post('team/getList', deputyToken))[0].team_manage).toBe(1);
      expect(expectOk(await post('team/getList', outsiderToken))).toEqual([]);
    });
  });

  describe('teamItem', () => {
    it('save: binds a list of items the caller manages, all or nothing', async () => {
      const refused = await post('teamItem/save', leadToken, {
        team_id: teamId,
        item_id: `${docs.id},${foreign.id}`,
      });
      expectError(refused, 10303, `项目 ${foreign.id} 没有权限`);
      expectError(
        await post('teamItem/save', workerToken, { team_id: teamId, item_id: docs.id }),
        10103,
        '没有权限',
      );
      expectError(
        await post('teamItem/save', leadToken, { team_id: teamId, item_id: '' }),
        10101,
        '参数错误',
      );
      const data = expectOk(
        await post('teamItem/save', leadToken, { team_id: teamId, item_id: `${docs.id},${apiItem.id}` }),
      );
      expect(Object.keys(data)).toEqual(['id']);
      expect(typeof data.id).toBe('number');
      expectError(
        await post('teamItem/save', leadToken, { team_id: teamId, item_id: docs.id }),
        10103,
        '添加失败',
      );
      // Every team member got edit rights (group 1) in both items.
      expect(await em().count(TeamItemMember, { team: teamId, memberGroupId: 1 })).toBe(4);
    });

    it('getList: the teams of an item, for its managers', async () => {
      expectError(await post('teamItem/getList', workerToken, { item_id: docs.id }), 10303, '没有权限');
      expectError(await post('teamItem/getList', leadToken, { item_id: 0 }), 10101, '项目ID不能为空');
      const [row] = expectOk(await post('teamItem/getList', leadToken, { item_id: docs.id }));
      expect(Object.keys(row)).toEqual(ITEM_TEAM_KEYS);
      expect(row).toMatchObject({ team_name: 'Core team', team_id: String(teamId), username: 'lead' });
      const link = await em().findOneOrFail(TeamItem, { team: teamId, item: docs.id });
      expect(row.id).toBe(String(link.id));
      expect(row.addtime).toMatch(LOCAL_TIME);
    });

    it('getListByTeam: the items of a team for its members, with the password key but never the password', async () => {
      expectError(
        await post('teamItem/getListByTeam', outsiderToken, { team_id: teamId }),
        10103,
        '没有权限',
      );
      const rows = expectOk(await post('teamItem/getListByTeam', workerToken, { team_id: teamId }));
      expect(rows.map((r: { item_name: string }) => r.item_name)).toEqual(['Docs', 'API']);
      for (const row of rows) {
        expect(Object.keys(row)).toEqual(TEAM_ITEM_KEYS);
        expect(row.password).toBe('');
        expect(row.addtime).toMatch(LOCAL_TIME);
        expect(row.team_id).toBe(String(teamId));
      }
      expect(JSON.stringify(rows)).not.toContain('secret-pw');
    });
  });

  describe('teamItemMember', () => {
    it('getList: every member of the team in the item, cat_ids as an array of numbers', async () => {
      expectError(await post('teamItemMember/getList', leadToken, { item_id: docs.id }), 10101, '参数错误');
      expectError(
        await post('teamItemMember/getList', workerToken, { item_id: docs.id, team_id: teamId }),
        10103,
        '没有权限',
      );
      const rows = expectOk(
        await post('teamItemMember/getList', leadToken, { item_id: docs.id, team_id: teamId }),
      );
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        expect(Object.keys(row)).toEqual(TEAM_ITEM_MEMBER_KEYS);
        expect(row).toMatchObject({ member_group_id: '1', cat_id: '0', cat_ids: [], cat_name: '所有目录' });
        expect(row.addtime).toMatch(LOCAL_TIME);
      }
    });

    it('save: applies only the fields sent; scopes to several catalogs; [] when nothing is sent', async () => {
      const rowOf = async () =>
        (
          expectOk(
            await post('teamItemMember/getList', leadToken, { item_id: docs.id, team_id: teamId }),
          ) as Array<Record<string, unknown>>
        ).find((r) => r.member_username === 'worker')!;
      const id = Number((await rowOf()).id);
      expectError(await post('teamItemMember/save', leadToken, { member_group_id: 0 }), 10101, '参数错误');
      expectError(
        await post('teamItemMember/save', workerToken, { id, member_group_id: 2 }),
        10103,
        '没有权限',
      );
      expect(expectOk(await post('teamItemMember/save', leadToken, { id }))).toEqual([]);

      expect(
        expectOk(await post('teamItemMember/save', leadToken, { id, cat_ids: `${catA.id},${catB.id}` })),
      ).toEqual({ success: true });
      expect(await rowOf()).toMatchObject({
        member_group_id: '1',
        cat_ids: [catA.id, catB.id],
        cat_name: '多个目录',
      });

      expectOk(await post('teamItemMember/save', leadToken, { id, member_group_id: 0 }));
      expect(await rowOf()).toMatchObject({ member_group_id: '0', cat_ids: [catA.id, catB.id] });

      expectOk(await post('teamItemMember/save', leadToken, { id, cat_id: catB.id }));
      expect(await rowOf()).toMatchObject({ cat_id: String(catB.id), cat_ids: [catB.id], cat_name: 'Cat B' });

      // An item admin is never limited to catalogs.
      expectOk(await post('teamItemMember/save', leadToken, { id, member_group_id: 2, cat_id: catA.id }));
      expect(await rowOf()).toMatchObject({ member_group_id: '2', cat_id: '0', cat_ids: [] });
      expectError(await post('teamItemMember/save', leadToken, { id, member_group_id: 5 }), 10101);
      expectOk(await post('teamItemMember/save', leadToken, { id, member_group_id: 1 }));
    });
  });

  describe('leaving and removing', () => {
    it('item/exitItem on an item reached through a team detaches only that item', async () => {
      expectOk(await post('item/exitItem', workerToken, { item_id: docs.id }));
      const rows = await em().find(TeamItemMember, { user: worker.id });
      expect(rows.map((r) => r.item.id)).toEqual([apiItem.id]);
      expect(await em().count(TeamMember, { team: teamId, user: worker.id })).toBe(1);
    });

    it('teamMember/delete removes the member and their item rows', async () => {
      expectError(await post('teamMember/delete', leadToken, { id: 0 }), 10101, '参数错误');
      expectError(await post('teamMember/delete', leadToken, { id: 999999 }), 10101, '成员不存在');
      const id = await teamMemberId(worker);
      expectError(await post('teamMember/delete', workerToken, { id }), 10103, '没有权限');
      expect(expectOk(await post('teamMember/delete', deputyToken, { id }))).toEqual({ success: true });
      expect(await em().count(TeamItemMember, { user: worker.id })).toBe(0);
    });

    it('team/exitTeam removes the caller from the team and its items', async () => {
      expectError(await post('team/exitTeam', deputyToken, { id: 0 }), 10101, '参数错误');
      expect(expectOk(await post('team/exitTeam', deputyToken, { id: teamId }))).toEqual([]);
      expect(await em().count(TeamItemMember, { user: deputy.id })).toBe(0);
      expect(expectOk(await post('team/getList', deputyToken))).toEqual([]);
    });

    it('teamItem/delete unbinds an item with its member rows', async () => {
      expectOk(await post('teamMember/save', leadToken, { team_id: teamId, member_username: 'worker' }));
      const [link] = expectOk(await post('teamItem/getList', leadToken, { item_id: apiItem.id }));
      expectError(await post('teamItem/delete', leadToken, { id: 0 }), 10101, '参数错误');
      expectError(await post('teamItem/delete', workerToken, { id: link.id }), 10103, '没有权限');
      expect(expectOk(await post('teamItem/delete', leadToken, { id: link.id }))).toEqual({ success: true });
      expectError(await post('teamItem/delete', leadToken, { id: link.id }), 10101, '关联不存在');
      expect(await em().count(TeamItemMember, { item: apiItem.id })).toBe(0);
    });
  });

  describe('team/attorn and team/delete', () => {
    it('attorn: checks parameters, creator, password and receiver; bound items the creator owns follow', async () => {
      expectError(
        await post('team/attorn', leadToken, { team_id: teamId, username: 'heir' }),
        10101,
        '参数错误',
      );
      expectError(
        await post('team/attorn', workerToken, {
          team_id: teamId,
          username: 'heir',
          password: DEFAULT_PASSWORD,
        }),
        10101,
        '团队不存在或您没有权限',
      );
      expectError(
        await post('team/attorn', leadToken, { team_id: teamId, username: 'heir', password: 'wrong' }),
        10208,
        '密码错误',
      );
      expectError(
        await post('team/attorn', leadToken, {
          team_id: teamId,
          username: 'ghost',
          password: DEFAULT_PASSWORD,
        }),
        10209,
        '用户不存在',
      );
      expect(
        expectOk(
          await post('team/attorn', leadToken, {
            team_id: teamId,
            username: 'heir',
            password: DEFAULT_PASSWORD,
          }),
        ),
      ).toEqual([]);
      expect((await em().findOneOrFail(Item, { id: docs.id })).owner.id).toBe(heir.id);
      // apiItem was unbound before the transfer: it stays with lead.
      expect((await em().findOneOrFail(Item, { id: apiItem.id })).owner.id).toBe(lead.id);
      const [row] = expectOk(await post('team/getList', workerToken));
      expect(row).toMatchObject({ uid: String(heir.id), username: 'heir' });
    });

    it('delete: creator only (删除失败), then everything of the team goes', async () => {
      expectError(await post('team/delete', leadToken, { id: teamId }), 10103, '删除失败');
      const heirToken = await buildSession(em(), heir);
      expectError(await post('team/delete', heirToken, { id: 0 }), 10101, '参数错误');
      expect(expectOk(await post('team/delete', heirToken, { id: teamId }))).toEqual({ success: true });
      expect(await em().count(TeamMember, { team: teamId })).toBe(0);
      expect(expectOk(await post('team/getList', workerToken))).toEqual([]);
    });
  });
});
