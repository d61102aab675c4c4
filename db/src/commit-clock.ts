import type { EntityManager, MikroORM } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';
import { KeptResults, paramsKey } from './kept-results';

/**
 * Kept reads on MySQL/MariaDB (issue #14). The embedded database tells every connection that something
 * committed (`PRAGMA data_version`); MySQL has nothing like it, so a small read asked on most requests (an
 * item row, a menu version, a setting) cost a statement every time: ~0.25–0.3 ms of the server's CPU each.
 *
 * A commit clock is a token that every commit of every node changes, kept where every node reads it (Redis:
 * `redisCommitClock` in the server). Reads kept against it are right on every node:
 *
 * - This process sees every statement it sends (`watchWrites` wraps the pool's connections): when a write
 *   commits (a COMMIT after a write, or a write outside a transaction), its own count of commits moves at
 *   once, and it changes the shared token.
 * - The answer to the request that wrote waits until the token changed (`commitsSettling`): whatever a
 *   client asks after it, of any node, is asked after the change.
 * - A request reads the token once (per EntityManager, which is a request's fork) after it began, and keeps
 *   rows under the token and this process's count of commits: rows read after the token are at least as
 *   new as it says.
 *
 * Without a clock (no Redis), MySQL reads are not kept. A write that does not go through Quire (an
 * operator's SQL) moves no token: kept rows stay until the next commit of a Quire node.
 */
export interface CommitClockSource {
  /** The token now, read after the call (never an earlier answer); null when it cannot be read now. */
  read(): Promise<string | null>;
  /** Changes the token; rejects when it could not. */
  advance(): Promise<void>;
  /**
   * The token (as `read`) and the text stored at `key`, in one round trip: where rows too large to keep in
   * every process (a page's content) are kept for every node. Optional: without it they are not kept.
   */
  readShared?(key: string): Promise<[token: string | null, value: string | null]>;
  /** Stores `value` at `key` for a while (best effort: a failure is ignored). */
  putShared?(key: string, value: string): void;
}

/** A request's reading of the token is used for at most this long (an EntityManager kept longer than a request). */
const TOKEN_READING_MS = 1_000;
/** How long the answer to a write waits for the token to change before it goes anyway. */
const ADVANCE_WAIT_MS = 2_000;
/** Pause between attempts to change the token when Redis refused (until it takes it). */
const ADVANCE_RETRY_MS = 250;

interface TokenReading {
  local: number;
  at: number;
  token: Promise<string | null>;
}

/** The commit clock of one ORM, with the rows kept against it. */
export class CommitClock {
  /** Commits this process made (it moves before the committing caller goes on). */
  local = 0;
  /** Token changes not yet taken by the clock's source (a node reads through while there are any). */
  advancing = 0;
  private readonly settling = new Set<Promise<void>>();
  private readonly readings = new WeakMap<object, TokenReading>();
  private readonly results = new KeptResults();
  private closed = false;
  private unsent: Promise<string | null> | null = null;

  constructor(private readonly source: CommitClockSource) {}

  /** This process committed a write. */
  committed(): void {
    this.local++;
    this.advancing++;
    let first = true;
    const attempt = (): Promise<void> =>
      this.source.advance().then(
        () => {
          this.advancing--;
        },
        (err: unknown) => {
          if (first) {
            first = false;
            console.warn(`commit clock: the shared token did not change (${String(err)}); retrying`);
          }
          if (this.closed) {
            this.advancing--;
            return;
          }
          // Until it changes, this node reads through; other nodes keep what they read before the commit.
          setTimeout(() => void attempt(), ADVANCE_RETRY_MS).unref();
        },
      );
    const settled = attempt();
    this.settling.add(settled);
    void settled.finally(() => this.settling.delete(settled));
  }

