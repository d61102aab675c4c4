// ShowDoc's /api/item/* as its clients see it (compat-api §3): keys and their order, strings where
// ShowDoc sends strings, `[]` for empty answers, and its error codes and messages.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ItemMember, MemberGroup } from '../../db/src';
import { testDatabases } from '../support/mysql';
import { TEST_CAPTCHA, startTestServer, type TestServer } from '../support/server';
import { api, expectError, expectOk, register } from './wire-helpers';

const PASSWORD = 'secret-123';
const ITEM_ROW_KEYS = [
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
];
const MY_LIST_KEYS = [
  'item_id',
  'uid',
  'item_name',
  'item_domain',
  'item_type',
  'last_update_time',
  'item_description',
  'is_del',
  'password',
  's_number',
  'creator',
  'manage',
  'is_private',
  'is_star',
];

describe.each(testDatabases())('REST item on $name', (target) => {
  let server: TestServer;
  let alice: string;
  let bob: string;
  let aliceId: string;

  const post = (route: string, token: string | null, fields: Record<string, string | number> = {}) =>
    server.form(api(route), token ? { user_token: token, ...fields } : fields);

  async function add(token: string, fields: Record<string, string | number>): Promise<number> {
    const data = expectOk(await post('item/add', token, fields));
    expect(Object.keys(data)).toEqual(['item_id']);
    expect(typeof data.item_id).toBe('number');
    return data.item_id as number;
  }

  async function addMember(itemId: number, username: string, group: number) {
    const em = server.db.orm.em.fork();
    const [user] = await em
      .getConnection()
      .execute<Array<{ id: number }>>('select id from user where username = ?', [username]);
    await em.persist(em.create(ItemMember, { item: itemId, user: user!.id, memberGroupId: group })).flush();
  }

  beforeAll(async () => {
    server = await startTestServer(target, 'rest_item');
    alice = await register(server, 'alice', PASSWORD);
    bob = await register(server, 'bob', PASSWORD);
    aliceId = expectOk(await post('user/info', alice)).uid as string;
  });
  afterAll(async () => server?.close());

  it('creates an item and shows its detail as an ItemRow of strings', async () => {
    const id = await add(alice, {
      item_name: 'Wire book',
      item_description: 'about wires',
      password: 'pw',
      item_domain: 'wirebook',
      allow_comment: '1',
    });
    const detail = expectOk(await post('item/detail', alice, { item_id: id }));
    expect(Object.keys(detail)).toEqual([...ITEM_ROW_KEYS, 'group_ids', 'ai_config']);
    expect(detail).toMatchObject({
      item_id: String(id),
      item_name: 'Wire book',
      item_description: 'about wires',
      uid: aliceId,
      username: 'alice',
      password: 'pw',
      item_domain: 'wirebook',
      item_type: '1',
      is_archived: '0',
      is_del: '0',
      allow_comment: '1',
      allow_feedback: '0',
      group_ids: [],
      ai_config: {
        enabled: 0,
        dialog_collapsed: 1,
        guest_enabled: 0,
        welcome_message: '',
        system_prompt: '',
      },
    });
    expect(detail.addtime).toMatch(/^\d{10}$/);
    expect(detail.last_update_time).toMatch(/^\d{10}$/);
    for (const key of ITEM_ROW_KEYS) expect(typeof detail[key]).toBe('string');
  });

  it('refuses bad items with ShowDoc codes', async () => {
    expectError(await post('item/add', alice, { item_name: '  ' }), 10100, '项目名不能为空');
    expectError(await post('item/add', alice, { item_name: 'N', item_domain: '2024' }), 10305);
    expectError(await post('item/add', alice, { item_name: 'N', item_domain: 'a-b' }), 10305);
    expectError(await post('item/add', bob, { item_name: 'N', item_domain: 'WIREBOOK' }), 10304);
    expectError(await post('item/add', null, { item_name: 'N' }), 10102);
    expectError(await post('item/detail', alice, { item_id: 0 }), 10101);
  });

  it('lists my items with ShowDoc keys and types, passwords for managers only', async () => {
    const carol = await register(server, 'carol', PASSWORD);
    expect(expectOk(await post('item/myList', carol))).toEqual([]);
    const own = await add(carol, { item_name: 'Own', password: 'own-pw' });
    const shared = await add(alice, { item_name: 'Shared', password: 'shared-pw' });
    await addMember(shared, 'carol', MemberGroup.Edit);

    const list = expectOk(await post('item/myList', carol));
    expect(list.map((e: { item_id: string }) => e.item_id)).toEqual([String(own), String(shared)]);
    const [mine, theirs] = list;
    expect(Object.keys(mine)).toEqual(MY_LIST_KEYS);
    expect(mine).toMatchObject({
      item_id: String(own),
      item_name: 'Own',
      item_domain: '',
      item_type: '1',
      item_description: '',
      is_del: '0',
      password: 'own-pw',
      s_number: 0,
      creator: 1,
      manage: 1,
      is_private: 1,
      is_star: 0,
    });
    expect(mine.last_update_time).toMatch(/^\d{10}$/);
    // A plain editor: no password, so is_private reads 0 as in ShowDoc.
    expect(Object.keys(theirs)).toEqual(MY_LIST_KEYS.filter((k) => k !== 'password'));
    expect(theirs).toMatchObject({ uid: aliceId, creator: 0, manage: 0, is_private: 0 });

    expect(expectOk(await post('item/myList', carol, { original: 1 })).length).toBe(1);
  });

  it('pins, stars and sorts the list the ShowDoc way', async () => {
    const dave = await register(server, 'dave', PASSWORD);
    const [a, b, c] = [
      await add(dave, { item_name: 'A' }),
      await add(dave, { item_name: 'B' }),
      await add(dave, { item_name: 'C' }),
    ];

    expectError(await post('item/top', dave, { item_id: b, action: 'up' }), 10101, '参数错误');
    expectError(await post('item/top', dave, { item_id: b, action: 'cancel' }), 10101, '操作失败');
    expect(expectOk(await post('item/top', dave, { item_id: c, action: 'top' }))).toEqual([]);
    let list = expectOk(await post('item/myList', dave));
    expect(list.map((e: { item_id: string }) => e.item_id)).toEqual([c, a, b].map(String));
    expect(list.map((e: { top: number }) => e.top)).toEqual([1, 0, 0]);
    expect(Object.keys(list[0]).at(-1)).toBe('top');

    const star = expectOk(await post('item/star', dave, { item_id: a }));
    expect(Object.keys(star)).toEqual(['id']);
    expect(typeof star.id).toBe('number');
    const starred = expectOk(await post('item/myList', dave, { item_group_id: -1 }));
    expect(starred.map((e: { item_id: string; is_star: number }) => [e.item_id, e.is_star])).toEqual([
      [String(a), 1],
    ]);
    expect(expectOk(await post('item/unstar', dave, { item_id: a }))).toEqual([]);

    expectError(await post('item/sort', dave, { data: '' }), 10101, '排序数据不能为空');
    expectError(await post('item/sort', dave, { data: '{not json' }), 10101);
    // The web client may send the JSON HTML-escaped.
    const data = `{&quot;${b}&quot;:1,&quot;${a}&quot;:2}`;
    expect(expectOk(await post('item/sort', dave, { data }))).toEqual([]);
    list = expectOk(await post('item/myList', dave));
    expect(list.map((e: { item_id: string; s_number: unknown }) => [e.item_id, e.s_number])).toEqual([
      [String(b), 1],
      [String(a), 2],
      [String(c), String(c)],
    ]);
  });

  it('updates only the fields sent, and only for managers', async () => {
    const id = await add(alice, {
      item_name: 'Before',
      item_description: 'keep',
      password: 'keep-pw',
      item_domain: 'stays',
    });
    const done = expectOk(
      await post('item/update', alice, { item_id: id, item_name: 'After', item_domain: 'changed' }),
    );
    expect(done).toEqual({ success: true });
    const detail = expectOk(await post('item/detail', alice, { item_id: id }));
    expect(detail).toMatchObject({
      item_name: 'After',
      item_description: 'keep',
      password: 'keep-pw',
      item_domain: 'stays',
    });
    expectOk(await post('item/update', alice, { item_id: id, password: '' }));
    expect(expectOk(await post('item/detail', alice, { item_id: id })).password).toBe('');

    expectError(
      await post('item/update', bob, { item_id: id, item_name: 'Hijack' }),
      10303,
      '您没有管理权限',
    );
    expectError(await post('item/update', alice, { item_id: id, item_name: '' }), 10100);
    expectError(await post('item/update', alice, { item_id: 0, item_name: 'X' }), 10101);
  });

  it('checks a visit password (captcha first); `_item_pwd` then opens the item', async () => {
    const id = await add(alice, { item_name: 'Locked', password: 'sesame' });
    const refer = Buffer.from('/item/index?x=1').toString('base64');
    const pwd = (fields: Record<string, string | number>) => post('item/pwd', null, fields);

    expectError(await pwd({ item_id: id, password: 'sesame', captcha_id: 1, captcha: 'WRONG' }), 10206);
    expectError(await pwd({ item_id: id, password: 'sesame' }), 10206);
    expectError(
      await pwd({ item_id: id, password: 'guess', captcha: TEST_CAPTCHA }),
      10010,
      '访问密码不正确',
    );
    expectError(await pwd({ item_id: 999999, password: 'sesame', captcha: TEST_CAPTCHA }), 10101);
    const ok = expectOk(
      await pwd({ item_id: id, password: 'sesame', captcha: TEST_CAPTCHA, refer_url: refer }),
    );
    expect(ok).toEqual({ refer_url: '/item/index?x=1' });
    expect(
      expectOk(await pwd({ item_id: id, password: 'sesame', captcha: TEST_CAPTCHA, refer_url: '%%%' })),
    ).toEqual({
      refer_url: '',
    });

    // Starring needs read access: ShowDoc's code 1 without the password, fine with `_item_pwd`.
    expectError(await post('item/star', bob, { item_id: id }), 1, '没有权限');
    const star = await server.form(api('item/star', '_item_pwd=sesame'), { user_token: bob, item_id: id });
    expect(typeof expectOk(star).id).toBe('number');
  });

  it('leaves an item, and answers 退出失败 when there is nothing to leave', async () => {
    const id = await add(alice, { item_name: 'Club' });
    await addMember(id, 'bob', MemberGroup.ReadOnly);
    expect(expectOk(await post('item/exitItem', bob, { item_id: id }))).toEqual([]);
    expectError(await post('item/exitItem', bob, { item_id: id }), 10101, '退出失败');
  });

  it("deletes, archives and transfers with the owner's password", async () => {
    const id = await add(alice, { item_name: 'Doomed' });
    expectError(await post('item/delete', alice, { item_id: id }), 10101, '参数错误');
    expectError(await post('item/delete', alice, { item_id: id, password: 'wrong' }), 10208, '密码不正确');
    expectError(await post('item/delete', bob, { item_id: id, password: PASSWORD }), 10303);
    expect(expectOk(await post('item/delete', alice, { item_id: id, password: PASSWORD }))).toEqual({
      success: true,
    });
    expectError(await post('item/detail', alice, { item_id: id }), 10101);
    const owned = expectOk(await post('item/itemList', alice));
    const deleted = owned.find((row: { item_id: string }) => row.item_id === String(id));
    expect(Object.keys(deleted)).toEqual(ITEM_ROW_KEYS);
    expect(deleted.is_del).toBe('1');

    const museum = await add(alice, { item_name: 'Museum' });
    expectError(
      await post('item/archive', alice, { item_id: museum, password: 'wrong' }),
      10208,
      '密码不正确',
    );
    expect(expectOk(await post('item/archive', alice, { item_id: museum, password: PASSWORD }))).toEqual({
      success: true,
    });
    // Unlike ShowDoc, an archived item refuses writes.
    expectError(await post('item/update', alice, { item_id: museum, item_name: 'X' }), 10101);
    expect(expectOk(await post('item/detail', alice, { item_id: museum })).is_archived).toBe('1');

    expectError(
      await post('item/attorn', alice, { item_id: museum, username: 'ghost', password: PASSWORD }),
      10209,
      '用户不存在',
    );
    expectError(await post('item/attorn', alice, { item_id: museum, username: 'bob', password: 'x' }), 10208);
    const row = expectOk(
      await post('item/attorn', alice, { item_id: museum, username: 'bob', password: PASSWORD }),
    );
    expect(Object.keys(row)).toEqual(ITEM_ROW_KEYS);
    expect(row).toMatchObject({ item_id: String(museum), username: 'bob', is_archived: '1' });
    expectError(await post('item/detail', alice, { item_id: museum }), 10303);
  });

  it('hands out an open-API key pair to managers and resets its token', async () => {
    const id = await add(alice, { item_name: 'Keyed' });
    const key = expectOk(await post('item/getKey', alice, { item_id: id }));
    expect(Object.keys(key)).toEqual(['id', 'item_id', 'api_key', 'api_token', 'addtime', 'last_check_time']);
    expect(key).toMatchObject({ item_id: String(id), last_check_time: '0' });
    expect(key.id).toMatch(/^\d+$/);
    expect(key.api_key).toMatch(/^[0-9a-f]{32}\d+$/);
    expect(expectOk(await post('item/getKey', alice, { item_id: id }))).toEqual(key);
    const reset = expectOk(await post('item/resetKey', alice, { item_id: id }));
    expect(reset.api_key).toBe(key.api_key);
    expect(reset.api_token).not.toBe(key.api_token);
    expectError(await post('item/getKey', bob, { item_id: id }), 10303);
  });

  it('copies an item, taking non-empty fields over the source but never its visit password', async () => {
    const source = await add(alice, { item_name: 'Original', item_description: 'desc', password: 'pw' });
    expectError(await post('item/add', alice, { copy_item_id: source }), 10101, /访问密码/);
    const plain = await add(alice, { copy_item_id: source, password: 'new-pw' });
    expect(expectOk(await post('item/detail', alice, { item_id: plain }))).toMatchObject({
      item_name: 'Original',
      item_description: 'desc',
      password: 'new-pw',
    });
    const renamed = await add(alice, {
      copy_item_id: source,
      item_name: 'Original--copy',
      item_domain: 'copied',
      password: 'new-pw',
    });
    expect(expectOk(await post('item/detail', alice, { item_id: renamed }))).toMatchObject({
      item_name: 'Original--copy',
      item_domain: 'copied',
    });
    expectError(await post('item/add', bob, { copy_item_id: source }), 10101, '没有编辑权限');
  });

  it('puts new items into groups from a comma list or a JSON array', async () => {
    const g1 = expectOk(await post('itemGroup/save', alice, { group_name: 'G1' })).id as string;
    const g2 = expectOk(await post('itemGroup/save', alice, { group_name: 'G2' })).id as string;
    const one = await add(alice, { item_name: 'In both', item_group_ids: `${g1},${g2}` });
    const two = await add(alice, { item_name: 'In G2', item_group_ids: `[${g2}]` });
    const three = await add(alice, { item_name: 'In G1', item_group_id: g1 });
    expect(expectOk(await post('item/detail', alice, { item_id: one })).group_ids).toEqual([
      Number(g1),
      Number(g2),
    ]);
    expect(expectOk(await post('item/detail', alice, { item_id: two })).group_ids).toEqual([Number(g2)]);
    expect(expectOk(await post('item/detail', alice, { item_id: three })).group_ids).toEqual([Number(g1)]);
    const inG1 = expectOk(await post('item/myList', alice, { item_group_id: g1 }));
    expect(inG1.map((e: { item_id: string }) => e.item_id)).toEqual([String(one), String(three)]);
    expect(expectOk(await post('item/myList', alice, { item_group_id: 999999 }))).toEqual([]);
  });
});
