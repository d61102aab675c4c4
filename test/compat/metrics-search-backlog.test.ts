// Issue #14: the search index is written after the commit (SQLite: its own thread; MySQL/MariaDB: the gram
// indexer). `/metrics` says how many saved pages it does not hold yet, so an operator (and the bench) can see
// the lag; search reads those pages itself meanwhile.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { User } from '../../db/src';
import { gramIndexerOf, indexQueuedPages, searchIndexCaughtUp } from '../../db/src';
import { buildItem, buildPage, buildSession, buildUser } from '../support/factories';
import { testDatabases } from '../support/mysql';
import { startTestServer, type TestServer } from '../support/server';
import { api } from './wire-helpers';

const TOKEN = 'metrics-test-token';

describe.each(testDatabases())('the search index backlog in /metrics on $name', (target) => {
  let server: TestServer;
  let owner: User;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer(target, `metrics_backlog_${target.name}`, { metricsToken: TOKEN });
    const em = server.db.orm.em.fork();
    owner = await buildUser(em);
    token = await buildSession(em, owner);
  });
  afterAll(async () => server?.close());

  const backlog = async (): Promise<number | null> => {
    const answer = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answer.status).toBe(200);
    const line = (await answer.text())
      .split('\n')
      .find((l) => l.startsWith('quire_search_index_backlog_pages '));
    return line === undefined ? null : Number(line.split(' ')[1]);
  };

  it('counts the saved pages the index does not hold yet, and none once it caught up', async () => {
    const em = server.db.orm.em.fork();
    const item = await buildItem(em, owner);
    const pages = await Promise.all([1, 2, 3].map((n) => buildPage(em, item, { title: `Lagging ${n}` })));
    const caughtUp = async () =>
      target.name === 'sqlite'
        ? expect(await searchIndexCaughtUp(server.db.orm.em)).toBe(true)
        : await indexQueuedPages(server.db.orm.em);
    await caughtUp();
    expect(await backlog()).toBe(0);

    if (target.name !== 'sqlite') {
      // The gram indexer is held off: three saves of two pages leave two pages behind.
      const indexer = gramIndexerOf(server.db.orm.em)!;
      await indexer.close();
      try {
        for (const [page, text] of [
          [pages[0]!, 'first'],
          [pages[1]!, 'second'],
          [pages[0]!, 'third'],
        ] as const) {
          const answer = await server.form(api('page/save'), {
            user_token: token,
            item_id: item.id,
            page_id: page.id,
            page_content: `backlog ${text}`,
          });
          expect(answer.body.error_code).toBe(0);
        }
        expect(await backlog()).toBe(2);
      } finally {
        indexer.start();
      }
    } else {
      const answer = await server.form(api('page/save'), {
        user_token: token,
        item_id: item.id,
        page_id: pages[2]!.id,
        page_content: 'backlog on the embedded database',
      });
      expect(answer.body.error_code).toBe(0);
    }
    await caughtUp();
    expect(await backlog()).toBe(0);
  });
});
