import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Item, MemberGroup, Page, PageHistory, type User } from '../../../../db/src';
import { openTestDb, type TestDb } from '../../../../test/support/db';
import {
  buildCatalog,
  buildItem,
  buildMember,
  buildUser,
  viewerOf,
} from '../../../../test/support/factories';
import { testDatabases } from '../../../../test/support/mysql';
import { expectCode } from '../../../../test/support/domain-errors';
import type { Services } from '../services';
import type { Viewer } from '../viewer';
import { DEFAULT_HISTORY_KEEP, HISTORY_TRIM_EVERY } from './history-retention';

describe.each(testDatabases())('page history on $name', (target) => {
  let db: TestDb;
  let owner: User, editor: User, reader: User, scoped: User, stranger: User;

  beforeAll(async () => {
    db = await openTestDb(target, 'history');
    const em = db.services().em;
    owner = await buildUser(em);
    editor = await buildUser(em);
    reader = await buildUser(em);
    scoped = await buildUser(em);
    stranger = await buildUser(em);
  });
  afterAll(async () => db?.close());

  async function as(user: User | null): Promise<{ s: Services; viewer: Viewer }> {
    const s = db.services();
    return { s, viewer: await viewerOf(s.em, user) };
  }

  /** An item with an editor, a reader and an editor limited to catalog `inside`. */
  async function setUp() {
    const em = db.services().em;
    const item = await buildItem(em, owner);
    const inside = await buildCatalog(em, item, { name: 'Inside' });
    const outside = await buildCatalog(em, item, { name: 'Outside' });
    buildMember(em, item, editor, MemberGroup.Edit);
    buildMember(em, item, reader, MemberGroup.ReadOnly);
    buildMember(em, item, scoped, MemberGroup.Edit, [inside]);
    await em.flush();
    return { item, inside, outside };
  }

  /** Creates a page as `user` and saves it again with each content in turn. */
  async function pageWithVersions(user: User, itemId: number, catalogId: number | null, contents: string[]) {
    const { s, viewer } = await as(user);
    let page = await s.pages.save(viewer, { itemId, catalogId, title: 'Doc', content: 'v1' });
    for (const content of contents) {
      const next = await as(user);
      page = await next.s.pages.save(next.viewer, { id: page.id, itemId, content });
    }
    return page;
  }

  it('keeps every replaced version with its author and time, newest first', async () => {
    const { item } = await setUp();
    const page = await pageWithVersions(owner, item.id, null, []);
    const { s: s2, viewer: editorViewer } = await as(editor);
    await s2.pages.save(editorViewer, { id: page.id, itemId: item.id, content: 'v2', comments: 'second' });
    const { s: s3, viewer: ownerViewer } = await as(owner);
    await s3.pages.save(ownerViewer, { id: page.id, itemId: item.id, content: 'v3' });

    const { s, viewer } = await as(reader);
    const { versions } = await s.history.list(viewer, page.id);
    expect(versions.map((v) => [v.content, v.version, v.authorName, v.comments])).toEqual([
      ['v2', 2, editor.username, 'second'],
      ['v1', 1, owner.username, ''],
    ]);
    expect(versions[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(versions[1]!.createdAt.getTime());
  });

  it('shows the newest history_version_count versions per page, 20 by default, and trims the rest', async () => {
    const { item } = await setUp();
    const { s, viewer } = await as(reader);
    const shown = async (pageId: number) =>
      (await s.history.list(viewer, pageId)).versions.map((v) => v.content);
    const stored = (pageId: number) => db.services().em.count(PageHistory, { page: pageId });
    await db.services().settings.set({ history_version_count: '3' });
    try {
      // Versions 2–7 replace v1–v6: 6 rows, trimmed once a multiple of HISTORY_TRIM_EVERY is replaced.
      const page = await pageWithVersions(owner, item.id, null, ['v2', 'v3', 'v4', 'v5', 'v6', 'v7']);
      const other = await pageWithVersions(owner, item.id, null, ['w2']);
      expect(await shown(page.id)).toEqual(['v6', 'v5', 'v4']);
      expect(await stored(page.id)).toBe(6);
      // The save replacing version HISTORY_TRIM_EVERY trims the page down to 3 rows.
      let saved = page;
      for (let version = 8; version <= HISTORY_TRIM_EVERY + 1; version++) {
        const next = await as(owner);
        saved = await next.s.pages.save(next.viewer, {
          id: page.id,
          itemId: item.id,
          content: `v${version}`,
        });
      }
      expect(saved.version).toBe(HISTORY_TRIM_EVERY + 1);
      expect(await stored(page.id)).toBe(3);
      const n = HISTORY_TRIM_EVERY;
      expect(await shown(page.id)).toEqual([`v${n}`, `v${n - 1}`, `v${n - 2}`]);
      // Trimming one page leaves the others alone.
      expect(await stored(other.id)).toBe(1);
    } finally {
      await db.services().settings.set({ history_version_count: 'nonsense' });
    }
    const saves = DEFAULT_HISTORY_KEEP + 2 * HISTORY_TRIM_EVERY;
    const page = await pageWithVersions(
      owner,
      item.id,
      null,
      Array.from({ length: saves }, (_, i) => `x${i}`),
    );
    expect(await shown(page.id)).toHaveLength(DEFAULT_HISTORY_KEEP);
    expect((await shown(page.id))[0]).toBe(`x${saves - 2}`);
    // Never more than HISTORY_TRIM_EVERY - 1 rows past the bound.
    expect(await stored(page.id)).toBeLessThan(DEFAULT_HISTORY_KEEP + HISTORY_TRIM_EVERY);
  });

  it('compares the current page with a version of it, and no other', async () => {
    const { item } = await setUp();
    const page = await pageWithVersions(owner, item.id, null, ['v2']);
    const other = await pageWithVersions(owner, item.id, null, ['w2']);
    const { s, viewer } = await as(reader);
    const [version] = (await s.history.list(viewer, page.id)).versions;
    const pair = await s.history.compare(viewer, page.id, version!.id);
    expect([pair.page.content, pair.version.content]).toEqual(['v2', 'v1']);
    const [foreign] = (await s.history.list(viewer, other.id)).versions;
    await expectCode(s.history.compare(viewer, page.id, foreign!.id), 'HistoryNotFound');
    await expectCode(s.history.compare(viewer, page.id, 0), 'HistoryNotFound');
    await expectCode(s.history.compare(viewer, 0, version!.id), 'PageNotFound');
  });

  it('restores a version as a new save, so the replaced version stays in the history', async () => {
    const { item } = await setUp();
    const page = await pageWithVersions(owner, item.id, null, ['v2', 'v3']);
    const { s, viewer } = await as(editor);
    const v1 = (await s.history.list(viewer, page.id)).versions.find((v) => v.content === 'v1')!;
    const restored = await s.history.restore(viewer, page.id, v1.id, { baseVersion: 3, comments: 'back' });
    expect([restored.content, restored.version, restored.comments, restored.authorName]).toEqual([
      'v1',
      4,
      'back',
      editor.username,
    ]);
    const check = await as(reader);
    const contents = (await check.s.history.list(check.viewer, page.id)).versions.map((v) => v.content);
    expect(contents).toEqual(['v3', 'v2', 'v1']);
    // Restoring from an outdated view of the page is a conflict, and changes nothing.
    const again = await as(editor);
    const err = await expectCode(
      again.s.history.restore(again.viewer, page.id, v1.id, { baseVersion: 3 }),
      'VersionConflict',
    );
    expect(err.extensions).toEqual({ currentVersion: 4 });
    const reader2 = await as(reader);
    await expectCode(reader2.s.history.restore(reader2.viewer, page.id, v1.id), 'ItemEditDenied');
  });

  it('loses nothing when a save from a stale version conflicts', async () => {
    const { item } = await setUp();
    const page = await pageWithVersions(owner, item.id, null, []);
    const a = await as(owner);
    const b = await as(editor);
    await a.s.pages.save(a.viewer, { id: page.id, itemId: item.id, content: 'from A', baseVersion: 1 });
    const err = await expectCode(
      b.s.pages.save(b.viewer, { id: page.id, itemId: item.id, content: 'from B', baseVersion: 1 }),
      'VersionConflict',
    );
    expect(err.extensions).toEqual({ currentVersion: 2 });
    const em = db.services().em;
    expect((await em.findOneOrFail(Page, page.id)).content).toBe('from A');
    expect((await em.find(PageHistory, { page: page.id })).map((h) => h.content)).toEqual(['v1']);
    // B saves again from the version the conflict named: both edits are now on record.
    const b2 = await as(editor);
    await b2.s.pages.save(b2.viewer, { id: page.id, itemId: item.id, content: 'from B', baseVersion: 2 });
    const history = await em.fork().find(PageHistory, { page: page.id }, { orderBy: { id: 'asc' } });
    expect(history.map((h) => h.content)).toEqual(['v1', 'from A']);
  });

  it('sets the note of a version of this page, for editors only', async () => {
    const { item } = await setUp();
    const page = await pageWithVersions(owner, item.id, null, ['v2']);
    const other = await pageWithVersions(owner, item.id, null, ['w2']);
    const { s, viewer } = await as(editor);
    const [version] = (await s.history.list(viewer, page.id)).versions;
    const [foreign] = (await s.history.list(viewer, other.id)).versions;
    expect((await s.history.updateComments(viewer, page.id, version!.id, 'first draft')).comments).toBe(
      'first draft',
    );
    expect((await db.services().em.findOneOrFail(PageHistory, version!.id)).comments).toBe('first draft');
    // ShowDoc changed any history row by its id alone.
    await expectCode(s.history.updateComments(viewer, page.id, foreign!.id, 'x'), 'HistoryNotFound');
    await expectCode(s.history.updateComments(viewer, page.id, version!.id, 'x'.repeat(256)), 'NameTooLong');
    const r = await as(reader);
    await expectCode(r.s.history.updateComments(r.viewer, page.id, version!.id, 'x'), 'ItemEditDenied');
    const anon = await as(null);
    await expectCode(anon.s.history.updateComments(anon.viewer, page.id, version!.id, 'x'), 'LoginRequired');
  });

  it('keeps a catalog-scoped member and strangers away from the history of other pages', async () => {
    const { item, inside, outside } = await setUp();
    const visible = await pageWithVersions(owner, item.id, inside.id, ['v2']);
    const hidden = await pageWithVersions(owner, item.id, outside.id, ['v2']);
    const { s, viewer } = await as(scoped);
    expect((await s.history.list(viewer, visible.id)).versions).toHaveLength(1);
    await expectCode(s.history.list(viewer, hidden.id), 'PageVisitDenied');
    const [version] = await db.services().em.find(PageHistory, { page: hidden.id });
    await expectCode(s.history.compare(viewer, hidden.id, version!.id), 'PageVisitDenied');
    await expectCode(s.history.updateComments(viewer, hidden.id, version!.id, 'x'), 'ItemEditDenied');
    await expectCode(s.history.restore(viewer, hidden.id, version!.id), 'ItemEditDenied');
    await db.services().em.nativeUpdate(Item, { id: item.id }, { password: 'secret' });
    const outsider = await as(stranger);
    await expectCode(outsider.s.history.list(outsider.viewer, visible.id), 'PagePasswordRequired');
  });
});
