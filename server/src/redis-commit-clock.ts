import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { commitsSettling, useCommitClock, type CommitClockSource, type Database } from '../../db/src';

/**
 * How long a row kept for every node stays in Redis (it is given only while the token is the same). Page
 * rows go there without their item's visit password (`readPage`).
 */
const SHARED_SECONDS = 600;

/**
 * The commit clock of a MySQL/MariaDB site in Redis (issue #14, `db/src/commit-clock.ts`): one key holding a
 * random token, replaced after every commit of every node. A random token, not a count: a Redis that
 * restarts empty starts a token no node kept rows under. `client` should fail at once when Redis is away
 * (no offline queue) so that a read never waits for it: a node that cannot read the token reads through.
 */
export function redisCommitClock(client: Redis, prefix: string): CommitClockSource {
  const key = `${prefix}:commit-clock`;
  const fresh = () => randomBytes(12).toString('base64url');
  const read = async () => {
    const token = await client.get(key);
    if (token !== null) return token;
    // No token yet (a new or restarted Redis): start one, or take the one another node started.
    await client.set(key, fresh(), 'NX');
    return client.get(key);
  };
  return {
    read,
    async advance() {
      await client.set(key, fresh());
    },
    async readShared(name) {
      const [token, value] = await client.mget(key, `${prefix}:kept:${name}`);
      return [token ?? (await read()), value];
    },
    putShared(name, value) {
      client.set(`${prefix}:kept:${name}`, value, 'EX', SHARED_SECONDS).catch(() => undefined);
    },
  };
}

/**
 * Gives `db` (MySQL/MariaDB only) the commit clock in the Redis at `redisUrl`, so its commits move the token
 * every Quire process keeps its reads under: the server and any command-line tool that writes to a live
 * site's database (a ShowDoc import). `close` waits for the last token change, then disconnects. Null when
 * there is nothing to do (SQLite tells every connection itself; no Redis: nothing is kept on MariaDB).
 */
export async function attachCommitClock(
  db: Database,
  redisUrl: string | undefined,
  prefix: string,
): Promise<{ close(): Promise<void> } | null> {
  if (!redisUrl || db.dialect !== 'mysql') return null;
  const { Redis } = await import('ioredis');
  // Fails at once while Redis is away (the process then reads through) and never waits long.
  const client = new Redis(redisUrl, {
    enableOfflineQueue: false,
    commandTimeout: 1_000,
    enableAutoPipelining: true,
  });
  client.on('error', () => undefined);
  useCommitClock(db.orm, redisCommitClock(client, prefix));
  return {
    async close() {
      await commitsSettling(db.orm);
      client.disconnect();
    },
  };
}
