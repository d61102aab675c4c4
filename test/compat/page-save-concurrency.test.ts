// Issue #14: concurrent page saves over real HTTP never fail for contention (no HTTP 500, no "database is
// locked"), REST saves stay last-write-wins with every accepted save in history, and GraphQL's
// `baseVersion` keeps exactly one winner. Purging while writers save breaks neither.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Item, Page, PageHistory, RecycleEntry, type User } from '../../db/src';
import { purgeExpired } from '../../api/src/domain/jobs/purge';
import { buildItem, buildPage, buildSession, buildUser } from '../support/factories';
import { testDatabases } from '../support/mysql';
import { startTestServer, type TestServer } from '../support/server';
import { api } from './wire-helpers';

const DAY = 24 * 60 * 60 * 1000;
// Hundreds of real saves over HTTP on a shared machine: the embedded database writes them one by one.
const SLOW_MS = 240_000;

describe.each(testDatabases())('concurrent page saves on $name', (target) => {
  let server: TestServer;
  let owner: User;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer(target, `compat_save_race_${target.name}`);
    const em = server.db.orm.em.fork();
    owner = await buildUser(em);
    token = await buildSession(em, owner);
  });
  afterAll(async () => server?.close());

  const em = () => server.db.orm.em.fork();
  const save = (itemId: number, pageId: number, content: string) =>
    server.form(api('page/save'), {
      user_token: token,
      item_id: itemId,
      page_id: pageId,
      page_content: content,
    });
  /** Every answer must be a plain success: a failure shows its status and envelope in the message. */
  const failures = (answers: Array<{ status: number; body: { error_code?: number } }>) =>
    answers.filter((a) => a.status !== 200 || a.body?.error_code !== 0).map((a) => [a.status, a.body]);

  it(
    'lets 8 writers save their own pages of one item 15 times each, without an error',
    async () => {
      const item = await buildItem(em(), owner);
      const pages = await Promise.all(
        Array.from({ length: 8 }, (_, w) => buildPage(em(), item, { title: `Writer ${w}` })),
      );
      // An old update time the saves must move forward (MariaDB keeps whole seconds: compare with the past).
      const longAgo = new Date('2020-01-01T00:00:00Z');
      await em().nativeUpdate(Item, { id: item.id }, { lastUpdateAt: longAgo });
      const started = Date.now();
      const answers = await Promise.all(
        pages.map(async (page, w) => {
          const mine = [];
          for (let n = 1; n <= 15; n++) mine.push(await save(item.id, page.id, `writer ${w} save ${n}`));
          return mine;
        }),
      );
      expect(failures(answers.flat())).toEqual([]);
      const check = em();
      for (const [w, page] of pages.entries()) {
        const stored = await check.findOneOrFail(Page, page.id);
        expect(stored.content).toBe(`writer ${w} save 15`);
        expect(stored.version).toBe(16);
      }
      expect(await check.count(PageHistory, { item: item.id })).toBe(8 * 15);
      // The item's update time followed the saves, written after their commits.
      const reloaded = await check.findOneOrFail(Item, item.id);
      expect(reloaded.lastUpdateAt.getTime()).toBeGreaterThanOrEqual(started - 1000);
    },
    SLOW_MS,
  );

  it(
    'accepts 20 simultaneous REST saves of one page: each lands in history, the last one is current',
    async () => {
      const item = await buildItem(em(), owner);
      const page = await buildPage(em(), item, { title: 'Hot page', content: 'original' });
      const contents = Array.from({ length: 20 }, (_, n) => `simultaneous save ${n}`);
      const answers = await Promise.all(contents.map((content) => save(item.id, page.id, content)));
      expect(failures(answers)).toEqual([]);

      const check = em();
      const stored = await check.findOneOrFail(Page, page.id);
      expect(stored.version).toBe(21);
      const history = await check.find(PageHistory, { page: page.id }, { orderBy: { version: 'asc' } });
      // Versions 1..20 are the original and 19 of the saves; the 20th save is the page itself.
      expect(history.map((h) => h.version)).toEqual(Array.from({ length: 20 }, (_, n) => n + 1));
      expect(history[0]!.content).toBe('original');
      const landed = [...history.slice(1).map((h) => h.content), stored.content].sort();
      expect(landed).toEqual([...contents].sort());
      // The save answered last is not necessarily the one stored last, but the current one is a save's own.
      expect(contents).toContain(stored.content);
    },
    SLOW_MS,
  );

  it(
    'gives GraphQL saves of one baseVersion exactly one winner',
    async () => {
      const item = await buildItem(em(), owner);
      const page = await buildPage(em(), item, { title: 'Contested', content: 'v1' });
      const mutation = `mutation ($input: SavePageInput!) { savePage(input: $input) { id version } }`;
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, n) =>
          server.graphql<{ savePage: { version: number } }>(
            mutation,
            {
              input: {
                id: page.id,
                itemId: item.id,
                title: 'Contested',
                content: `candidate ${n}`,
                baseVersion: 1,
              },
            },
            token,
          ),
        ),
      );
      expect(answers.filter((a) => !a.data?.savePage && !a.errors)).toEqual([]);
      const winners = answers.filter((a) => a.data?.savePage);
      const losers = answers.filter((a) => a.errors?.length);
      expect(winners.length === 1 ? [] : answers.map((a) => a.errors ?? a.data)).toEqual([]);
      expect(winners[0]!.data!.savePage.version).toBe(2);
      expect(losers.map((a) => a.errors![0]!.extensions?.code)).toEqual(Array(9).fill('VERSION_CONFLICT'));
      const check = em();
      expect((await check.findOneOrFail(Page, page.id)).version).toBe(2);
      expect(await check.count(PageHistory, { page: page.id })).toBe(1);
    },
    SLOW_MS,
  );

  it(
    'purges expired items and pages while writers save, without an error on either side',
    async () => {
      const setup = em();
      const now = new Date();
      const longAgo = new Date(now.getTime() - 40 * DAY);
      const live = await buildItem(setup, owner);
      const pages = await Promise.all(
        Array.from({ length: 6 }, (_, w) => buildPage(em(), live, { title: `Busy ${w}` })),
      );
      // Old deleted pages in the busy item and old deleted items with pages: what the purge removes.
      const doomedPages = await Promise.all(
        Array.from({ length: 30 }, (_, n) => buildPage(em(), live, { title: `Doomed ${n}` })),
      );
      await setup.nativeUpdate(Page, { id: { $in: doomedPages.map((p) => p.id) } }, { deletedAt: longAgo });
      const doomedItems = await Promise.all(
        Array.from({ length: 5 }, () => buildItem(em(), owner, { deletedAt: longAgo })),
      );
      for (const gone of doomedItems) {
        for (let n = 0; n < 5; n++) await buildPage(em(), gone, { title: `Gone ${n}` });
      }

      let saving = true;
      const purges = (async () => {
        const reports = [];
        while (saving) {
          reports.push(await purgeExpired(server.db.orm.em.fork(), now));
          // Hourly in production; back to back here, but leaving the embedded database's one connection free.
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return reports;
      })();
      const answers = await Promise.all(
        pages.map(async (page, w) => {
          const mine = [];
          for (let n = 1; n <= 10; n++) mine.push(await save(live.id, page.id, `busy ${w} save ${n}`));
          return mine;
        }),
      );
      saving = false;
      const reports = await purges;

      expect(failures(answers.flat())).toEqual([]);
      expect(reports.reduce((sum, r) => sum + r.pages, 0)).toBe(30);
      expect(reports.reduce((sum, r) => sum + r.items, 0)).toBe(5);
      const check = em();
      expect(await check.count(Page, { id: { $in: doomedPages.map((p) => p.id) } })).toBe(0);
      expect(await check.count(Item, { id: { $in: doomedItems.map((i) => i.id) } })).toBe(0);
      for (const [w, page] of pages.entries()) {
        expect((await check.findOneOrFail(Page, page.id)).content).toBe(`busy ${w} save 10`);
      }
    },
    SLOW_MS,
  );

  it(
    'deletes 8 pages of one item at once while 4 writers save others, without an error',
    async () => {
      const item = await buildItem(em(), owner);
      const doomed = await Promise.all(
        Array.from({ length: 8 }, (_, n) => buildPage(em(), item, { title: `Doomed ${n}` })),
      );
      const kept = await Promise.all(
        Array.from({ length: 4 }, (_, w) => buildPage(em(), item, { title: `Kept ${w}` })),
      );
      const [deletes, saves] = await Promise.all([
        Promise.all(
          doomed.map((page) => server.form(api('page/delete'), { user_token: token, page_id: page.id })),
        ),
        Promise.all(
          kept.map(async (page, w) => {
            const mine = [];
            for (let n = 1; n <= 5; n++) mine.push(await save(item.id, page.id, `kept ${w} save ${n}`));
            return mine;
          }),
        ),
      ]);
      expect(failures(deletes)).toEqual([]);
      expect(failures(saves.flat())).toEqual([]);
      const check = em();
      expect(await check.count(Page, { item: item.id, deletedAt: null })).toBe(4);
      expect(await check.count(RecycleEntry, { item: item.id })).toBe(8);
      const menu = await server.form(api('item/info'), { user_token: token, item_id: item.id });
      expect(menu.body.data.menu.pages.map((p: { page_title: string }) => p.page_title).sort()).toEqual(
        kept.map((p) => p.title).sort(),
      );
    },
    SLOW_MS,
  );
});
