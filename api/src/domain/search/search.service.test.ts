import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { EntityManager } from '@mikro-orm/core';
import {
  Catalog,
  gramsOf,
  writePlainText,
  Item,
  ItemMember,
  MemberGroup,
  Page,
  Team,
  TeamItemMember,
  User,
  UserGroup,
  searchIndexCaughtUp,
  gramIndexerOf,
  gramLookup,
  indexQueued,
  indexQueuedPages,
} from '../../../../db/src';
import type { AbstractSqlConnection } from '@mikro-orm/knex';
import { openTestDb, type TestDb } from '../../../../test/support/db';
import { testDatabases } from '../../../../test/support/mysql';
import { loadItemView } from '../catalogs/item-view';
import { Viewer } from '../viewer';
import { highlightedSnippet, showdocSnippet } from './snippet';
import { buildMember } from '../../../../test/support/factories';
import { expectCode } from '../../../../test/support/domain-errors';

describe.each(testDatabases())('search on $name', (target) => {
  let db: TestDb;
  let em: EntityManager;
  let owner: User, editor: User, stranger: User, scopedReader: User, teamReader: User, admin: User;
  let docs: Item, secret: Item;
  let catA: Catalog, catA1: Catalog, catA1a: Catalog, catB: Catalog, catGone: Catalog;
  const pages: Record<string, Page> = {};

  const viewer = (user: User | null) => new Viewer(user);
  const search = () => db.services().search;
  /** Titles of the pages `searchItem` finds, in its order. */
  const titlesIn = async (user: User | null, item: Item, keyword: string, drafts?: 'own' | 'none') =>
    (await search().searchItem(viewer(user), item.id, keyword, { drafts })).pages.map((p) => p.title);
  const titlesEverywhere = async (user: User | null, keyword: string) =>
    (await search().search(viewer(user), keyword, { first: 100 })).hits.map((h) => h.page.title);

  const page = (key: string, fields: Partial<Page> & { item: Item; title: string; content: string }) => {
    pages[key] = em.create(Page, { author: owner, authorName: owner.username, ...fields });
    return pages[key];
  };

  beforeAll(async () => {
    db = await openTestDb(target, 'search');
    em = db.services().em;
    const user = (username: string, groupId: number = UserGroup.Member) =>
      em.create(User, { username, passwordHash: 'not-used', groupId });
    owner = user('owner');
    editor = user('editor');
    stranger = user('stranger');
    scopedReader = user('scoped-reader');
    teamReader = user('team-reader');
    admin = user('site-admin', UserGroup.Admin);
    docs = em.create(Item, { name: 'Docs', owner, password: 'docs-pwd' });
    secret = em.create(Item, { name: 'Secret', owner: stranger, password: 'keep-out' });
    catA = em.create(Catalog, { name: 'A', item: docs, sNumber: 1 });
    catA1 = em.create(Catalog, { name: 'A1', item: docs, parent: catA, level: 2 });
    catA1a = em.create(Catalog, { name: 'A1a', item: docs, parent: catA1, level: 3 });
    catB = em.create(Catalog, { name: 'B', item: docs, sNumber: 2 });
    catGone = em.create(Catalog, { name: 'Gone', item: docs, deletedAt: new Date() });
    await em.flush();

    page('root', { item: docs, title: 'Welcome', content: '接口文档说明 API说明', sNumber: 5 });
    page('install', {
      item: docs,
      catalog: catA,
      title: 'Install Guide',
      content: 'run npm install; 100% done; file_name; it\'s <b>bold</b> & "quoted"',
      sNumber: 1,
    });
    page('deep', { item: docs, catalog: catA1a, title: '深层页面', content: 'deep 文档 here', sNumber: 3 });
    page('inB', { item: docs, catalog: catB, title: 'B page', content: 'api说明 in B', sNumber: 2 });
    page('mixed', { item: docs, catalog: catA1, title: 'MiXeD CaSe Title', content: 'HELLO World' });
    page('ownDraft', { item: docs, title: 'Own draft', content: 'draftword', isDraft: true });
    page('otherDraft', {
      item: docs,
      title: 'Other draft',
      content: 'draftword',
      isDraft: true,
      author: editor,
      authorName: editor.username,
    });
    page('deleted', { item: docs, title: 'Deleted', content: 'wordx', deletedAt: new Date() });
    page('orphan', { item: docs, catalog: catGone, title: 'In a deleted catalog', content: 'wordx' });
    page('secret', { item: secret, title: 'Secret wordx', content: '接口文档 API wordx' });
    const scoped = em.create(ItemMember, {
      item: docs,
      user: scopedReader,
      memberGroupId: MemberGroup.ReadOnly,
    });
    scoped.catalogs.add(catA);
    buildMember(em, docs, editor, MemberGroup.Edit);
    const team = em.create(Team, { name: 'T', owner });
    em.create(TeamItemMember, { team, item: docs, user: teamReader, memberGroupId: MemberGroup.ReadOnly });
    await em.flush();
  });

  afterAll(async () => {
    await db?.close();
  });

  describe('matching', () => {
    it('finds Chinese words of one, two and more characters', async () => {
      // Menu order: s_number (深层页面 3, Welcome 5), then id.
      expect(await titlesIn(owner, docs, '文档')).toEqual(['深层页面', 'Welcome']);
      expect(await titlesIn(owner, docs, '档')).toEqual(['深层页面', 'Welcome']);
      expect(await titlesIn(owner, docs, '接口文档')).toEqual(['Welcome']);
      expect(await titlesIn(owner, docs, '深层')).toEqual(['深层页面']);
      expect(await titlesIn(owner, docs, '文档说明书')).toEqual([]);
    });

    it('finds a short word at the very end of a title or a content, or as the whole title', async () => {
      const services = db.services();
      const words = services.em.create(Item, { name: 'Short words', owner: owner.id });
      const add = (title: string, content: string) =>
        services.em.create(Page, { item: words, title, content, author: owner.id, authorName: 'owner' });
      add('鲲鹏', 'nothing here');
      add('Ends in a word', '华为的鲲鹏');
      add('Ends in a letter', 'plan B');
      add('Elsewhere', '鲲 and 鹏 apart; b');
      await services.em.flush();
      expect(await titlesIn(owner, words, '鲲鹏')).toEqual(['鲲鹏', 'Ends in a word']);
      expect(await titlesIn(owner, words, '的鲲')).toEqual(['Ends in a word']);
      expect(await titlesIn(owner, words, 'B')).toEqual(['Ends in a letter', 'Elsewhere']);
      expect(await titlesIn(owner, words, '鹏')).toEqual(['鲲鹏', 'Ends in a word', 'Elsewhere']);
      expect(await titlesIn(owner, words, '鹏鲲')).toEqual([]);
    });

    it('finds a short word that follows many different characters (more than the index is asked for)', async () => {
      const services = db.services();
      const common = services.em.create(Item, { name: 'Common word', owner: owner.id });
      const content = Array.from({ length: 150 }, (_, i) => `常${String.fromCharCode(0x4e00 + i)}`).join(' ');
      services.em.create(Page, {
        item: common,
        title: 'Many',
        content,
        author: owner.id,
        authorName: 'owner',
      });
      services.em.create(Page, {
        item: common,
        title: 'Few',
        content: '常见',
        author: owner.id,
        authorName: 'o',
      });
      await services.em.flush();
      expect(await titlesIn(owner, common, '常')).toEqual(['Many', 'Few']);
      expect(await titlesIn(owner, common, '常见')).toEqual(['Few']);
    });

    it('ignores ASCII case, in the keyword and in the page', async () => {
      expect(await titlesIn(owner, docs, 'API')).toEqual(['B page', 'Welcome']);
      expect(await titlesIn(owner, docs, 'api说明')).toEqual(['B page', 'Welcome']);
      expect(await titlesIn(owner, docs, 'hello world')).toEqual(['MiXeD CaSe Title']);
      expect(await titlesIn(owner, docs, 'mixed case')).toEqual(['MiXeD CaSe Title']);
      expect(await titlesIn(owner, docs, 'hE')).toEqual(['深层页面', 'MiXeD CaSe Title']);
    });

    it('searches titles as well as contents, with one or two ASCII characters too', async () => {
      expect(await titlesIn(owner, docs, 'guide')).toEqual(['Install Guide']);
      expect(await titlesIn(owner, docs, 'B p')).toEqual(['B page']);
      expect(await titlesIn(owner, docs, 'b')).toEqual(['Install Guide', 'B page']);
      expect(await titlesIn(owner, docs, 'x')).toEqual(['MiXeD CaSe Title']);
    });

    it('takes %, _, quotes and markup literally', async () => {
      expect(await titlesIn(owner, docs, '%')).toEqual(['Install Guide']);
      expect(await titlesIn(owner, docs, '100%')).toEqual(['Install Guide']);
      expect(await titlesIn(owner, docs, '_')).toEqual(['Install Guide']);
      expect(await titlesIn(owner, docs, 'e_n')).toEqual(['Install Guide']);
      expect(await titlesIn(owner, docs, "it's")).toEqual(['Install Guide']);
      expect(await titlesIn(owner, docs, "'")).toEqual(['Install Guide']);
      expect(await titlesIn(owner, docs, '<b>')).toEqual(['Install Guide']);
      expect(await titlesIn(owner, docs, '"quoted"')).toEqual(['Install Guide']);
      expect(await titlesIn(owner, docs, '\\')).toEqual([]);
      expect(await titlesIn(owner, docs, '%%')).toEqual([]);
    });

    it('finds a long keyword (only some of its trigrams are looked up)', async () => {
      expect(await titlesIn(owner, docs, "run npm install; 100% done; file_name; it's")).toEqual([
        'Install Guide',
      ]);
      expect(await titlesIn(owner, docs, "run npm install; 100% done; file_name; it's not")).toEqual([]);
    });

    it('trims the keyword and refuses an empty or overlong one', async () => {
      expect(await titlesIn(owner, docs, '  深层  ')).toEqual(['深层页面']);
      await expectCode(search().searchItem(viewer(owner), docs.id, '   '), 'BadInput');
      await expectCode(search().search(viewer(owner), 'x'.repeat(201)), 'BadInput');
    });
  });

  describe('what the viewer may read', () => {
    it('leaves out deleted pages and pages of deleted catalogs', async () => {
      expect(await titlesIn(owner, docs, 'wordx')).toEqual([]);
    });

    it("keeps the viewer's own drafts, never others', and none at all when asked", async () => {
      expect(await titlesIn(owner, docs, 'draftword')).toEqual(['Own draft']);
      expect(await titlesIn(editor, docs, 'draftword')).toEqual(['Other draft']);
      expect(await titlesIn(owner, docs, 'draftword', 'none')).toEqual([]);
      expect(await titlesIn(teamReader, docs, 'draftword')).toEqual([]);
    });

    it("hides pages outside a member's catalog scope, root pages included", async () => {
      expect(await titlesIn(scopedReader, docs, 'e')).toEqual([
        'Install Guide',
        '深层页面',
        'MiXeD CaSe Title',
      ]);
      expect(await titlesIn(scopedReader, docs, 'API')).toEqual([]);
      expect(await titlesEverywhere(scopedReader, '文档')).toEqual(['深层页面']);
    });

    it("never shows another user's private item", async () => {
      expect(await titlesEverywhere(owner, 'wordx')).toEqual([]);
      expect(await titlesEverywhere(owner, '接口文档')).toEqual(['Welcome']);
      expect(await titlesEverywhere(stranger, '接口文档')).toEqual(['Secret wordx']);
      await expectCode(search().searchItem(viewer(owner), secret.id, 'wordx'), 'ItemVisitDenied');
      await expectCode(search().search(viewer(owner), 'wordx', { itemId: secret.id }), 'ItemVisitDenied');
      await expectCode(search().searchItem(viewer(null), docs.id, 'API'), 'ItemVisitDenied');
      await expectCode(search().searchItem(viewer(owner), 999999, 'API'), 'ItemNotFound');
    });

    it('searches the items of members and team members; site admins only their own', async () => {
      expect(await titlesEverywhere(teamReader, '说明')).toEqual(
        expect.arrayContaining(['Welcome', 'B page']),
      );
      expect(await titlesEverywhere(editor, 'hello')).toEqual(['MiXeD CaSe Title']);
      expect(await titlesEverywhere(admin, '接口文档')).toEqual([]);
      expect(await titlesEverywhere(null, '接口文档')).toEqual([]);
      // An admin may still search an item by id: admins manage every item.
      const hits = await search().search(viewer(admin), '接口文档', { itemId: secret.id });
      expect(hits.hits.map((h) => h.page.title)).toEqual(['Secret wordx']);
    });

    it("in the item screen's keyword mode, finds with the rights the screen was given: one item read", async () => {
      const screen = async (user: User | null, keyword: string) => {
        const services = db.services();
        const reads = jest.spyOn(services.policy, 'findItemRow');
        try {
          const view = await loadItemView(services, viewer(user), { item: docs.id, keyword });
          expect(reads).toHaveBeenCalledTimes(1);
          return view.searchResults?.map((p) => p.title);
        } finally {
          reads.mockRestore();
        }
      };
      expect(await screen(scopedReader, 'e')).toEqual(await titlesIn(scopedReader, docs, 'e'));
      expect(await screen(scopedReader, 'API')).toEqual([]);
      expect(await screen(owner, 'draftword')).toEqual(['Own draft']);
      expect(await screen(editor, 'draftword')).toEqual(['Other draft']);
      await expectCode(screen(null, 'API'), 'ItemVisitDenied');
    });

    it('lets a visitor with the visit password search an item', async () => {
      const visitor = new Viewer(null, null, '', 'docs-pwd');
      expect((await search().searchItem(visitor, docs.id, 'API')).pages.map((p) => p.title)).toEqual([
        'B page',
        'Welcome',
      ]);
    });
  });

  describe('hits across items', () => {
    it('carries the item, the catalog path, a snippet and highlight ranges', async () => {
      const [hit] = (await search().search(viewer(owner), 'DEEP')).hits;
      expect(hit?.page.title).toBe('深层页面');
      expect(hit?.item.name).toBe('Docs');
      expect(hit?.catalogPath.map((c) => c.name)).toEqual(['A', 'A1', 'A1a']);
      expect(hit?.snippet).toBe('deep 文档 here');
      expect(hit?.highlights).toEqual([{ start: 0, end: 4 }]);
      const [root] = (await search().search(viewer(owner), 'welcome')).hits;
      expect(root?.catalogPath).toEqual([]);
      expect(root?.titleHighlights).toEqual([{ start: 0, end: 7 }]);
    });

    it('carries each page as stored, field for field as the entity reads it', async () => {
      const [hit] = (await search().search(viewer(owner), 'DEEP')).hits;
      const stored = await db.services().em.findOneOrFail(Page, { id: pages.deep!.id });
      expect(hit?.page).toEqual({
        id: stored.id,
        item: { id: docs.id },
        catalog: { id: catA1a.id },
        author: { id: owner.id },
        title: stored.title,
        content: stored.content,
        sNumber: stored.sNumber,
        authorName: stored.authorName,
        comments: stored.comments,
        extInfo: stored.extInfo,
        isDraft: false,
        deletedAt: null,
        createdAt: stored.createdAt,
        updatedAt: stored.updatedAt,
        version: stored.version,
        searchText: null,
        // The embedded database's index thread reads it with the page; on MySQL no filler runs here.
        plainText: target.name === 'sqlite' ? 'deep 文档 here' : null,
      });
      const [found] = (await search().searchItem(viewer(owner), docs.id, '深层')).pages;
      expect(found).toEqual({ ...hit?.page, plainText: undefined });
      expect(found?.createdAt.getTime()).not.toBeNaN();
    });

    it('puts title matches first and pages through the results with cursors', async () => {
      const all = await search().search(viewer(owner), 'e', { first: 100 });
      expect(all.totalCount).toBe(all.hits.length);
      expect(all.hasNextPage).toBe(false);
      const titleHits = all.hits.filter((h) => h.titleHighlights.length > 0).length;
      expect(all.hits.slice(0, titleHits).every((h) => h.titleHighlights.length > 0)).toBe(true);

      const first = await search().search(viewer(owner), 'e', { first: 2 });
      expect(first.hits.map((h) => h.page.id)).toEqual(all.hits.slice(0, 2).map((h) => h.page.id));
      expect(first.hasNextPage).toBe(true);
      expect(first.totalCount).toBe(all.totalCount);
      const rest = await search().search(viewer(owner), 'e', { first: 100, after: first.endCursor });
      expect(rest.hits.map((h) => h.page.id)).toEqual(all.hits.slice(2).map((h) => h.page.id));
      expect(rest.totalCount).toBe(all.totalCount);
      const past = await search().search(viewer(owner), 'e', { after: rest.endCursor });
      expect(past.hits).toEqual([]);
      expect(past.totalCount).toBe(all.totalCount);
    });

    it('refuses a bad cursor or page size', async () => {
      await expectCode(search().search(viewer(owner), 'e', { after: 'not-a-cursor' }), 'BadInput');
      await expectCode(search().search(viewer(owner), 'e', { first: 0 }), 'BadInput');
      await expectCode(search().search(viewer(owner), 'e', { first: 101 }), 'BadInput');
    });
  });

  describe('cached results', () => {
    const word = 'cachedword';
    let cached: Item, top: Catalog, other: Catalog, gone: Catalog;
    const found = (user: User) => titlesIn(user, cached, word);

    beforeAll(async () => {
      const services = db.services();
      cached = services.em.create(Item, { name: 'Cached', owner: owner.id });
      top = services.em.create(Catalog, { name: 'Top', item: cached, sNumber: 1 });
      other = services.em.create(Catalog, { name: 'Other', item: cached, sNumber: 2 });
      gone = services.em.create(Catalog, { name: 'To delete', item: cached, sNumber: 3 });
      buildMember(services.em, cached, editor, MemberGroup.Edit);
      const scoped = services.em.create(ItemMember, {
        item: cached,
        user: scopedReader.id,
        memberGroupId: MemberGroup.ReadOnly,
      });
      scoped.catalogs.add(top);
      await services.em.flush();
    });

    it('serves a repeated search from the cache, and follows saves, deletes, recoveries and catalog deletes', async () => {
      const save = (input: { id?: number; title?: string; content: string }) =>
        db.services().pages.save(viewer(owner), { itemId: cached.id, catalogId: gone.id, ...input });
      const page = await save({ title: 'One', content: `has ${word}` });
      const first = await search().searchItem(viewer(owner), cached.id, word);
      expect(first.pages.map((p) => p.title)).toEqual(['One']);
      expect((await search().searchItem(viewer(owner), cached.id, word)).pages).toBe(first.pages);
      await save({ id: page.id, content: 'no longer' });
      expect(await found(owner)).toEqual([]);
      await save({ id: page.id, title: 'One again', content: `has ${word} again` });
      expect(await found(owner)).toEqual(['One again']);
      await db.services().pages.delete(viewer(owner), page.id);
      expect(await found(owner)).toEqual([]);
      await db.services().recycle.recover(viewer(owner), cached.id, page.id);
      expect(await found(owner)).toEqual(['One again']);
      await db.services().catalogs.delete(viewer(owner), gone.id);
      expect(await found(owner)).toEqual([]);
    });

    it("never serves one viewer's drafts or catalog scope to another", async () => {
      const save = (catalog: Catalog, title: string, isDraft = false) =>
        db.services().pages.save(viewer(owner), {
          itemId: cached.id,
          catalogId: catalog.id,
          title,
          content: `${word} ${title}`,
          isDraft,
        });
      await save(top, 'Inside');
      await save(other, 'Outside');
      await save(other, 'Own draft', true);
      expect(await found(owner)).toEqual(['Inside', 'Outside', 'Own draft']);
      expect(await found(editor)).toEqual(['Inside', 'Outside']);
      expect(await found(scopedReader)).toEqual(['Inside']);
    });

    it('follows the plain text written after a save (the snippet changes without a new version)', async () => {
      const snippet = async () =>
        (await search().search(viewer(owner), 'cachedplain', { itemId: cached.id })).hits[0]?.snippet;
      // A unit-of-work write leaves the plain text to the background filler on MySQL (page/save writes its
      // own); the embedded database's index thread has read it before search answers.
      const services = db.services();
      const page = services.em.create(Page, {
        item: cached,
        title: 'Plain',
        content: '**bold** cachedplain',
        author: owner.id,
        authorName: 'owner',
      });
      await services.em.flush();
      if (target.name === 'sqlite') {
        expect(await snippet()).toBe('bold cachedplain');
        return;
      }
      expect(await snippet()).toBe('**bold** cachedplain');
      await writePlainText(db.services().em, page.id, page.content, 'bold cachedplain');
      expect(await snippet()).toBe('bold cachedplain');
      expect(await snippet()).toBe('bold cachedplain');
    });

    it("follows a site admin's recovery of a deleted item, which brings its deleted pages back", async () => {
      const page = await db.services().pages.save(viewer(owner), {
        itemId: cached.id,
        title: 'Recovered',
        content: 'cachedrecover',
      });
      await db.services().pages.delete(viewer(owner), page.id);
      expect(await titlesIn(owner, cached, 'cachedrecover')).toEqual([]);
      await db.services().adminItems.delete(viewer(admin), cached.id);
      await db.services().adminItems.recover(viewer(admin), cached.id);
      expect(await titlesIn(owner, cached, 'cachedrecover')).toEqual(['Recovered']);
    });
  });

  describe('the index follows every write', () => {
    it('follows title and content updates', async () => {
      const services = db.services();
      const p = await services.em.findOneOrFail(Page, pages.mixed!.id);
      p.content = 'Goodbye 世界';
      await services.em.flush();
      expect(await titlesIn(owner, docs, 'hello')).toEqual([]);
      expect(await titlesIn(owner, docs, '世界')).toEqual(['MiXeD CaSe Title']);
      p.title = 'Renamed';
      await services.em.flush();
      expect(await titlesIn(owner, docs, 'mixed')).toEqual([]);
      expect(await titlesIn(owner, docs, 'goodbye')).toEqual(['Renamed']);
    });

    it('follows page saves that change the title alone, the content alone, or neither', async () => {
      const { pages: service } = db.services();
      const saved = await service.save(viewer(owner), {
        itemId: docs.id,
        catalogId: catB.id,
        title: 'Quokka notes',
        content: 'wombat facts',
      });
      const save = (fields: { title?: string; content: string; sNumber?: number }) =>
        db.services().pages.save(viewer(owner), { id: saved.id, itemId: docs.id, ...fields });
      await save({ title: 'Numbat notes', content: 'wombat facts' });
      expect(await titlesIn(owner, docs, 'quokka')).toEqual([]);
      expect(await titlesIn(owner, docs, 'numbat')).toEqual(['Numbat notes']);
      await save({ content: 'bilby facts' });
      expect(await titlesIn(owner, docs, 'wombat')).toEqual([]);
      expect(await titlesIn(owner, docs, 'bilby')).toEqual(['Numbat notes']);
      await save({ content: 'bilby facts', sNumber: 7 });
      expect(await titlesIn(owner, docs, 'bilby')).toEqual(['Numbat notes']);
      expect(await titlesIn(owner, docs, 'numbat')).toEqual(['Numbat notes']);
    });

    it('follows a page into another item', async () => {
      const services = db.services();
      const target2 = services.em.create(Item, { name: 'Elsewhere', owner: owner.id });
      const p = services.em.create(Page, { item: docs, title: 'Traveller', content: 'nomadword 游牧' });
      await services.em.flush();
      expect(await titlesIn(owner, docs, 'nomadword')).toEqual(['Traveller']);
      p.item = target2;
      await services.em.flush();
      expect(await titlesIn(owner, docs, 'nomadword')).toEqual([]);
      expect(await titlesIn(owner, target2, 'nomadword')).toEqual(['Traveller']);
      expect(await titlesIn(owner, target2, '游牧')).toEqual(['Traveller']);
      await expectIndexMatchesPages();
    });

    it('keeps up with saves of many pages at once, each in its own transaction', async () => {
      const created = db.services();
      const batch = Array.from({ length: 8 }, (_, i) =>
        created.em.create(Page, { item: docs, title: `Parallel ${i}`, content: `parallelword ${i}` }),
      );
      await created.em.flush();
      await Promise.all(
        batch.map(async (page, i) => {
          const services = db.services();
          await services.em.transactional(async (tx) => {
            const mine = await tx.findOneOrFail(Page, page.id);
            mine.content = `concurrentword 并发 ${i} ${'内容'.repeat(50 + i)}`;
          });
        }),
      );
      expect(await titlesIn(owner, docs, 'parallelword')).toEqual([]);
      expect((await titlesIn(owner, docs, '并发')).sort()).toEqual(batch.map((p) => p.title).sort());
      await expectIndexMatchesPages();
    });

    /** MySQL: the ids left in the gram indexer's queue. */
    async function queuedPageIds(): Promise<number[]> {
      const rows: Array<{ page_id: number }> = await db
        .services()
        .em.getConnection()
        .execute('select distinct page_id from page_search_queue order by page_id');
      return rows.map((r) => Number(r.page_id));
    }

    if (target.name !== 'sqlite') {
      it('finds a saved page before the gram indexer writes its postings, and the same after', async () => {
        const services = db.services();
        const indexer = gramIndexerOf(services.em);
        expect(indexer).not.toBeNull();
        const p = services.em.create(Page, { item: docs, title: 'Queued', content: 'first text' });
        await services.em.flush();
        await indexQueuedPages(services.em);
        // The indexer is held off: the save stays queued, its new word in no posting yet.
        await indexer!.close();
        try {
          p.content = 'lateword 迟到';
          await services.em.flush();
          expect(await queuedPageIds()).toEqual([p.id]);
          const [postings] = await services.em
            .getConnection()
            .execute(
              `select count(*) as n from page_search_gram where page_id = ? and gram in (${(gramLookup('lateword') as { grams: number[] }).grams.join(', ')})`,
              [p.id],
            );
          expect(Number((postings as { n: number }).n)).toBe(0);
          expect(await titlesIn(owner, docs, 'lateword')).toEqual(['Queued']);
          expect(await titlesIn(owner, docs, '迟到')).toEqual(['Queued']);
          expect(await titlesIn(owner, docs, 'first text')).toEqual([]);
          // Another node's indexer (or the next start's) picks the row up.
          await indexQueuedPages(db.services().em.fork());
        } finally {
          indexer!.start();
        }
        expect(await queuedPageIds()).toEqual([]);
        expect(await titlesIn(owner, docs, 'lateword')).toEqual(['Queued']);
        expect(await titlesIn(owner, docs, 'first text')).toEqual([]);
        await expectIndexMatchesPages();
      });

      it('leaves a page a writer holds queued, and indexes it once the writer committed', async () => {
        const services = db.services();
        const p = services.em.create(Page, { item: docs, title: 'Held', content: 'heldword one' });
        await services.em.flush();
        await indexQueuedPages(services.em);
        // The server's indexer is held off: it would take the page as soon as the writer commits.
        const indexer = gramIndexerOf(services.em)!;
        await indexer.close();
        const writer = db.services().em.fork();
        const connection = services.em.getConnection('write') as AbstractSqlConnection;
        await writer.transactional(async (tx) => {
          const mine = await tx.findOneOrFail(Page, p.id);
          mine.content = 'heldword two';
          await tx.flush();
          // The update holds the page's row. The indexer neither waits for the lock nor drops the row of a page it could not read.
          expect(await indexQueued(connection, [p.id])).toEqual([p.id]);
        });
        try {
          expect(await queuedPageIds()).toContain(p.id);
          expect(await indexQueued(connection, [p.id])).toEqual([]);
          expect(await queuedPageIds()).not.toContain(p.id);
        } finally {
          indexer.start();
        }
        expect(await titlesIn(owner, docs, 'heldword two')).toEqual(['Held']);
        await expectIndexMatchesPages();
      });

      it('queues nothing for a save that rolls back', async () => {
        const services = db.services();
        await indexQueuedPages(services.em);
        const indexer = gramIndexerOf(services.em)!;
        await indexer.close();
        try {
          await expect(
            services.em.fork().transactional(async (tx) => {
              tx.create(Page, { item: docs, title: 'Gone', content: 'rollbackword' });
              await tx.flush();
              throw new Error('rolled back');
            }),
          ).rejects.toThrow('rolled back');
          expect(await queuedPageIds()).toEqual([]);
        } finally {
          indexer.start();
        }
      });
    }

    it('follows deletes, soft and for good, and recoveries', async () => {
      const services = db.services();
      const p = services.em.create(Page, { item: docs, title: 'Short-lived', content: 'ephemeral 页面' });
      await services.em.flush();
      expect(await titlesIn(owner, docs, 'ephemeral')).toEqual(['Short-lived']);
      p.deletedAt = new Date();
      await services.em.flush();
      expect(await titlesIn(owner, docs, 'ephemeral')).toEqual([]);
      p.deletedAt = null;
      await services.em.flush();
      expect(await titlesIn(owner, docs, 'ephemeral')).toEqual(['Short-lived']);
      const id = p.id;
      await services.em.remove(p).flush();
      expect(await titlesIn(owner, docs, 'ephemeral')).toEqual([]);
      const [left] = await services.em
        .getConnection()
        .execute('select count(*) as n from page_search_gram where page_id = ?', [id]);
      expect(Number((left as { n: number }).n)).toBe(0);
    });

    it('finds pages copied with native SQL once the item is reindexed', async () => {
      const services = db.services();
      const copy = services.em.create(Item, { name: 'Copy', owner: owner.id });
      await services.em.flush();
      await services.em.getConnection().execute(
        `insert into page (created_at, item_id, catalog_id, title, content, s_number, author_id, author_name, comments, ext_info, is_draft, updated_at, version)
         select created_at, ?, null, title, content, s_number, author_id, author_name, comments, ext_info, is_draft, updated_at, 1
         from page where item_id = ? and deleted_at is null and is_draft = 0 and catalog_id is null`,
        [copy.id, docs.id],
      );
      // SQLite's triggers index native writes at once; MySQL needs the reindex the rule asks for.
      expect(await titlesIn(owner, copy, '接口文档')).toEqual(target.name === 'sqlite' ? ['Welcome'] : []);
      await services.search.reindexItem(copy.id);
      expect(await titlesIn(owner, copy, '接口文档')).toEqual(['Welcome']);
      expect(await titlesIn(owner, docs, '接口文档')).toEqual(['Welcome']);
    });

    it('leaves nothing behind when the save rolls back', async () => {
      const services = db.services();
      await expect(
        services.em.transactional(async (tx) => {
          tx.create(Page, { item: docs, title: 'Never saved', content: 'phantomword' });
          await tx.flush();
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await titlesIn(owner, docs, 'phantomword')).toEqual([]);
      const [left] = await services.em
        .getConnection()
        .execute(
          'select count(*) as n from page_search_gram g left join page p on p.id = g.page_id where p.id is null',
        );
      expect(Number((left as { n: number }).n)).toBe(0);
    });

    it('stays exact when an item goes for good with its pages (foreign-key cascade)', async () => {
      const services = db.services();
      const doomed = services.em.create(Item, { name: 'Doomed', owner: owner.id });
      services.em.create(Page, { item: doomed, title: 'Doomed page', content: 'cascadeword' });
      await services.em.flush();
      expect(await titlesEverywhere(owner, 'cascadeword')).toEqual(['Doomed page']);
      await services.em.getConnection().execute('delete from item where id = ?', [doomed.id]);
      expect(await titlesEverywhere(owner, 'cascadeword')).toEqual([]);
      await expectIndexMatchesPages();
    });

    /** SQLite: FTS5's own check against the page table; MySQL: every page's postings recomputed. */
    async function expectIndexMatchesPages(): Promise<void> {
      const services = db.services();
      const connection = services.em.getConnection();
      if (target.name === 'sqlite') {
        // The index thread caught up: it holds exactly the pages' texts (FTS5's own check, then each
        // page found by its title and content as stored).
        expect(await searchIndexCaughtUp(services.em)).toBe(true);
        // MySQL's gram queue does not exist here: asking it to catch up does nothing (the bench's seed asks).
        await expect(indexQueuedPages(services.em)).resolves.toBeUndefined();
        await expect(
          connection.execute(
            "insert into search.page_fts (page_fts, rank) values ('integrity-check', 0)",
            [],
            'run',
          ),
        ).resolves.toBeDefined();
        const all = await services.em.find(Page, {});
        const [count] = await connection.execute('select count(*) as n from search.page_fts');
        expect(Number((count as { n: number }).n)).toBe(all.length);
        for (const p of all) {
          // A trigram phrase needs three characters.
          const phrases = (['title', 'content'] as const)
            .map((column) => [column, Array.from(p[column]).slice(0, 40).join('')] as const)
            .filter(([, text]) => Array.from(text).length >= 3)
            .map(([column, text]) => `{${column}}: "${text.replace(/"/g, '""')}"`);
          if (phrases.length === 0) continue;
          const hits: Array<{ rowid: number }> = await connection.execute(
            'select rowid from search.page_fts where page_fts match ?',
            [phrases.join(' AND ')],
          );
          expect(hits.map((h) => Number(h.rowid))).toContain(p.id);
        }
        return;
      }
      // The gram indexer caught up with every committed write: nothing is left queued.
      await indexQueuedPages(services.em);
      expect(await queuedPageIds()).toEqual([]);
      const all = await services.em.find(Page, {});
      const rows: Array<{ page_id: number; gram: number | string; item: number }> = await connection.execute(
        'select page_id, gram, item from page_search_gram',
      );
      expect(new Set(rows.map((r) => Number(r.page_id)))).toEqual(new Set(all.map((p) => p.id)));
      for (const p of all) {
        const mine = rows.filter((r) => Number(r.page_id) === p.id);
        expect(new Set(mine.map((r) => Number(r.gram)))).toEqual(gramsOf(p.title, p.content));
        expect(mine.every((r) => Number(r.item) === p.item.id)).toBe(true);
      }
    }
  });
});

describe('snippets', () => {
  it("follows ShowDoc's window: 100 characters before the first match, keyword length + 200 in all", () => {
    const before = '字'.repeat(150);
    const after = 'x'.repeat(300);
    const content = `${before}KeyWord${after}`;
    const snippet = showdocSnippet(content, 'keyword');
    expect(snippet).toBe(`...${'字'.repeat(100)}KeyWord${'x'.repeat(100)}...`);
    expect(showdocSnippet('short KEY text', 'key')).toBe('...short KEY text...');
    expect(showdocSnippet('no match here', 'title-only')).toBe('...no match here...');
  });

  it('marks every occurrence and cuts with dots only where it cut', () => {
    const content = `${'a'.repeat(150)}\n\nKey and key`;
    const { text, highlights } = highlightedSnippet(content, 'KEY');
    expect(text.startsWith('...')).toBe(true);
    expect(text.endsWith('...')).toBe(false);
    expect(highlights.map((r) => text.slice(r.start, r.end))).toEqual(['Key', 'key']);
    // 'İ' lower-cases to two code units: positions must still point into the original text.
    expect(highlightedSnippet('İİ KEY', 'key').highlights).toEqual([{ start: 3, end: 6 }]);
    expect(highlightedSnippet('😀 文档 😀 文档', '文档').highlights).toEqual([
      { start: 3, end: 5 },
      { start: 9, end: 11 },
    ]);
  });
});
