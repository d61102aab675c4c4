import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  Attachment,
  AttachmentPage,
  Catalog,
  Item,
  ItemChangeLog,
  ItemType,
  MemberGroup,
  Message,
  MessageContent,
  Page,
  PageHistory,
  RecycleEntry,
  SinglePageLink,
  Subscription,
  type User,
} from '../../../../db/src';
import { openTestDb, type TestDb } from '../../../../test/support/db';
import {
  buildCatalog,
  buildItem,
  buildMember,
  buildPage,
  buildUser,
  viewerOf,
} from '../../../../test/support/factories';
import { testDatabases } from '../../../../test/support/mysql';
import { expectCode } from '../../../../test/support/domain-errors';
import { DomainError } from '../errors';
import type { Services } from '../services';
import type { Viewer } from '../viewer';
import type { PageView, SavePageInput } from './page.service';
import { wrap } from '@mikro-orm/core';
import type { AbstractSqlConnection } from '@mikro-orm/knex';

const pick = <T, K extends keyof T>(of: T, keys: K[]) =>
  Object.fromEntries(keys.map((k) => [k, of[k]])) as Pick<T, K>;

describe.each(testDatabases())('pages on $name', (target) => {
  let db: TestDb;
  let owner: User, editor: User, editor2: User, reader: User, scoped: User, stranger: User;

  beforeAll(async () => {
    db = await openTestDb(target, 'pages');
    const em = db.services().em;
    owner = await buildUser(em);
    editor = await buildUser(em);
    editor2 = await buildUser(em);
    reader = await buildUser(em);
    scoped = await buildUser(em);
    stranger = await buildUser(em);
  });
  afterAll(async () => db?.close());

  async function as(user: User | null, visitPassword?: string): Promise<{ s: Services; viewer: Viewer }> {
    const s = db.services();
    return { s, viewer: await viewerOf(s.em, user, visitPassword) };
  }

  async function itemWithMembers(overrides: Parameters<typeof buildItem>[2] = {}) {
    const em = db.services().em;
    const item = await buildItem(em, owner, overrides);
    buildMember(em, item, editor, MemberGroup.Edit);
    buildMember(em, item, editor2, MemberGroup.Edit);
    buildMember(em, item, reader, MemberGroup.ReadOnly);
    await em.flush();
    return item;
  }

  const save = async (user: User, input: SavePageInput, options?: { unknownCatalogAsRoot?: boolean }) => {
    const { s, viewer } = await as(user);
    return s.pages.save(viewer, input, options);
  };
  const info = async (user: User | null, pageId: number, visitPassword?: string) => {
    const { s, viewer } = await as(user, visitPassword);
    return s.pages.info(viewer, pageId);
  };

  it('creates a page as written, in a catalog, and logs it', async () => {
    const item = await itemWithMembers();
    const catalog = await buildCatalog(db.services().em, item, { name: 'Guide' });
    const longAgo = new Date('2020-01-01T00:00:00Z');
    await db.services().em.nativeUpdate(Item, { id: item.id }, { lastUpdateAt: longAgo });
    const content = `<b>"x" & 'y'</b>\n# Title`;
    const page = await save(editor, { itemId: item.id, catalogId: catalog.id, title: ' Intro ', content });
    const check = db.services().em;
    const stored = await check.findOneOrFail(Page, page.id);
    expect([stored.title, stored.content, stored.version, stored.sNumber, stored.isDraft]).toEqual([
      'Intro',
      content,
      1,
      99,
      false,
    ]);
    expect([stored.catalog?.id, stored.author?.id, stored.authorName]).toEqual([
      catalog.id,
      editor.id,
      editor.username,
    ]);
    expect((await check.findOneOrFail(Item, item.id)).lastUpdateAt.getTime()).toBeGreaterThan(
      longAgo.getTime(),
    );
    expect(await check.count(Subscription, { page: page.id, user: editor.id })).toBe(1);
    const log = await check.find(ItemChangeLog, { item, objectType: 'page' });
    expect(log.map((l) => [l.actionType, l.objectId, l.objectName])).toEqual([['create', page.id, 'Intro']]);
  });

  it('refuses empty pages, unknown catalogs and catalogs of other items', async () => {
    const item = await itemWithMembers();
    const other = await buildItem(db.services().em, owner);
    const foreign = await buildCatalog(db.services().em, other);
    await expectCode(save(owner, { itemId: item.id, title: 'T', content: '' }), 'PageContentRequired');
    await expectCode(save(owner, { itemId: item.id, title: '  ', content: 'x' }), 'PageTitleRequired');
    await expectCode(save(owner, { itemId: item.id, title: 'T'.repeat(256), content: 'x' }), 'NameTooLong');
    await expectCode(
      save(owner, { itemId: item.id, catalogId: foreign.id, title: 'T', content: 'x' }),
      'CatalogNotFound',
    );
    // ShowDoc's REST door stores such a page at the root instead.
    const rooted = await save(
      owner,
      { itemId: item.id, catalogId: foreign.id, title: 'T', content: 'x' },
      { unknownCatalogAsRoot: true },
    );
    expect(rooted.catalog).toBeNull();
    const deleted = await buildCatalog(db.services().em, item);
    await db.services().em.nativeUpdate(Catalog, { id: deleted.id }, { deletedAt: new Date() });
    await expectCode(
      save(owner, { itemId: item.id, catalogId: deleted.id, title: 'T', content: 'x' }),
      'CatalogNotFound',
    );
    await expectCode(save(reader, { itemId: item.id, title: 'T', content: 'x' }), 'ItemEditDenied');
    await expectCode(save(stranger, { itemId: item.id, title: 'T', content: 'x' }), 'ItemEditDenied');
  });

  it('updates with a new version and keeps the previous one as history', async () => {
    const item = await itemWithMembers();
    const page = await save(owner, { itemId: item.id, title: 'v1', content: 'one', comments: 'first' });
    const updated = await save(editor, {
      id: page.id,
      itemId: item.id,
      title: 'v2',
      content: 'two',
      baseVersion: 1,
    });
    expect([updated.version, updated.title, updated.content, updated.comments, updated.authorName]).toEqual([
      2,
      'v2',
      'two',
      '',
      editor.username,
    ]);
    const history = await db.services().em.find(PageHistory, { page: page.id });
    expect(history.map((h) => [h.version, h.title, h.content, h.comments, h.authorName])).toEqual([
      [1, 'v1', 'one', 'first', owner.username],
    ]);
    // An omitted catalog leaves the page where it is (ShowDoc moved it to the root).
    const catalog = await buildCatalog(db.services().em, item);
    await save(owner, { id: page.id, itemId: item.id, catalogId: catalog.id, title: 'v3', content: 'three' });
    const v4 = await save(owner, { id: page.id, itemId: item.id, title: 'v4', content: 'four' });
    expect([v4.version, v4.catalog?.id]).toEqual([4, catalog.id]);
    // An omitted title stays too; a blank one is refused.
    const v5 = await save(owner, { id: page.id, itemId: item.id, content: 'five' });
    expect([v5.version, v5.title]).toEqual([5, 'v4']);
    await expectCode(
      save(owner, { id: page.id, itemId: item.id, title: ' ', content: 'x' }),
      'PageTitleRequired',
    );
    await expectCode(save(owner, { itemId: item.id, content: 'x' }), 'PageTitleRequired');
  });

  it('refuses to overwrite a newer version when saved from an older one', async () => {
    const item = await itemWithMembers();
    const page = await save(owner, { itemId: item.id, title: 'T', content: 'base' });
    await save(editor, { id: page.id, itemId: item.id, title: 'T', content: 'theirs', baseVersion: 1 });
    const err = await expectCode(
      save(editor2, { id: page.id, itemId: item.id, title: 'T', content: 'mine', baseVersion: 1 }),
      'VersionConflict',
    );
    expect(err.extensions).toEqual({ currentVersion: 2 });
    const stored = await db.services().em.findOneOrFail(Page, page.id);
    expect([stored.content, stored.version]).toEqual(['theirs', 2]);
    // Without a base version (the REST door) the last write wins.
    const last = await save(editor2, { id: page.id, itemId: item.id, title: 'T', content: 'mine' });
    expect([last.content, last.version]).toEqual(['mine', 3]);
  });

  it('lets exactly one of two concurrent saves from the same version win', async () => {
    const item = await itemWithMembers();
    const page = await save(owner, { itemId: item.id, title: 'T', content: 'base' });
    const results = await Promise.allSettled([
      save(editor, { id: page.id, itemId: item.id, title: 'T', content: 'A', baseVersion: 1 }),
      save(editor2, { id: page.id, itemId: item.id, title: 'T', content: 'B', baseVersion: 1 }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected');
    expect((rejected as PromiseRejectedResult).reason).toBeInstanceOf(DomainError);
    expect(((rejected as PromiseRejectedResult).reason as DomainError).codeName).toBe('VersionConflict');
    const stored = await db.services().em.findOneOrFail(Page, page.id);
    expect(stored.version).toBe(2);
    expect(await db.services().em.count(PageHistory, { page: page.id })).toBe(1);
  });

  it('never reaches a page of another item through an item one may edit', async () => {
    const mine = await itemWithMembers();
    const theirs = await buildItem(db.services().em, stranger);
    const foreign = await buildPage(db.services().em, theirs, { title: 'secret', content: 'secret' });
    await expectCode(
      save(editor, { id: foreign.id, itemId: mine.id, title: 'pwned', content: 'x' }),
      'PageNotInItem',
    );
    const stored = await db.services().em.findOneOrFail(Page, foreign.id);
    expect([stored.title, stored.content]).toEqual(['secret', 'secret']);
    const { s, viewer } = await as(editor);
    expect(await s.pages.sort(viewer, mine.id, [{ pageId: foreign.id, sNumber: 1 }])).toBe(0);
    expect((await db.services().em.findOneOrFail(Page, foreign.id)).sNumber).toBe(99);
    await expectCode(s.pages.delete(viewer, foreign.id), 'ItemManageDenied');
  });

  it('refuses page writes on an archived item', async () => {
    const item = await itemWithMembers({ isArchived: true });
    const page = await buildPage(db.services().em, item, { author: editor });
    await expectCode(save(owner, { itemId: item.id, title: 'T', content: 'x' }), 'ItemArchived');
    await expectCode(
      save(editor, { id: page.id, itemId: item.id, title: 'T', content: 'x' }),
      'ItemArchived',
    );
    const asOwner = await as(owner);
    await expectCode(asOwner.s.pages.delete(asOwner.viewer, page.id), 'ItemArchived');
    const asEditor = await as(editor);
    await expectCode(asEditor.s.pages.delete(asEditor.viewer, page.id), 'ItemArchived');
    await expectCode(asOwner.s.pages.sort(asOwner.viewer, item.id, []), 'ItemArchived');
    // Reading stays possible.
    expect((await info(reader, page.id)).page.id).toBe(page.id);
  });

  it('enforces the page limit per item', async () => {
    const item = await itemWithMembers();
    await db.services().settings.set({ page_limit_per_item: '2' });
    try {
      await save(owner, { itemId: item.id, title: '1', content: 'x' });
      const second = await save(owner, { itemId: item.id, title: '2', content: 'x' });
      await expectCode(save(owner, { itemId: item.id, title: '3', content: 'x' }), 'PageLimit');
      // Updates are not new pages.
      await save(owner, { id: second.id, itemId: item.id, title: '2b', content: 'y' });
    } finally {
      await db.services().settings.set({ page_limit_per_item: '0' });
    }
  });

  it('names a single-page item after its page', async () => {
    const item = await itemWithMembers({ type: ItemType.SinglePage });
    const page = await save(owner, { itemId: item.id, title: 'The one page', content: 'x' });
    expect((await db.services().em.findOneOrFail(Item, item.id)).name).toBe('The one page');
    await save(owner, { id: page.id, itemId: item.id, title: 'Renamed', content: 'x' });
    expect((await db.services().em.findOneOrFail(Item, item.id)).name).toBe('Renamed');
  });

  it('saves without loading its item as an entity, and an item entity the request holds sees the write', async () => {
    const item = await itemWithMembers();
    const page = await save(owner, { itemId: item.id, title: 'Lean', content: 'one' });
    // A save reads its item as a plain row (issue #14): at most an unloaded reference is left behind.
    const { s, viewer } = await as(editor);
    await s.pages.save(viewer, { id: page.id, itemId: item.id, content: 'two' });
    const held = s.em.getUnitOfWork().getById<Item>(Item.name, item.id);
    expect(held === undefined || !wrap(held).isInitialized()).toBe(true);
    // A request that loaded the item before saving sees the save's update time on its entity.
    await db
      .services()
      .em.nativeUpdate(Item, { id: item.id }, { lastUpdateAt: new Date('2020-01-01T00:00:00Z') });
    const other = await as(owner);
    const entity = await other.s.em.findOneOrFail(Item, item.id);
    expect(entity.lastUpdateAt.toISOString()).toBe('2020-01-01T00:00:00.000Z');
    await other.s.pages.save(other.viewer, { id: page.id, itemId: item.id, content: 'three' });
    const stored = await db.services().em.findOneOrFail(Item, item.id);
    expect(stored.lastUpdateAt.getFullYear()).toBeGreaterThan(2020);
    expect(Math.abs(entity.lastUpdateAt.getTime() - stored.lastUpdateAt.getTime())).toBeLessThan(1000);
  });

  it("writes the item's update time in the save's own commit on the embedded database, after it on MariaDB", async () => {
    const item = await itemWithMembers();
    const page = await save(owner, { itemId: item.id, title: 'Once', content: 'one' });
    const knex = (db.services().em.getConnection() as AbstractSqlConnection).getKnex();
    const statements: string[] = [];
    const listen = (query: { sql: string }) => statements.push(query.sql.trim().toLowerCase());
    // Long ago: a time in the current second would leave the statement out (the next test).
    const longAgo = () =>
      db
        .services()
        .em.nativeUpdate(Item, { id: item.id }, { lastUpdateAt: new Date('2020-01-01T00:00:00Z') });
    await longAgo();
    knex.on('query', listen);
    try {
      await save(editor, { id: page.id, itemId: item.id, content: 'two' });
      knex.removeListener('query', listen);
      await longAgo();
      knex.on('query', listen);
      await save(editor, { itemId: item.id, title: 'Twice', content: 'new' });
    } finally {
      knex.removeListener('query', listen);
    }
    const commits = statements.flatMap((sql, i) => (sql.startsWith('commit') ? [i] : []));
    const touches = statements.flatMap((sql, i) =>
      sql.startsWith('update item set last_update_at') ? [i] : [],
    );
    expect(touches).toHaveLength(2);
    if (target.name === 'sqlite') {
      // One writer at a time and no row locks: one commit per save, the item's time inside it.
      expect(commits).toHaveLength(2);
      expect(touches.map((at, i) => at < commits[i]!)).toEqual([true, true]);
    } else {
      // The item row is locked only after the page's commit: saves of one item's pages never deadlock on it.
      expect(commits.length).toBeGreaterThanOrEqual(2);
      expect(touches.map((at, i) => at > commits[i]!)).toEqual([true, true]);
    }
    const stored = await db.services().em.findOneOrFail(Item, item.id);
    expect(stored.lastUpdateAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("leaves the item's update time alone when it was read in this second or later", async () => {
    const item = await itemWithMembers();
    const page = await save(owner, { itemId: item.id, title: 'Burst', content: 'one' });
    const knex = (db.services().em.getConnection() as AbstractSqlConnection).getKnex();
    const touches = (at: Date) => db.services().em.nativeUpdate(Item, { id: item.id }, { lastUpdateAt: at });
    const storedAt = async () => (await db.services().em.findOneOrFail(Item, item.id)).lastUpdateAt.getTime();
    const statements: string[] = [];
    const listen = (query: { sql: string }) => statements.push(query.sql.trim().toLowerCase());
    // Already later than the save (another node's clock, or a save in this very second): no statement.
    const later = new Date(Math.floor(Date.now() / 1000) * 1000 + 60_000);
    await touches(later);
    knex.on('query', listen);
    try {
      await save(editor, { id: page.id, itemId: item.id, content: 'two' });
    } finally {
      knex.removeListener('query', listen);
    }
    expect(statements.filter((sql) => sql.startsWith('update item set last_update_at'))).toEqual([]);
    expect(await storedAt()).toBe(later.getTime());
    // Earlier: written.
    await touches(new Date('2020-01-01T00:00:00Z'));
    const before = Date.now();
    await save(editor, { id: page.id, itemId: item.id, content: 'three' });
    expect(await storedAt()).toBeGreaterThanOrEqual(before - 1000);
  });

  describe('save and notify', () => {
    it("reminds every subscriber of an updated page with the editor's text", async () => {
      const item = await itemWithMembers();
      // The creator follows the page; the owner subscribes too; the editor saving does not.
      const page = await save(editor, { itemId: item.id, title: 'Notes', content: 'one' });
      const em = db.services().em;
      em.persist(em.create(Subscription, { user: owner, page: page.id, actionType: 'update' }));
      await em.flush();

      await save(editor2, {
        id: page.id,
        itemId: item.id,
        content: 'two',
        baseVersion: 1,
        notifyText: 'Please re-read the intro',
      });
      const check = db.services().em;
      const contents = await check.find(MessageContent, { objectType: 'page', objectId: page.id });
      expect(
        contents.map((c) => [c.messageType, c.actionType, c.content, c.fromUser?.id, c.fromName]),
      ).toEqual([['remind', 'update', 'Please re-read the intro', editor2.id, editor2.username]]);
      const messages = await check.find(Message, { content: contents[0]! }, { orderBy: { id: 'asc' } });
      expect(messages.map((m) => [m.toUser.id, m.fromUser?.id, m.messageType, m.status])).toEqual([
        [editor.id, editor2.id, 'remind', 0],
        [owner.id, editor2.id, 'remind', 0],
      ]);
      expect((await check.findOneOrFail(Page, page.id)).content).toBe('two');
    });

    it('sends nothing without a text, for a new page, or when the text is too long', async () => {
      const item = await itemWithMembers();
      const page = await save(editor, { itemId: item.id, title: 'T', content: 'one', notifyText: 'new!' });
      await save(editor, { id: page.id, itemId: item.id, content: 'two' });
      const check = db.services().em;
      expect(await check.count(MessageContent, { objectType: 'page', objectId: page.id })).toBe(0);
      const err = await expectCode(
        save(editor, { id: page.id, itemId: item.id, content: 'three', notifyText: 'x'.repeat(2001) }),
        'BadInput',
      );
      expect(err.message).toMatch(/2000/);
      const stored = await db.services().em.findOneOrFail(Page, page.id);
      expect([stored.content, stored.version]).toEqual(['two', 2]);
      expect(await check.count(MessageContent, { objectType: 'page', objectId: page.id })).toBe(0);
      // An empty text still notifies, as ShowDoc's is_notify with no notify_content does.
      await save(editor, { id: page.id, itemId: item.id, content: 'four', notifyText: '' });
      const sent = await db.services().em.find(MessageContent, { objectType: 'page', objectId: page.id });
      expect(sent.map((c) => c.content)).toEqual(['']);
      expect(await db.services().em.count(Message, { content: sent[0]!, toUser: editor })).toBe(1);
    });
  });

  describe('copying', () => {
    const copy = async (user: User | null, input: Parameters<Services['pages']['copy']>[1]) => {
      const { s, viewer } = await as(user);
      return s.pages.copy(viewer, input);
    };

    it('copies title, content and type into a catalog of another item as a new page', async () => {
      const source = await itemWithMembers({ password: 'secret' });
      const target = await itemWithMembers();
      const em = db.services().em;
      const dest = await buildCatalog(em, target, { name: 'Dest' });
      const original = await save(editor, { itemId: source.id, title: 'Original', content: 'body' });
      await save(editor, { id: original.id, itemId: source.id, content: 'body v2' });
      await em.nativeUpdate(Page, { id: original.id }, { extInfo: '{"page_type":"api"}' });

      const copied = await copy(editor2, { pageId: original.id, toItemId: target.id, catalogId: dest.id });
      const check = db.services().em;
      const stored = await check.findOneOrFail(Page, copied.id);
      expect([stored.item.id, stored.catalog?.id, stored.title, stored.content, stored.extInfo]).toEqual([
        target.id,
        dest.id,
        'Original',
        'body v2',
        '{"page_type":"api"}',
      ]);
      expect([stored.version, stored.isDraft, stored.author?.id, stored.authorName]).toEqual([
        1,
        false,
        editor2.id,
        editor2.username,
      ]);
      expect(await check.count(PageHistory, { page: stored.id })).toBe(0);
      expect(await check.count(Subscription, { page: stored.id, user: editor2.id })).toBe(1);
      const log = await check.find(ItemChangeLog, { item: target, objectType: 'page' });
      expect(log.map((l) => [l.actionType, l.objectId, l.objectName])).toEqual([
        ['create', stored.id, 'Original'],
      ]);
      // The source is untouched; a new title and the same item's root work too.
      const renamed = await copy(editor, { pageId: original.id, toItemId: source.id, title: ' Copy ' });
      expect([renamed.item.id, renamed.catalog, renamed.title]).toEqual([source.id, null, 'Copy']);
      const kept = await check.findOneOrFail(Page, original.id);
      expect([kept.title, kept.version]).toEqual(['Original', 2]);
    });

    it('asks to read the source and to edit the target', async () => {
      const source = await itemWithMembers({ password: 'secret' });
      const target = await itemWithMembers();
      const page = await buildPage(db.services().em, source, { title: 'src' });
      await expectCode(copy(null, { pageId: page.id, toItemId: target.id }), 'LoginRequired');
      // A stranger may neither read the private source nor edit the target.
      await expectCode(copy(stranger, { pageId: page.id, toItemId: target.id }), 'PagePasswordRequired');
      const theirs = await buildItem(db.services().em, stranger);
      await expectCode(copy(stranger, { pageId: page.id, toItemId: theirs.id }), 'PagePasswordRequired');
      // A reader reads the source but may not write the target.
      await expectCode(copy(reader, { pageId: page.id, toItemId: target.id }), 'ItemEditDenied');
      // Into an item the editor cannot edit, or a catalog of another item.
      await expectCode(copy(editor, { pageId: page.id, toItemId: theirs.id }), 'ItemEditDenied');
      const foreign = await buildCatalog(db.services().em, theirs);
      await expectCode(
        copy(editor, { pageId: page.id, toItemId: target.id, catalogId: foreign.id }),
        'CatalogNotFound',
      );
      await expectCode(copy(editor, { pageId: 987654321, toItemId: target.id }), 'PageNotFound');
      await expectCode(copy(editor, { pageId: page.id, toItemId: 987654321 }), 'ItemNotFound');
      await expectCode(
        copy(editor, { pageId: page.id, toItemId: target.id, title: ' ' }),
        'PageTitleRequired',
      );
      const archived = await itemWithMembers({ isArchived: true });
      await expectCode(copy(editor, { pageId: page.id, toItemId: archived.id }), 'ItemArchived');
      const single = await itemWithMembers({ type: ItemType.SinglePage });
      await expectCode(copy(editor, { pageId: page.id, toItemId: single.id }), 'ItemTypeInvalid');
      // Another user's draft stays theirs.
      const draft = await buildPage(db.services().em, source, { author: editor2, isDraft: true });
      await expectCode(copy(editor, { pageId: draft.id, toItemId: target.id }), 'PageDraft');
      expect(await db.services().em.count(Page, { item: target })).toBe(0);
    });

    it('keeps a catalog-scoped member inside the scope on both sides', async () => {
      const item = await itemWithMembers();
      const em = db.services().em;
      const allowed = await buildCatalog(em, item, { name: 'allowed' });
      const other = await buildCatalog(em, item, { name: 'other' });
      buildMember(em, item, scoped, MemberGroup.Edit, [allowed]);
      await em.flush();
      const inside = await buildPage(em, item, { catalog: allowed });
      const outside = await buildPage(em, item, { catalog: other, content: 'secret' });
      await expectCode(
        copy(scoped, { pageId: outside.id, toItemId: item.id, catalogId: allowed.id }),
        'PageVisitDenied',
      );
      await expectCode(
        copy(scoped, { pageId: inside.id, toItemId: item.id, catalogId: other.id }),
        'ItemEditDenied',
      );
      const copied = await copy(scoped, { pageId: inside.id, toItemId: item.id, catalogId: allowed.id });
      expect(copied.catalog?.id).toBe(allowed.id);
      expect(await db.services().em.count(Page, { item, catalog: other })).toBe(1);
    });

    it('counts the copy against the page limit', async () => {
      const item = await itemWithMembers();
      const page = await buildPage(db.services().em, item);
      await db.services().settings.set({ page_limit_per_item: '1' });
      try {
        await expectCode(copy(owner, { pageId: page.id, toItemId: item.id }), 'PageLimit');
      } finally {
        await db.services().settings.set({ page_limit_per_item: '0' });
      }
    });
  });

  describe('reading', () => {
    it('gives the page with its catalog path', async () => {
      const item = await itemWithMembers();
      const em = db.services().em;
      const a = await buildCatalog(em, item, { name: 'A' });
      const a1 = await buildCatalog(em, item, { name: 'A1', parent: a });
      const page = await buildPage(em, item, { catalog: a1, title: 'Deep' });
      const view = await info(null, page.id);
      expect(view.path.map((c) => c.name)).toEqual(['A', 'A1']);
      expect([view.attachmentCount, view.shareKey]).toEqual([0, '']);
      await expectCode(info(null, 0), 'PageNotFound');
      await expectCode(info(null, 987654321), 'PageNotFound');
      const gone = await buildPage(em, item, { deletedAt: new Date() });
      await expectCode(info(owner, gone.id), 'PageNotFound');
    });

    it('reads the path with the page: names as stored, and a deleted parent breaks it for a scope', async () => {
      const item = await itemWithMembers();
      const em = db.services().em;
      const top = await buildCatalog(em, item, { name: 'top "quoted", 目录' });
      const mid = await buildCatalog(em, item, { name: 'mid', parent: top });
      const leaf = await buildCatalog(em, item, { name: 'leaf', parent: mid });
      buildMember(em, item, scoped, MemberGroup.Edit, [top]);
      await em.flush();
      const page = await buildPage(em, item, { catalog: leaf });
      expect((await info(scoped, page.id)).path).toEqual([
        { id: top.id, name: top.name },
        { id: mid.id, name: 'mid' },
        { id: leaf.id, name: 'leaf' },
      ]);
      await em.nativeUpdate(Catalog, { id: mid.id }, { deletedAt: new Date() });
      await expectCode(info(scoped, page.id), 'PageVisitDenied');
      expect((await info(owner, page.id)).path).toEqual([]);
    });

    it('reads the page as stored, with its attachments and a live share key for those who manage it', async () => {
      const item = await itemWithMembers();
      const em = db.services().em;
      const catalog = await buildCatalog(em, item, { name: 'C' });
      const page = await save(editor, { itemId: item.id, catalogId: catalog.id, title: 'T', content: 'x' });
      for (const sign of ['a', 'b']) {
        const file = em.create(Attachment, {
          sign: `${sign}${page.id}`,
          displayName: sign,
          fileType: 'text/plain',
          fileSize: 1,
          uploader: owner,
          item,
          storageKey: sign,
        });
        em.create(AttachmentPage, { attachment: file, item, page: page.id });
      }
      const link = em.create(SinglePageLink, { page: page.id, uniqueKey: `k${page.id}`, expiresAt: null });
      await em.flush();

      const view = await info(editor, page.id);
      const stored = await db.services().em.findOneOrFail(Page, page.id);
      const fields = (p: PageView['page']) => ({
        ...pick(p, ['id', 'title', 'content', 'version', 'sNumber', 'isDraft', 'comments', 'extInfo']),
        ...pick(p, ['authorName', 'createdAt', 'updatedAt', 'deletedAt']),
        ids: [p.item.id, p.catalog?.id, p.author?.id],
      });
      expect(fields(view.page)).toEqual(fields(stored));
      expect(view.page.updatedAt).toBeInstanceOf(Date);
      expect([view.item.id, view.item.type, view.item.owner.id]).toEqual([item.id, item.type, owner.id]);
      expect([view.attachmentCount, view.shareKey]).toEqual([2, link.uniqueKey]);
      // A reader gets no key; nobody gets an expired one.
      expect((await info(reader, page.id)).shareKey).toBe('');
      link.expiresAt = new Date(Date.now() - 1000);
      await em.flush();
      expect((await info(editor, page.id)).shareKey).toBe('');
    });

    it('asks a visitor to sign in while the site requires it', async () => {
      const item = await itemWithMembers();
      const page = await buildPage(db.services().em, item);
      await db.services().settings.set({ force_login: '1' });
      try {
        await expectCode(info(null, page.id), 'ForceLogin');
        expect((await info(reader, page.id)).page.id).toBe(page.id);
      } finally {
        await db.services().settings.set({ force_login: '0' });
      }
    });

    it('asks for the visit password of a private item, and hides pages of deleted items', async () => {
      const item = await itemWithMembers({ password: 'pw' });
      const page = await buildPage(db.services().em, item);
      await expectCode(info(stranger, page.id), 'PagePasswordRequired');
      await expectCode(info(null, page.id, 'wrong'), 'PagePasswordRequired');
      expect((await info(null, page.id, 'pw')).page.id).toBe(page.id);
      expect((await info(reader, page.id)).page.id).toBe(page.id);
      const deletedItem = await buildItem(db.services().em, owner, { deletedAt: new Date() });
      const orphan = await buildPage(db.services().em, deletedItem);
      await expectCode(info(owner, orphan.id), 'PageNotFound');
    });

    it('keeps a catalog-scoped member to the scope, root pages included, even by page id', async () => {
      const item = await itemWithMembers();
      const em = db.services().em;
      const allowed = await buildCatalog(em, item, { name: 'allowed' });
      const sub = await buildCatalog(em, item, { name: 'sub', parent: allowed });
      const other = await buildCatalog(em, item, { name: 'other' });
      buildMember(em, item, scoped, MemberGroup.Edit, [allowed]);
      await em.flush();
      const inside = await buildPage(em, item, { catalog: sub });
      const outside = await buildPage(em, item, { catalog: other, title: 'outside', content: 'secret' });
      const root = await buildPage(em, item);

      expect((await info(scoped, inside.id)).path.map((c) => c.name)).toEqual(['allowed', 'sub']);
      // Root pages lie outside every catalog scope (issue #15; ShowDoc showed them).
      await expectCode(info(scoped, root.id), 'PageVisitDenied');
      await expectCode(info(scoped, outside.id), 'PageVisitDenied');
      // Nor can they overwrite, move into, delete or reorder what they cannot read.
      await expectCode(
        save(scoped, { id: outside.id, itemId: item.id, title: 'x', content: 'x' }),
        'ItemEditDenied',
      );
      await expectCode(
        save(scoped, { itemId: item.id, catalogId: other.id, title: 'x', content: 'x' }),
        'ItemEditDenied',
      );
      const { s, viewer } = await as(scoped);
      await expectCode(s.pages.delete(viewer, outside.id), 'ItemManageDenied');
      await expectCode(s.pages.sort(viewer, item.id, [{ pageId: outside.id, sNumber: 1 }]), 'ItemEditDenied');
      const stored = await db.services().em.findOneOrFail(Page, outside.id);
      expect([stored.title, stored.content, stored.sNumber]).toEqual(['outside', 'secret', 99]);
      // Inside the scope they edit as any editor.
      const saved = await save(scoped, { id: inside.id, itemId: item.id, title: 'mine now', content: 'x' });
      expect(saved.version).toBe(2);
    });

    it('shows a draft to its author only', async () => {
      const item = await itemWithMembers();
      const page = await save(editor, { itemId: item.id, title: 'wip', content: 'x', isDraft: true });
      expect((await info(editor, page.id)).page.isDraft).toBe(true);
      await expectCode(info(owner, page.id), 'PageDraft');
      await expectCode(info(null, page.id), 'PageDraft');
      await expectCode(
        save(editor2, { id: page.id, itemId: item.id, title: 'x', content: 'x' }),
        'PageDraft',
      );
      const published = await save(editor, {
        id: page.id,
        itemId: item.id,
        title: 'done',
        content: 'x',
        isDraft: false,
      });
      expect(published.isDraft).toBe(false);
      expect((await info(owner, page.id)).page.title).toBe('done');
    });
  });

  describe('deleting', () => {
    it('sends the page to the recycle bin, for managers and for its last editor', async () => {
      const item = await itemWithMembers();
      const em = db.services().em;
      const byEditor = await buildPage(em, item, { author: editor, title: 'by editor' });
      const byOwner = await buildPage(em, item, { author: owner, title: 'by owner' });
      const asEditor2 = await as(editor2);
      await expectCode(asEditor2.s.pages.delete(asEditor2.viewer, byEditor.id), 'ItemManageDenied');
      const asReader = await as(reader);
      await expectCode(asReader.s.pages.delete(asReader.viewer, byOwner.id), 'ItemManageDenied');
      const anonymous = await as(null);
      await expectCode(anonymous.s.pages.delete(anonymous.viewer, byOwner.id), 'LoginRequired');

      const asEditor = await as(editor);
      await asEditor.s.pages.delete(asEditor.viewer, byEditor.id);
      const asOwner = await as(owner);
      await asOwner.s.pages.delete(asOwner.viewer, byOwner.id);
      await expectCode(asOwner.s.pages.delete(asOwner.viewer, byOwner.id), 'PageNotFound');

      const check = db.services().em;
      expect((await check.findOneOrFail(Page, byEditor.id)).deletedAt).not.toBeNull();
      const entries = await check.find(RecycleEntry, { item }, { orderBy: { id: 'asc' } });
      expect(
        entries.map((e) => [e.page.id, e.title, e.deletedBy?.id, e.deletedByName, e.deletedWithCatalogId]),
      ).toEqual([
        [byEditor.id, 'by editor', editor.id, editor.username, null],
        [byOwner.id, 'by owner', owner.id, owner.username, null],
      ]);
      const log = await check.find(ItemChangeLog, { item, actionType: 'delete' });
      expect(log.map((l) => l.objectName).sort()).toEqual(['by editor', 'by owner']);
    });
  });

  it('sorts the pages of an item', async () => {
    const item = await itemWithMembers();
    const em = db.services().em;
    const a = await buildPage(em, item);
    const b = await buildPage(em, item);
    const { s, viewer } = await as(editor);
    expect(
      await s.pages.sort(viewer, item.id, [
        { pageId: a.id, sNumber: 2 },
        { pageId: b.id, sNumber: 1 },
      ]),
    ).toBe(2);
    const check = db.services().em;
    expect((await check.findOneOrFail(Page, a.id)).sNumber).toBe(2);
    expect((await check.findOneOrFail(Page, b.id)).sNumber).toBe(1);
    const asReader = await as(reader);
    await expectCode(
      asReader.s.pages.sort(asReader.viewer, item.id, [{ pageId: a.id, sNumber: 5 }]),
      'ItemEditDenied',
    );
  });
});
