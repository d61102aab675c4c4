import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Item, MemberGroup, SinglePageLink, type User } from '../../../../db/src';
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
import type { Services } from '../services';
import type { Viewer } from '../viewer';

const DAY = 24 * 60 * 60 * 1000;

describe.each(testDatabases())('share links on $name', (target) => {
  let db: TestDb;
  let owner: User, editor: User, reader: User, scoped: User;

  beforeAll(async () => {
    db = await openTestDb(target, 'share');
    const em = db.services().em;
    owner = await buildUser(em);
    editor = await buildUser(em);
    reader = await buildUser(em);
    scoped = await buildUser(em);
  });
  afterAll(async () => db?.close());

  async function as(user: User): Promise<{ s: Services; viewer: Viewer }> {
    const s = db.services();
    return { s, viewer: await viewerOf(s.em, user) };
  }

  async function setUp() {
    const em = db.services().em;
    const item = await buildItem(em, owner, { password: 'private' });
    const inside = await buildCatalog(em, item, { name: 'Inside' });
    const outside = await buildCatalog(em, item, { name: 'Outside' });
    buildMember(em, item, editor, MemberGroup.Edit);
    buildMember(em, item, reader, MemberGroup.ReadOnly);
    buildMember(em, item, scoped, MemberGroup.Edit, [inside]);
    await em.flush();
    const page = await buildPage(em, item, { catalog: inside, title: 'Shared', content: '# Shared' });
    const hidden = await buildPage(em, item, { catalog: outside, title: 'Hidden' });
    return { item, page, hidden };
  }

  const share = async (user: User, pageId: number, days: number, now?: Date) => {
    const { s, viewer } = await as(user);
    return s.shares.share(viewer, pageId, days, now);
  };
  const open = (key: string, now?: Date) => db.services().shares.open(key, now);

  it('opens the shared page alone, to anyone holding the random key, even in a private item', async () => {
    const { page } = await setUp();
    const link = await share(editor, page.id, 0);
    expect(link.uniqueKey).toMatch(/^[0-9a-f]{32}$/);
    expect(link.expiresAt).toBeNull();
    const shared = await open(link.uniqueKey, new Date(Date.now() + 3650 * DAY));
    expect([shared.page.id, shared.page.content, shared.attachmentCount]).toEqual([page.id, '# Shared', 0]);
    const other = await share(editor, (await setUp()).page.id, 0);
    expect(other.uniqueKey).not.toBe(link.uniqueKey);
  });

  it('expires after the chosen days, and says so', async () => {
    const { page } = await setUp();
    const now = new Date('2031-01-01T00:00:00Z');
    const link = await share(editor, page.id, 7, now);
    expect(link.expiresAt?.getTime()).toBe(now.getTime() + 7 * DAY);
    expect((await open(link.uniqueKey, new Date(now.getTime() + 7 * DAY - 1000))).page.id).toBe(page.id);
    await expectCode(open(link.uniqueKey, new Date(now.getTime() + 7 * DAY + 1000)), 'ShareLinkExpired');
    // The expired link is gone: afterwards its key is unknown, and the page shows no key.
    await expectCode(open(link.uniqueKey, new Date(now.getTime() + 8 * DAY)), 'ShareLinkUnknown');
    const { s, viewer } = await as(editor);
    expect(await s.shares.linkOf(viewer, page.id)).toBeNull();
    for (const days of [1, 30, 180])
      expect((await share(editor, page.id, days, now)).expiresAt).not.toBeNull();
    await expectCode(share(editor, page.id, 3), 'ShareExpiryInvalid');
    await expectCode(share(editor, page.id, -1), 'ShareExpiryInvalid');
  });

  it('re-creates the link when the expiry changes, and revokes it when sharing is turned off', async () => {
    const { page } = await setUp();
    const first = await share(editor, page.id, 1);
    const second = await share(owner, page.id, 30);
    expect(second.uniqueKey).not.toBe(first.uniqueKey);
    await expectCode(open(first.uniqueKey), 'ShareLinkUnknown');
    expect((await open(second.uniqueKey)).page.id).toBe(page.id);
    const { s, viewer } = await as(editor);
    expect((await s.shares.linkOf(viewer, page.id))?.uniqueKey).toBe(second.uniqueKey);
    expect((await s.pages.info(viewer, page.id)).shareKey).toBe(second.uniqueKey);
    expect(await s.shares.unshare(viewer, page.id)).toBe(true);
    expect(await s.shares.unshare(viewer, page.id)).toBe(false);
    await expectCode(open(second.uniqueKey), 'ShareLinkUnknown');
    expect(await db.services().em.count(SinglePageLink, { page: page.id })).toBe(0);
  });

  it('stops opening pages deleted since, or of deleted items', async () => {
    const { item, page } = await setUp();
    const link = await share(owner, page.id, 0);
    const { s, viewer } = await as(owner);
    await s.pages.delete(viewer, page.id);
    await expectCode(open(link.uniqueKey), 'PageNotFound');
    const second = await setUp();
    const other = await share(owner, second.page.id, 0);
    await db.services().em.nativeUpdate(Item, { id: second.item.id }, { deletedAt: new Date() });
    await expectCode(open(other.uniqueKey), 'PageNotFound');
    expect(item.id).not.toBe(second.item.id);
  });

  it('lets only editors share, a scoped one inside the scope, and refuses bad keys', async () => {
    const { page, hidden } = await setUp();
    await expectCode(share(reader, page.id, 0), 'ItemEditDenied');
    expect((await share(scoped, page.id, 0)).uniqueKey).toHaveLength(32);
    await expectCode(share(scoped, hidden.id, 0), 'ItemEditDenied');
    const { s, viewer } = await as(scoped);
    await expectCode(s.shares.unshare(viewer, hidden.id), 'ItemEditDenied');
    await expectCode(open(''), 'BadInput');
    await expectCode(open('not a key'), 'ShareLinkUnknown');
    const link = await share(owner, page.id, 0);
    await expectCode(open(link.uniqueKey.toUpperCase()), 'ShareLinkUnknown');
  });
});
