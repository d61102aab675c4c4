// The versioned menu cache (issue #14, item 6): every write that changes a menu is seen at once by a
// reader whose cache was filled before it, on the node that wrote and on another node (a second ORM on
// the same database), and the policy's filter runs on cached data (scope, drafts, visitors).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Item, MemberGroup, openDatabase, type Database, type User } from '../../../../db/src';
import { buildUser, viewerOf } from '../../../../test/support/factories';
import { scratchMysqlUrl, testDatabases } from '../../../../test/support/mysql';
import { buildServices, type Services } from '../services';
import type { Viewer } from '../viewer';
import type { Menu, MenuCatalog } from './catalog.service';
import { menuCacheOf } from './menu-cache';

/** The menu as names: root page titles, then catalogs as [name, page titles, sub-catalogs]. */
type Shape = [string[], unknown[]];
const catalogShape = (nodes: MenuCatalog[]): unknown[] =>
  nodes.map((n) => [n.catalog.name, n.pages.map((p) => p.title), catalogShape(n.catalogs)]);
const shape = (menu: Menu): Shape => [menu.pages.map((p) => p.title), catalogShape(menu.catalogs)];

describe.each(testDatabases())('menu cache on $name', (target) => {
  let dataDir: string;
  /** Two nodes: two ORM instances (each with its own menu cache) on one database. */
  let nodeA: Database, nodeB: Database;
  let owner: User, editor: User, scoped: User;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-menu-cache-'));
    const url = target.url ? await scratchMysqlUrl(target.url, 'menu_cache') : undefined;
    nodeA = await openDatabase({ url, dataDir });
    nodeB = await openDatabase({ url, dataDir });
    const em = nodeA.orm.em.fork();
    owner = await buildUser(em);
    editor = await buildUser(em);
    scoped = await buildUser(em);
  });
  afterAll(async () => {
    await nodeA?.close();
    await nodeB?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** One request on `node` by `user` (null: a visitor). */
  async function as(node: Database, user: User | null): Promise<{ s: Services; viewer: Viewer }> {
    const s = buildServices(node.orm.em.fork());
    return { s, viewer: await viewerOf(s.em, user) };
  }

  async function menuOf(node: Database, user: User | null, itemId: number): Promise<Shape> {
    const { s, viewer } = await as(node, user);
    return shape(await s.catalogs.menu(viewer, itemId));
  }

  /** Both nodes' menus for `user`, which fills (or checks) both caches. */
  async function both(user: User | null, itemId: number): Promise<[Shape, Shape]> {
    return [await menuOf(nodeA, user, itemId), await menuOf(nodeB, user, itemId)];
  }

  /** An item of `owner` with catalogs A > A1, B, pages a1 (in A), b1 (in B) and root; `editor` edits. */
  async function fixture() {
    const { s, viewer } = await as(nodeA, owner);
    const item = await s.items.create(viewer, { name: `Menu ${Date.now()}` });
    const a = await s.catalogs.save(viewer, { itemId: item.id, name: 'A', sNumber: 1 });
    const a1 = await s.catalogs.save(viewer, { itemId: item.id, name: 'A1', parentId: a.id });
    const b = await s.catalogs.save(viewer, { itemId: item.id, name: 'B', sNumber: 2 });
    const page = (title: string, catalogId: number | null, extra = {}) =>
      s.pages.save(viewer, { itemId: item.id, title, content: `# ${title}`, catalogId, ...extra });
    const pA = await page('pa', a.id, { sNumber: 1 });
    const pB = await page('pb', b.id, { sNumber: 1 });
    const root = await page('root', null);
    await s.members.add(viewer, {
      itemId: item.id,
      usernames: editor.username,
      memberGroupId: MemberGroup.Edit,
    });
    return { item, a, a1, b, pA, pB, root };
  }

  const initial: Shape = [
    ['root'],
    [
      ['A', ['pa'], [['A1', [], []]]],
      ['B', ['pb'], []],
    ],
  ];

  /**
   * Every write that changes a menu, run on `writer` after both nodes cached the menu; each returns the
   * menu the owner must then see (on both nodes).
   */
  type Write = (
    ctx: Awaited<ReturnType<typeof fixture>>,
    s: Services,
    v: Viewer,
    node: Database,
  ) => Promise<Shape>;
  const writes: Array<[string, Write]> = [
    [
      'page create',
      async ({ item, a1 }, s, v) => {
        await s.pages.save(v, { itemId: item.id, title: 'new', content: 'x', catalogId: a1.id });
        return [
          ['root'],
          [
            ['A', ['pa'], [['A1', ['new'], []]]],
            ['B', ['pb'], []],
          ],
        ];
      },
    ],
    [
      'page rename',
      async ({ item, pA }, s, v) => {
        await s.pages.save(v, { id: pA.id, itemId: item.id, title: 'renamed', content: 'x' });
        return [
          ['root'],
          [
            ['A', ['renamed'], [['A1', [], []]]],
            ['B', ['pb'], []],
          ],
        ];
      },
    ],
    [
      'page move (save into another catalog)',
      async ({ item, pA, b }, s, v) => {
        await s.pages.save(v, { id: pA.id, itemId: item.id, content: 'x', catalogId: b.id, sNumber: 5 });
        return [
          ['root'],
          [
            ['A', [], [['A1', [], []]]],
            ['B', ['pb', 'pa'], []],
          ],
        ];
      },
    ],
    [
      'page delete',
      async ({ pB }, s, v) => {
        await s.pages.delete(v, pB.id);
        return [
          ['root'],
          [
            ['A', ['pa'], [['A1', [], []]]],
            ['B', [], []],
          ],
        ];
      },
    ],
    [
      'page sort',
      async ({ item, pB, b }, s, v) => {
        await s.pages.save(v, { itemId: item.id, title: 'pb2', content: 'x', catalogId: b.id, sNumber: 2 });
        await s.pages.sort(v, item.id, [{ pageId: pB.id, sNumber: 3 }]);
        return [
          ['root'],
          [
            ['A', ['pa'], [['A1', [], []]]],
            ['B', ['pb2', 'pb'], []],
          ],
        ];
      },
    ],
    [
      'draft publish',
      async ({ item, pA }, _s, _v, node) => {
        // A draft of the editor (written on the other node): the owner does not see it...
        const { s: es, viewer: ev } = await as(node === nodeA ? nodeB : nodeA, editor);
        const draft = await es.pages.save(ev, {
          itemId: item.id,
          title: 'draft',
          content: 'x',
          catalogId: pA.catalog!.id,
          isDraft: true,
        });
        expect(await both(owner, item.id)).toEqual([initial, initial]);
        // ... until its author publishes it.
        const author = await as(node, editor);
        await author.s.pages.save(author.viewer, {
          id: draft.id,
          itemId: item.id,
          content: 'x',
          isDraft: false,
        });
        return [
          ['root'],
          [
            ['A', ['pa', 'draft'], [['A1', [], []]]],
            ['B', ['pb'], []],
          ],
        ];
      },
    ],
    [
      'catalog create',
      async ({ item, b }, s, v) => {
        await s.catalogs.save(v, { itemId: item.id, name: 'B1', parentId: b.id });
        return [
          ['root'],
          [
            ['A', ['pa'], [['A1', [], []]]],
            ['B', ['pb'], [['B1', [], []]]],
          ],
        ];
      },
    ],
    [
      'catalog rename',
      async ({ item, a1 }, s, v) => {
        await s.catalogs.save(v, { itemId: item.id, id: a1.id, name: 'A1-renamed' });
        return [
          ['root'],
          [
            ['A', ['pa'], [['A1-renamed', [], []]]],
            ['B', ['pb'], []],
          ],
        ];
      },
    ],
    [
      'catalog move',
      async ({ item, a1, b }, s, v) => {
        await s.catalogs.save(v, { itemId: item.id, id: a1.id, name: 'A1', parentId: b.id });
        return [
          ['root'],
          [
            ['A', ['pa'], []],
            ['B', ['pb'], [['A1', [], []]]],
          ],
        ];
      },
    ],
    [
      'catalog delete',
      async ({ b }, s, v) => {
        await s.catalogs.delete(v, b.id);
        return [['root'], [['A', ['pa'], [['A1', [], []]]]]];
      },
    ],
    [
      'catalog batUpdate (drag and drop)',
      async ({ item, a, b, root }, s, v) => {
        await s.catalogs.moveTree(v, item.id, [
          { catalogId: b.id, parentId: null, sNumber: 0 },
          { catalogId: a.id, parentId: null, sNumber: 9 },
          { pageId: root.id, parentId: b.id, sNumber: 9 },
        ]);
        return [
          [],
          [
            ['B', ['pb', 'root'], []],
            ['A', ['pa'], [['A1', [], []]]],
          ],
        ];
      },
    ],
    [
      'catalog copy',
      async ({ a, b }, s, v) => {
        await s.catalogs.copy(v, { catalogId: a.id, parentId: b.id });
        return [
          ['root'],
          [
            ['A', ['pa'], [['A1', [], []]]],
            ['B', ['pb'], [['A', ['pa'], [['A1', [], []]]]]],
          ],
        ];
      },
    ],
    [
      'recycle recover',
      async ({ item, pB }, s, v) => {
        await s.pages.delete(v, pB.id);
        const gone: Shape = [
          ['root'],
          [
            ['A', ['pa'], [['A1', [], []]]],
            ['B', [], []],
          ],
        ];
        expect(await both(owner, item.id)).toEqual([gone, gone]);
        await s.recycle.recover(v, item.id, pB.id);
        return initial;
      },
    ],
  ];

  describe.each([
    ['on the node that cached it', 'A'],
    ['on another node', 'B'],
  ])('a write %s', (_, writerNode) => {
    it.each(writes)('%s is seen at once by every node', async (_name, write) => {
      const ctx = await fixture();
      expect(await both(owner, ctx.item.id)).toEqual([initial, initial]);
      const node = writerNode === 'A' ? nodeA : nodeB;
      const { s, viewer } = await as(node, owner);
      const expected = await write(ctx, s, viewer, node);
      expect(await both(owner, ctx.item.id)).toEqual([expected, expected]);
    });
  });

  it('item copy: the copy has its menu, and the source keeps its own', async () => {
    const ctx = await fixture();
    expect(await both(owner, ctx.item.id)).toEqual([initial, initial]);
    const { s, viewer } = await as(nodeB, owner);
    const copy = await s.items.copy(viewer, { sourceId: ctx.item.id, name: 'Copy' });
    expect(await both(owner, copy.id)).toEqual([initial, initial]);
    expect(await both(owner, ctx.item.id)).toEqual([initial, initial]);
  });

  it('a member scope change narrows and widens the menu though the cached data is the same', async () => {
    const ctx = await fixture();
    const { s, viewer } = await as(nodeA, owner);
    const { added } = await s.members.add(viewer, {
      itemId: ctx.item.id,
      usernames: scoped.username,
      memberGroupId: MemberGroup.ReadOnly,
      catalogIds: [ctx.b.id],
    });
    const onlyB: Shape = [[], [['B', ['pb'], []]]];
    expect(await both(owner, ctx.item.id)).toEqual([initial, initial]);
    expect(await both(scoped, ctx.item.id)).toEqual([onlyB, onlyB]);
    const other = await as(nodeB, owner);
    await other.s.members.update(other.viewer, added[0]!.id, { catalogIds: [ctx.a.id] });
    const onlyA: Shape = [[], [['A', ['pa'], [['A1', [], []]]]]];
    expect(await both(scoped, ctx.item.id)).toEqual([onlyA, onlyA]);
    await other.s.members.update(other.viewer, added[0]!.id, { catalogIds: [] });
    expect(await both(scoped, ctx.item.id)).toEqual([initial, initial]);
  });

  it('never shows a scoped member, a reader or a visitor what the policy refuses, after the owner filled the cache', async () => {
    const ctx = await fixture();
    const { s, viewer } = await as(nodeA, owner);
    await s.pages.save(viewer, {
      itemId: ctx.item.id,
      title: 'owner draft',
      content: 'secret',
      catalogId: ctx.b.id,
      isDraft: true,
    });
    await s.pages.save(viewer, { itemId: ctx.item.id, title: 'root draft', content: 's', isDraft: true });
    await s.members.add(viewer, {
      itemId: ctx.item.id,
      usernames: scoped.username,
      memberGroupId: MemberGroup.Edit,
      catalogIds: [ctx.b.id],
    });
    const ownerSees: Shape = [
      ['root', 'root draft'],
      [
        ['A', ['pa'], [['A1', [], []]]],
        ['B', ['pb', 'owner draft'], []],
      ],
    ];
    // The owner fills both caches with everything, drafts included.
    expect(await both(owner, ctx.item.id)).toEqual([ownerSees, ownerSees]);
    expect(await both(scoped, ctx.item.id)).toEqual([
      [[], [['B', ['pb'], []]]],
      [[], [['B', ['pb'], []]]],
    ]);
    expect(await both(editor, ctx.item.id)).toEqual([initial, initial]);
    // A public item: visitors read it, without drafts.
    expect(await both(null, ctx.item.id)).toEqual([initial, initial]);
    // The default catalog path never opens towards a draft of someone else.
    const draftOf = await as(nodeA, owner);
    const draft = (await draftOf.s.catalogs.menu(draftOf.viewer, ctx.item.id)).catalogs[1]!.pages[1]!;
    expect(draft.isDraft).toBe(true);
    const asEditor = await as(nodeA, editor);
    expect(
      (await asEditor.s.catalogs.menu(asEditor.viewer, ctx.item.id, draft.id)).defaultCatalogPath,
    ).toEqual([]);
    expect((await draftOf.s.catalogs.menu(draftOf.viewer, ctx.item.id, draft.id)).defaultCatalogPath).toEqual(
      [ctx.b.id],
    );
    // A private item (visit password): the visitor is refused, cache or not.
    const em = nodeA.orm.em.fork();
    await em.nativeUpdate(Item, { id: ctx.item.id }, { password: 'pw' });
    const visitor = await as(nodeB, null);
    await expect(visitor.s.catalogs.menu(visitor.viewer, ctx.item.id)).rejects.toMatchObject({
      codeName: expect.stringMatching(/Denied|Password/),
    });
  });

  it("drafts of several authors: each reader sees their own and nobody else's, from shared objects where alike", async () => {
    const ctx = await fixture();
    const draft = async (user: User, title: string, catalogId: number | null) => {
      const { s, viewer } = await as(nodeA, user);
      await s.pages.save(viewer, { itemId: ctx.item.id, title, content: title, catalogId, isDraft: true });
    };
    await draft(owner, 'owner draft', ctx.b.id);
    await draft(owner, 'owner root draft', null);
    await draft(editor, 'editor draft', ctx.b.id);
    await draft(editor, 'editor deep draft', ctx.a1.id);
    expect(await both(owner, ctx.item.id)).toEqual(
      Array(2).fill([
        ['root', 'owner root draft'],
        [
          ['A', ['pa'], [['A1', [], []]]],
          ['B', ['pb', 'owner draft'], []],
        ],
      ]),
    );
    expect(await both(editor, ctx.item.id)).toEqual(
      Array(2).fill([
        ['root'],
        [
          ['A', ['pa'], [['A1', ['editor deep draft'], []]]],
          ['B', ['pb', 'editor draft'], []],
        ],
      ]),
    );
    expect(await both(null, ctx.item.id)).toEqual([initial, initial]);
    expect(await both(scoped, ctx.item.id)).toEqual([initial, initial]);

    // Readers who see a part alike get the same objects (compat-rest keeps their JSON by identity).
    const read = async (user: User | null) => {
      const { s, viewer } = await as(nodeA, user);
      return s.catalogs.menu(viewer, ctx.item.id);
    };
    const [visitor, reader, asOwner, asEditor] = [
      await read(null),
      await read(scoped),
      await read(owner),
      await read(editor),
    ];
    expect(reader.catalogs[0]).toBe(visitor.catalogs[0]);
    expect(reader.catalogs[1]).toBe(visitor.catalogs[1]);
    expect(reader.pages).toBe(visitor.pages);
    // Whole lists too, when all of it is seen alike (compat-rest keeps the menu's JSON bytes by them).
    expect(reader.catalogs).toBe(visitor.catalogs);
    expect((await read(null)).catalogs).toBe(visitor.catalogs);
    // The owner sees A as a visitor does (no draft of theirs there), B not.
    expect(asOwner.catalogs[0]).toBe(visitor.catalogs[0]);
    expect(asOwner.catalogs[1]).not.toBe(visitor.catalogs[1]);
    expect(asEditor.catalogs[0]).not.toBe(visitor.catalogs[0]);
    expect(asEditor.pages).toBe(visitor.pages);
    // A draft published is seen by everyone at once.
    const { s, viewer } = await as(nodeB, editor);
    const deep = asEditor.catalogs[0]!.catalogs[0]!.pages[0]!;
    await s.pages.save(viewer, { id: deep.id, itemId: ctx.item.id, content: 'x', isDraft: false });
    expect((await both(null, ctx.item.id))[1]).toEqual([
      ['root'],
      [
        ['A', ['pa'], [['A1', ['editor deep draft'], []]]],
        ['B', ['pb'], []],
      ],
    ]);
  });

  it('a write that rolls back leaves the version, so the cached menu stays in use', async () => {
    const ctx = await fixture();
    expect(await both(owner, ctx.item.id)).toEqual([initial, initial]);
    const cached = await (async () => {
      const { s, viewer } = await as(nodeA, owner);
      return s.catalogs.menu(viewer, ctx.item.id);
    })();
    const { s, viewer } = await as(nodeA, owner);
    // Refused inside its checks (a fourth level): nothing written, nothing bumped.
    const a1x = await s.catalogs.save(viewer, { itemId: ctx.item.id, name: 'A1x', parentId: ctx.a1.id });
    await expect(
      s.catalogs.save(viewer, { itemId: ctx.item.id, name: 'too deep', parentId: a1x.id }),
    ).rejects.toMatchObject({ codeName: 'CatalogTooDeep' });
    const again = await as(nodeA, owner);
    const first = await again.s.catalogs.menu(again.viewer, ctx.item.id);
    const second = await again.s.catalogs.menu(again.viewer, ctx.item.id);
    // The same cached objects serve both reads (and differ from before the write that landed).
    expect(second.catalogs[0]).toBe(first.catalogs[0]);
    expect(first.catalogs[0]).not.toBe(cached.catalogs[0]);
    menuCacheOf(nodeA.orm.em).clear();
  });

  it('a new version keeps the objects of what it did not change, and only those', async () => {
    const ctx = await fixture();
    const read = async (node: Database) => {
      const { s, viewer } = await as(node, owner);
      return s.catalogs.menu(viewer, ctx.item.id);
    };
    const before = await read(nodeA);
    const { s, viewer } = await as(nodeB, owner);
    await s.pages.save(viewer, { id: ctx.pA.id, itemId: ctx.item.id, title: 'renamed', content: 'x' });
    const after = await read(nodeA);
    const [a, b] = after.catalogs;
    // Catalog A holds the saved page: it and the lists above it are new, with the new title.
    expect(a).not.toBe(before.catalogs[0]);
    expect(a!.pages.map((p) => p.title)).toEqual(['renamed']);
    expect(after.catalogs).not.toBe(before.catalogs);
    // What the save did not touch is the previous version's: A1 under A, B with its page, the root pages.
    expect(a!.catalogs[0]).toBe(before.catalogs[0]!.catalogs[0]);
    expect(a!.catalog).toBe(before.catalogs[0]!.catalog);
    expect(b).toBe(before.catalogs[1]);
    expect(after.pages).toBe(before.pages);
    // A catalog renamed on the other node: its node and its info are new, its pages kept.
    await s.catalogs.save(viewer, { id: ctx.b.id, itemId: ctx.item.id, name: 'B2' });
    const renamed = (await read(nodeA)).catalogs[1]!;
    expect(renamed).not.toBe(b);
    expect(renamed.catalog.name).toBe('B2');
    expect(renamed.pages[0]).toBe(b!.pages[0]);
  });
});
