import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { MemberGroup, type Page, type User } from '../../../../db/src';
import {
  buildItem,
  buildMember,
  buildPage,
  buildSession,
  buildUser,
} from '../../../../test/support/factories';
import { testDatabases } from '../../../../test/support/mysql';
import { startTestServer, type TestServer } from '../../../../test/support/server';

const SUBSCRIBE = `subscription($pageId: Int!) {
  pageLockChanged(pageId: $pageId) { pageId action holderId holderName lockedUntil at }
}`;
const ACQUIRE = `mutation($pageId: Int!, $every: Int) {
  acquirePageLock(pageId: $pageId, renewEverySeconds: $every) { locked holderName lockedUntil mine }
}`;
const RELEASE = `mutation($pageId: Int!) { releasePageLock(pageId: $pageId) }`;
const STATE = `query($pageId: Int!) { pageLock(pageId: $pageId) { locked holderId holderName mine } }`;

interface LockChange {
  pageId: number;
  action: string;
  holderName: string;
  lockedUntil: string | null;
}

/** A graphql-ws subscriber collecting what it receives. */
function subscriber(server: TestServer, token: string, pageId: number) {
  const client: Client = createClient({
    url: `${server.url.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { token },
    retryAttempts: 0,
  });
  const results: Array<{ data?: { pageLockChanged: LockChange } | null; errors?: unknown[] }> = [];
  let completed = false;
  client.subscribe(
    { query: SUBSCRIBE, variables: { pageId } },
    {
      next: (value) => void results.push(value as (typeof results)[number]),
      error: (err) => void results.push({ errors: [err] }),
      complete: () => (completed = true),
    },
  );
  const changes = () => results.flatMap((r) => (r.data ? [r.data.pageLockChanged] : []));
  return {
    results,
    changes,
    isCompleted: () => completed,
    /** Waits until `count` changes arrived (or fails after `ms`). */
    async waitFor(count: number, ms = 8000): Promise<LockChange[]> {
      const until = Date.now() + ms;
      while (changes().length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
      return changes();
    },
    dispose: () => client.dispose(),
  };
}

describe.each(testDatabases())('page lock subscriptions over graphql-ws on $name', (target) => {
  let server: TestServer;
  let owner: User, alice: User, bob: User, stranger: User;
  let aliceToken: string, bobToken: string, strangerToken: string;
  let page: Page;

  beforeAll(async () => {
    // A fast sweeper, so expiry reaches subscribers within the test.
    server = await startTestServer(target, 'gql_locks', {
      jobs: { lockSweepMs: 200, purgeEveryMs: 3_600_000, webhookEveryMs: 60_000, webhookRetryBaseMs: 30_000 },
    });
    const em = server.db.orm.em.fork();
    owner = await buildUser(em);
    alice = await buildUser(em);
    bob = await buildUser(em);
    stranger = await buildUser(em);
    const item = await buildItem(em, owner, { password: 'private' });
    buildMember(em, item, alice, MemberGroup.Edit);
    buildMember(em, item, bob, MemberGroup.Edit);
    await em.flush();
    page = await buildPage(em, item);
    aliceToken = await buildSession(em, alice);
    bobToken = await buildSession(em, bob);
    strangerToken = await buildSession(em, stranger);
  });
  afterAll(async () => server?.close());

  it('shows a second editor who takes, renews, releases and loses the lock, live', async () => {
    const watcher = subscriber(server, bobToken, page.id);
    try {
      // The subscription is in place once the server answers on the same socket; give it a moment.
      await new Promise((r) => setTimeout(r, 500));
      const taken = await server.graphql<{ acquirePageLock: { locked: boolean; mine: boolean } }>(
        ACQUIRE,
        { pageId: page.id },
        aliceToken,
      );
      expect(taken.data?.acquirePageLock).toMatchObject({ locked: true, mine: true });

      const refused = await server.graphql(ACQUIRE, { pageId: page.id }, bobToken);
      expect(refused.errors?.[0]?.extensions).toMatchObject({
        code: 'PAGE_LOCKED',
        showdocCode: 10101,
        holderName: alice.username,
      });
      const seen = await server.graphql<{ pageLock: { holderName: string; mine: boolean } }>(
        STATE,
        { pageId: page.id },
        bobToken,
      );
      expect(seen.data?.pageLock).toMatchObject({ locked: true, holderName: alice.username, mine: false });

      await server.graphql(ACQUIRE, { pageId: page.id, every: 180 }, aliceToken);
      const released = await server.graphql<{ releasePageLock: boolean }>(
        RELEASE,
        { pageId: page.id },
        aliceToken,
      );
      expect(released.data?.releasePageLock).toBe(true);

      // A lock taken through ShowDoc's door for a second or two runs out, and the server's sweeper says so.
      // (`lock_to` is in whole seconds: +1 could be a few milliseconds ahead and already past when the request
      // lands on a busy machine, which ShowDoc's contract treats as a release, so no lock and no event.)
      const lockTo = Math.floor(Date.now() / 1000) + 2;
      const rest = await server.form('/api/page/setLock', {
        page_id: page.id,
        item_id: page.item.id,
        lock_to: lockTo,
        user_token: aliceToken,
      });
      expect(rest.body.error_code).toBe(0);

      const changes = await watcher.waitFor(5);
      expect(changes.map((c) => [c.action, c.holderName, c.pageId])).toEqual([
        ['ACQUIRED', alice.username, page.id],
        ['RENEWED', alice.username, page.id],
        ['RELEASED', alice.username, page.id],
        ['ACQUIRED', alice.username, page.id],
        ['EXPIRED', alice.username, page.id],
      ]);
      expect(changes[2]!.lockedUntil).toBeNull();
      expect(Date.parse(changes[1]!.lockedUntil!)).toBeGreaterThan(Date.now() + 200_000);
      const after = await server.graphql<{ pageLock: { locked: boolean } }>(
        STATE,
        { pageId: page.id },
        bobToken,
      );
      expect(after.data?.pageLock.locked).toBe(false);
    } finally {
      await watcher.dispose();
    }
  });

  it('stops telling a subscriber about the lock once they are no longer a member', async () => {
    const em = server.db.orm.em.fork();
    const leaver = await buildUser(em);
    const membership = buildMember(em, page.item, leaver, MemberGroup.ReadOnly);
    await em.flush();
    const watcher = subscriber(server, await buildSession(em, leaver), page.id);
    try {
      await new Promise((r) => setTimeout(r, 500));
      await server.graphql(ACQUIRE, { pageId: page.id }, aliceToken);
      expect((await watcher.waitFor(1)).map((c) => c.holderName)).toEqual([alice.username]);

      await em.remove(membership).flush();
      await server.graphql(RELEASE, { pageId: page.id }, aliceToken);
      const until = Date.now() + 5000;
      while (watcher.results.length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
      expect(watcher.changes()).toHaveLength(1);
      expect(JSON.stringify(watcher.results.slice(1))).toMatch(/ITEM_PASSWORD_REQUIRED/);
      expect(JSON.stringify(watcher.results.slice(1))).not.toContain('RELEASED');
    } finally {
      await watcher.dispose();
    }
  });

  it('refuses the subscription to someone who may not read the page', async () => {
    const watcher = subscriber(server, strangerToken, page.id);
    try {
      const until = Date.now() + 5000;
      while (!watcher.isCompleted() && !watcher.results.length && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 25));
      }
      expect(watcher.results).toHaveLength(1);
      // The page's item has a visit password: the refusal says so.
      expect(JSON.stringify(watcher.results[0])).toMatch(/ITEM_PASSWORD_REQUIRED/);
      expect(watcher.changes()).toEqual([]);
    } finally {
      await watcher.dispose();
    }
  });
});
