import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  Captcha,
  Catalog,
  Item,
  ItemVisitGrant,
  Page,
  PageHistory,
  RecycleEntry,
  SinglePageLink,
  UserToken,
  type User,
} from '../../../../db/src';
import { openTestDb, type TestDb } from '../../../../test/support/db';
import {
  buildCatalog,
  buildItem,
  buildPage,
  buildSession,
  buildUser,
  viewerOf,
} from '../../../../test/support/factories';
import { testDatabases } from '../../../../test/support/mysql';
import { DomainError } from '../errors';
import { purgeExpired } from './purge';

const DAY = 24 * 60 * 60 * 1000;

describe.each(testDatabases())('scheduled purge on $name', (target) => {
  let db: TestDb;
  let owner: User;
  const now = new Date('2031-06-15T12:00:00Z');
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

  beforeAll(async () => {
    db = await openTestDb(target, 'purge', { cronToken: 'cron-secret' });
    owner = await buildUser(db.services().em);
  });
  afterAll(async () => db?.close());

  async function deletePage(pageId: number, when: Date) {
    const s = db.services();
    await s.pages.delete(await viewerOf(s.em, owner), pageId, when);
  }

  it('removes pages 30 days after their deletion, with their history, and keeps younger ones', async () => {
    const em = db.services().em;
    const item = await buildItem(em, owner);
    const old = await buildPage(em, item, { title: 'Old' });
    const young = await buildPage(em, item, { title: 'Young' });
    const live = await buildPage(em, item, { title: 'Live' });
    const s = db.services();
    await s.pages.save(await viewerOf(s.em, owner), { id: old.id, itemId: item.id, content: 'v2' });
    await deletePage(old.id, daysAgo(31));
    await deletePage(young.id, daysAgo(29));

    const report = await purgeExpired(db.services().em, now);
    expect(report.pages).toBe(1);
    const check = db.services().em;
    expect(await check.count(Page, { id: old.id })).toBe(0);
    expect(await check.count(PageHistory, { page: old.id })).toBe(0);
    expect(await check.count(RecycleEntry, { page: old.id })).toBe(0);
    expect(await check.count(Page, { id: { $in: [young.id, live.id] } })).toBe(2);
    expect(await check.count(RecycleEntry, { page: young.id })).toBe(1);
  });

  it('removes items and catalogs deleted more than 30 days ago, with what hangs from them', async () => {
    const em = db.services().em;
    const gone = await buildItem(em, owner, { deletedAt: daysAgo(40) });
    const goneCatalog = await buildCatalog(em, gone);
    const gonePage = await buildPage(em, gone, { catalog: goneCatalog });
    const kept = await buildItem(em, owner, { deletedAt: daysAgo(10) });
    const item = await buildItem(em, owner);
    const oldCatalog = await buildCatalog(em, item, { name: 'Old' });
    const child = await buildCatalog(em, item, { name: 'Child', parent: oldCatalog });
    const recent = await buildCatalog(em, item, { name: 'Recent' });
    await em.nativeUpdate(Catalog, { id: { $in: [oldCatalog.id, child.id] } }, { deletedAt: daysAgo(31) });
    await em.nativeUpdate(Catalog, { id: recent.id }, { deletedAt: daysAgo(2) });

    await purgeExpired(db.services().em, now);
    const check = db.services().em;
    expect(await check.count(Item, { id: gone.id })).toBe(0);
    expect(await check.count(Page, { id: gonePage.id })).toBe(0);
    expect(await check.count(Item, { id: kept.id })).toBe(1);
    expect(await check.count(Catalog, { id: { $in: [oldCatalog.id, child.id, goneCatalog.id] } })).toBe(0);
    expect(await check.count(Catalog, { id: recent.id })).toBe(1);
  });

  it('removes expired captchas, tokens, visit grants and long-expired share links', async () => {
    const em = db.services().em;
    const item = await buildItem(em, owner);
    const page = await buildPage(em, item);
    const other = await buildPage(em, item);
    em.create(Captcha, { code: 'OLD1', expiresAt: new Date(now.getTime() - 11 * 60 * 1000) });
    em.create(Captcha, { code: 'NEW1', expiresAt: new Date(now.getTime() + 60 * 1000) });
    em.create(ItemVisitGrant, {
      sessionKey: 'a'.repeat(64),
      item,
      expiresAt: daysAgo(1),
      passwordVersion: 0,
    });
    em.create(ItemVisitGrant, {
      sessionKey: 'b'.repeat(64),
      item,
      expiresAt: new Date(now.getTime() + DAY),
      passwordVersion: 0,
    });
    em.create(SinglePageLink, { page, uniqueKey: 'c'.repeat(32), expiresAt: daysAgo(31) });
    em.create(SinglePageLink, { page: other, uniqueKey: 'd'.repeat(32), expiresAt: daysAgo(1) });
    await em.flush();
    await buildSession(em, owner, -1);
    const liveToken = await buildSession(em, owner, 30);

    const report = await purgeExpired(db.services().em, now);
    expect(report).toMatchObject({ captchas: 1, visitGrants: 1, shareLinks: 1 });
    expect(report.tokens).toBeGreaterThanOrEqual(1);
    const check = db.services().em;
    expect((await check.find(Captcha, {})).map((c) => c.code)).toContain('NEW1');
    expect((await check.find(Captcha, {})).map((c) => c.code)).not.toContain('OLD1');
    expect(await check.count(ItemVisitGrant, { item })).toBe(1);
    expect(
      (await check.find(SinglePageLink, { page: { $in: [page.id, other.id] } })).map((l) => l.uniqueKey),
    ).toEqual(['d'.repeat(32)]);
    expect(await check.count(UserToken, { expiresAt: { $lt: now } })).toBe(0);
    expect(liveToken).toBeTruthy();
  });

  it('is safe to run again and on several nodes at once', async () => {
    const em = db.services().em;
    const item = await buildItem(em, owner);
    const page = await buildPage(em, item);
    await deletePage(page.id, daysAgo(45));
    const reports = await Promise.all([
      purgeExpired(db.services().em, now),
      purgeExpired(db.services().em, now),
    ]);
    expect(reports.map((r) => r.pages).reduce((a, b) => a + b, 0)).toBe(1);
    const again = await purgeExpired(db.services().em, now);
    expect(Object.values(again).every((n) => n === 0)).toBe(true);
  });

  it("runs on ShowDoc's cron call only with the configured token", async () => {
    const s = db.services();
    await expect(s.jobs.runByCron('wrong', now)).rejects.toBeInstanceOf(DomainError);
    await expect(s.jobs.runByCron('', now)).rejects.toMatchObject({ codeName: 'CronForbidden' });
    await expect(s.jobs.runByCron('cron-secret', now)).resolves.toMatchObject({ pages: 0 });
    // Without a configured token, nobody runs it (ShowDoc fell back to a token baked into its code).
    const withoutToken = await openTestDb({ name: 'sqlite' }, 'purge_notoken');
    try {
      await expect(withoutToken.services().jobs.runByCron('anything', now)).rejects.toMatchObject({
        codeName: 'CronForbidden',
      });
    } finally {
      await withoutToken.close();
    }
  });
});