  /** Settles when every token change asked so far was taken (or after a bounded wait); null when none is pending. */
  settlingNow(): Promise<void> | null {
    if (this.settling.size === 0) return null;
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ADVANCE_WAIT_MS);
    });
    return Promise.race([Promise.all(this.settling).then(() => undefined), waited]).finally(() =>
      clearTimeout(timer),
    );
  }

  /** The version kept rows are valid for in this request (`owner`: its EntityManager); null: do not keep. */
  async versionFor(owner: object): Promise<string | null> {
    if (this.advancing > 0) return null;
    const local = this.local;
    let reading = this.readings.get(owner);
    const now = Date.now();
    if (!reading || reading.local !== local || now - reading.at > TOKEN_READING_MS) {
      reading = { local, at: now, token: this.nextReading() };
      this.readings.set(owner, reading);
    }
    const token = await reading.token;
    return token === null || this.advancing > 0 ? null : `${token}|${local}`;
  }

  /**
   * The row of `read()` kept in the clock's store under `key` with the token it was read under, for every
   * node: given while the token is the same. A row read after the token is at least as new as it says; one
   * read across this process's own commit is not stored.
   */
  async shared<T extends object>(owner: object, key: string, read: () => Promise<T | undefined>) {
    const { source } = this;
    if (!source.readShared || !source.putShared || this.advancing > 0) return read();
    const local = this.local;
    const [token, value] = await source.readShared(key).catch(() => [null, null] as const);
    if (token === null) return read();
    this.readings.set(owner, { local, at: Date.now(), token: Promise.resolve(token) });
    if (value !== null && this.advancing === 0 && this.local === local) {
      const kept = parseShared(value);
      if (kept?.v === token) return kept.row as T;
    }
    const row = await read();
    if (row !== undefined && this.advancing === 0 && this.local === local)
      source.putShared(key, JSON.stringify({ v: token, row }));
    return row;
  }

  /**
   * The token as read by the next reading sent: requests that ask before it is sent share it (it is sent
   * after each of them began, so it is as good as their own), one round trip for all of them.
   */
  private nextReading(): Promise<string | null> {
    if (this.unsent) return this.unsent;
    const reading = new Promise<string | null>((resolve) => {
      setImmediate(() => {
        this.unsent = null;
        this.source.read().then(resolve, () => resolve(null));
      });
    });
    this.unsent = reading;
    return reading;
  }

  /** Rows of `read()` kept under `version` (frozen and shared). */
  async rows(version: string, sql: string, params: readonly unknown[], read: () => Promise<object[]>) {
    const key = paramsKey(params);
    return this.results.find(version, sql, key) ?? this.results.keep(version, sql, key, await read());
  }

  close(): void {
    this.closed = true;
  }
}

function parseShared(value: string): { v: string; row: unknown } | null {
  try {
    const parsed = JSON.parse(value) as { v?: unknown; row?: unknown };
    return typeof parsed.v === 'string' && parsed.row !== null && typeof parsed.row === 'object'
      ? { v: parsed.v, row: parsed.row }
      : null;
  } catch {
    return null;
  }
}

const clocks = new WeakMap<object, CommitClock>();

/** The commit clock of the ORM `em` belongs to; null when it has none (kept reads are then plain reads). */
export function commitClockOf(em: EntityManager): CommitClock | null {
  return clocks.get(em.getDriver()) ?? null;
}

/**
 * Gives a MySQL/MariaDB ORM a commit clock: from now on its small reads are kept against `source`, and every
 * commit through its pool changes the token. Call once, before the ORM serves requests.
 */
export function useCommitClock(orm: MikroORM, source: CommitClockSource): CommitClock {
  const em = orm.em as SqlEntityManager;
  const clock = new CommitClock(source);
  watchWrites(em.getConnection().getKnex().client as KnexClient, () => clock.committed());
  clocks.set(em.getDriver(), clock);
  return clock;
}

/** Settles once the token changes asked by this process's commits so far were taken; null when none is pending. */
export function commitsSettling(orm: MikroORM): Promise<void> | null {
  return clocks.get(orm.em.getDriver())?.settlingNow() ?? null;
}

/** Stops retrying token changes (the ORM closes). */
export function closeCommitClock(orm: MikroORM): void {
  const driver = orm.em.getDriver();
  clocks.get(driver)?.close();
  clocks.delete(driver);
}

