// item/info's menu JSON is kept per menu object and made of its parts' kept texts (issue #14): after every
// kind of menu write it must read as the rows shaped afresh, for each viewer as the policy filters it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildServices, type Menu } from '../../../api/src/domain';
import { MemberGroup, openDatabase, type Database, type User } from '../../../db/src';
import { buildUser, viewerOf } from '../../../test/support/factories';
import { scratchMysqlUrl, testDatabases } from '../../../test/support/mysql';
import { menuCatalogRow, menuJson, menuPageRow } from './document';

/** The menu's JSON shaped from copies of its objects: nothing kept from earlier calls. */
const fresh = (menu: Menu): string => {
  const copy = structuredClone({ pages: menu.pages, catalogs: menu.catalogs });
  return JSON.stringify({ pages: copy.pages.map(menuPageRow), catalogs: copy.catalogs.map(menuCatalogRow) });
};

describe.each(testDatabases())('item/info menu JSON on $name', (target) => {
  let dataDir: string;
  let db: Database;
  let owner: User, editor: User;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-menu-json-'));
    const url = target.url ? await scratchMysqlUrl(target.url, 'menu_json') : undefined;
    db = await openDatabase({ url, dataDir });
    const em = db.orm.em.fork();
    owner = await buildUser(em);
    editor = await buildUser(em);
  });
  afterAll(async () => {
    await db?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function as(user: User | null) {
    const s = buildServices(db.orm.em.fork());
    return { s, viewer: await viewerOf(s.em, user) };
  }

  /** The kept JSON text `user` gets, checked against the rows shaped afresh. */
  async function textFor(user: User | null, itemId: number): Promise<string> {
    const { s, viewer } = await as(user);
    const menu = await s.catalogs.menu(viewer, itemId);
    const text = menuJson(menu).json;
    expect(text).toBe(fresh(menu));
    return text;
  }

  it('reads as the rows shaped afresh after every kind of menu write, for each viewer', async () => {
    const { s, viewer } = await as(owner);
    const item = await s.items.create(viewer, { name: `Menu JSON ${Date.now()}` });
    const a = await s.catalogs.save(viewer, { itemId: item.id, name: 'A', sNumber: 1 });
    const a1 = await s.catalogs.save(viewer, { itemId: item.id, name: 'A1', parentId: a.id });
    const b = await s.catalogs.save(viewer, { itemId: item.id, name: 'B', sNumber: 2 });
    const page = (title: string, catalogId: number | null) =>
      s.pages.save(viewer, { itemId: item.id, title, content: title, catalogId });
    const pa = await page('pa', a.id);
    const pb = await page('pb', b.id);
    await page('root', null);
    await s.members.add(viewer, {
      itemId: item.id,
      usernames: editor.username,
      memberGroupId: MemberGroup.Edit,
    });
    const editing = await as(editor);
    await editing.s.pages.save(editing.viewer, {
      itemId: item.id,
      title: 'editor draft',
      content: 'x',
      catalogId: a1.id,
      isDraft: true,
    });

    const writes: Array<[string, () => Promise<unknown>, string]> = [
      [
        'page rename',
        () => s.pages.save(viewer, { id: pa.id, itemId: item.id, title: 'pa2', content: 'x' }),
        'pa2',
      ],
      [
        'page move',
        () => s.pages.save(viewer, { id: pb.id, itemId: item.id, content: 'x', catalogId: a1.id }),
        `"cat_id":"${a1.id}","page_title":"pb"`,
      ],
      ['catalog rename', () => s.catalogs.save(viewer, { id: a1.id, itemId: item.id, name: 'A1b' }), 'A1b'],
      ['page create', () => page('new page', b.id), 'new page'],
      ['page delete', () => s.pages.delete(viewer, pa.id), ''],
    ];
    const before = [
      await textFor(owner, item.id),
      await textFor(editor, item.id),
      await textFor(null, item.id),
    ];
    expect(before[0]).not.toContain('editor draft');
    expect(before[1]).toContain('editor draft');
    expect(before[2]).not.toContain('editor draft');
    for (const [name, write, shows] of writes) {
      await write();
      for (const user of [owner, editor, null]) {
        const text = await textFor(user, item.id);
        expect([name, text.includes('editor draft')]).toEqual([name, user === editor]);
        if (shows) expect([name, text.includes(shows)]).toEqual([name, true]);
      }
    }
    expect(await textFor(owner, item.id)).not.toContain('pa2');
  });
});