type QueryCallback = (err: Error | null, ...rest: unknown[]) => void;

interface RawConnection {
  query(...args: unknown[]): unknown;
}

interface KnexClient {
  acquireConnection(): Promise<RawConnection>;
}

/** What a statement does to the data, as far as a kept read cares. */
export type StatementKind = 'begin' | 'commit' | 'rollback' | 'read' | 'write';

const LEADING_COMMENTS = /^(?:\s+|\/\*[\s\S]*?\*\/|--[^\n]*\n|#[^\n]*\n)*/;

/**
 * The kind of a statement (MySQL/MariaDB), by its first words. Anything not known to be a read is a write,
 * and several statements in one text are one write: a wrong guess costs kept rows, never a stale one.
 */
export function statementKind(sql: string): StatementKind {
  const text = sql.replace(LEADING_COMMENTS, '');
  const words = /^([A-Za-z]+)(?:\s+([A-Za-z]+))?/.exec(text);
  const first = words?.[1]?.toLowerCase();
  const second = words?.[2]?.toLowerCase();
  const single = !/;\s*\S/.test(text);
  switch (first) {
    case 'begin':
      return single ? 'begin' : 'write';
    case 'start':
      return single && second === 'transaction' ? 'begin' : 'write';
    case 'commit':
      return single ? 'commit' : 'write';
    case 'rollback':
      return second === 'to' ? 'read' : 'rollback';
    case 'set':
      return single && !/autocommit/i.test(text) ? 'read' : 'write';
    case 'select':
    case 'show':
    case 'explain':
    case 'describe':
    case 'desc':
    case 'savepoint':
    case 'release':
    case 'kill':
      return single ? 'read' : 'write';
    case 'with':
      return single && !/\b(insert|update|delete|replace)\b/i.test(text) ? 'read' : 'write';
    default:
      return 'write';
  }
}

const watched = new WeakSet<object>();

/**
 * Wraps every connection `client` hands out so that `onCommit` runs, before the caller goes on, when a
 * write committed on it: a COMMIT of a transaction that wrote, or a write outside one. A failed COMMIT or
 * write counts too (its outcome may be unknown).
 */
function watchWrites(client: KnexClient, onCommit: () => void): void {
  const acquire = client.acquireConnection.bind(client);
  client.acquireConnection = async () => {
    const connection = await acquire();
    if (!watched.has(connection)) {
      watched.add(connection);
      watchConnection(connection, onCommit);
    }
    return connection;
  };
}

function watchConnection(connection: RawConnection, onCommit: () => void): void {
  const query = connection.query.bind(connection);
  let inTransaction = false;
  let wrote = false;
  const done = (kind: StatementKind, failed: boolean) => {
    switch (kind) {
      case 'begin':
        if (!failed) {
          inTransaction = true;
          wrote = false;
        }
        return;
      case 'commit':
        if (wrote) onCommit();
        inTransaction = false;
        wrote = false;
        return;
      case 'rollback':
        inTransaction = false;
        wrote = false;
        return;
      case 'write':
        if (inTransaction) wrote = true;
        else onCommit();
        return;
      default:
        return;
    }
  };
  connection.query = (...args: unknown[]) => {
    const first = args[0];
    const sql = typeof first === 'string' ? first : String((first as { sql?: unknown } | null)?.sql ?? '');
    const kind = statementKind(sql);
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = ((err: Error | null, ...rest: unknown[]) => {
        done(kind, err !== null && err !== undefined);
        (callback as QueryCallback)(err, ...rest);
      }) as QueryCallback;
      return query(...args);
    }
    // A streamed query (no callback): its end says it ran.
    const running = query(...args) as { once?(event: string, listener: () => void): void };
    let ended = false;
    const end = (failed: boolean) => {
      if (ended) return;
      ended = true;
      done(kind, failed);
    };
    running.once?.('end', () => end(false));
    running.once?.('error', () => end(true));
    return running;
  };
}
