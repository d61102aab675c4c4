/**
 * Group commit for the embedded database's one write connection (issue #14). A page save's COMMIT was
 * its largest single cost on the event loop (~15 % of a save's busy time: the log's frames written with two
 * `pwrite`s each, and every ~65 commits a checkpoint), and libsql is synchronous, so saves of different
 * requests never overlap and cannot share it by themselves.
 *
 * A transaction that asks for it (`joinGroupCommit`, called before its commit) ends with a `RELEASE` of its
 * savepoint instead of a `COMMIT`, and the real transaction stays open for the next one, until the event
 * loop has handled what is ready (`setImmediate`): then one COMMIT makes every one of them durable at once,
 * and only then does each caller go on (its answer, its after-commit events). Saves that arrive together
 * share one commit and write each page of the log (an index's leaf, the history table's last page) once.
 *
 * What stays as it was:
 * - A transaction that did not ask commits at its COMMIT, and with it the group before it.
 * - Any other statement on the connection outside a transaction (a read or a write in autocommit) commits
 *   the group first: nothing ever reads or writes beside changes that are not yet durable.
 * - A member that rolls back undoes its own changes only (`ROLLBACK TO` its savepoint).
 * - Readers on other connections (the lean reader, the search index's thread, another process) see a
 *   member's changes at the group's commit, when its caller goes on: never before its answer, never after.
 * - A COMMIT that fails is reported to every member (their callers roll back their in-memory state).
 */

interface Statement {
  all(...params: unknown[]): unknown;
  run(...params: unknown[]): unknown;
  get(...params: unknown[]): unknown;
}

interface RawConnection {
  prepare(sql: string): unknown;
  exec(sql: string): unknown;
  close?(): unknown;
}

/** The savepoint of a transaction that began inside an open group (knex's own savepoints are `trx<N>`). */
const MEMBER = 'quire_group_member';

interface Member {
  /** Began inside the open group's transaction (a savepoint), or began it. */
  savepoint: boolean;
  /** Asked to be committed with the group; settles when its changes are durable. */
  joined: Deferred | null;
}

interface Deferred {
  promise: Promise<void>;
  resolve(): void;
  reject(err: unknown): void;
}

function deferred(): Deferred {
  let resolve!: () => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A member whose caller stopped waiting (it failed before its commit) must not report a rejection.
  promise.catch(() => {});
  return { promise, resolve, reject };
}

/** What a connection's group commits did (for tests). */
export interface GroupCommitStats {
  /** Real COMMITs that made transactions which joined a group durable. */
  commits: number;
  /** Transactions made durable by them. */
  members: number;
}

export class GroupCommit {
  /** A real transaction is open on the connection. */
  private open = false;
  /** The transaction running now (between its BEGIN and its COMMIT or ROLLBACK), if any. */
  private current: Member | null = null;
  /** Members that released their savepoint and wait for the group's COMMIT. */
  private waiting: Deferred[] = [];
  private scheduled = false;
  /** The scheduled commit came while a member was running: it commits when that member ends. */
  private due = false;
  readonly stats: GroupCommitStats = { commits: 0, members: 0 };

  constructor(private readonly connection: RawConnection) {}

  /** Members waiting for a commit: the connection must not be replaced meanwhile. */
  get pending(): boolean {
    return this.waiting.length > 0;
  }

  /**
   * Asks that the transaction running now be committed with the group; the promise settles once its changes
   * are durable (after the COMMIT that its caller's `commit` no longer sends). Null when no transaction runs.
   */
  join(): Promise<void> | null {
    if (!this.current) return null;
    this.current.joined ??= deferred();
    return this.current.joined.promise;
  }

  /** The statement `prepare` gives for `sql`, or null for one that runs as it is. */
  intercept(sql: string): Statement | null {
    switch (sql) {
      case 'BEGIN;':
        return control(() => this.begin());
      case 'COMMIT;':
        return control(() => this.commit());
      case 'ROLLBACK':
      case 'ROLLBACK;':
        return control(() => this.rollback());
      default:
        // A statement outside any transaction must not run beside changes that are not durable yet.
        if (!this.current && this.open) this.flush();
        return null;
    }
  }

  /**
   * Commits what waits now (before the connection closes, before a statement outside a transaction). A
   * COMMIT that fails is reported to the members that wait, and thrown when `rethrow` (the COMMIT of a
   * transaction that did not join: its caller must see it fail, as without group commits).
   */
  flush(rethrow = false): void {
    this.due = false;
    if (!this.open || this.current) return;
    const members = this.waiting;
    this.waiting = [];
    this.open = false;
    try {
      this.connection.exec('COMMIT');
    } catch (err) {
      try {
        this.connection.exec('ROLLBACK');
      } catch {
        // Already rolled back by SQLite (an I/O error ends the transaction).
      }
      for (const member of members) member.reject(err);
      if (rethrow) throw err;
      return;
    }
    if (members.length) {
      this.stats.commits++;
      this.stats.members += members.length;
    }
    for (const member of members) member.resolve();
  }

  private begin(): void {
    if (this.current) throw new Error('group commit: a transaction began inside another one');
    if (this.open) {
      this.connection.exec(`SAVEPOINT ${MEMBER}`);
      this.current = { savepoint: true, joined: null };
    } else {
      this.connection.exec('BEGIN');
      this.open = true;
      this.current = { savepoint: false, joined: null };
    }
  }

  private commit(): void {
    const member = this.end();
    if (member.savepoint) this.connection.exec(`RELEASE ${MEMBER}`);
    if (!member.joined) return this.flush(true);
    this.waiting.push(member.joined);
    // The turn's commit already came while this member ran: it commits now, else at the end of the turn.
    if (this.due) this.flush();
    else this.schedule();
  }

  private rollback(): void {
    const member = this.end();
    member.joined?.resolve();
    if (member.savepoint) {
      this.connection.exec(`ROLLBACK TO ${MEMBER}`);
      this.connection.exec(`RELEASE ${MEMBER}`);
    } else {
      this.open = false;
      this.connection.exec('ROLLBACK');
    }
    if (this.due) this.flush();
  }

  private end(): Member {
    const member = this.current;
    if (!member) throw new Error('group commit: no transaction to end');
    this.current = null;
    return member;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.due = true;
      this.flush();
    });
  }
}

/** A statement whose `all`, `run` and `get` do `work` (knex's transaction control runs through `all`). */
function control(work: () => void): Statement {
  return {
    all: () => (work(), []),
    run: () => (work(), { changes: 0, lastInsertRowid: 0 }),
    get: () => (work(), undefined),
  };
}

const groups = new WeakMap<object, GroupCommit>();

/**
 * Makes `connection` (the embedded database's write connection, as the pool creates it) commit in groups:
 * knex's `BEGIN;`, `COMMIT;` and `ROLLBACK` go through its `GroupCommit`. Wraps `prepare` (apply it over
 * `keepPreparedStatements`) and `close` (what waits is committed first).
 */
export function withGroupCommit<C extends RawConnection>(connection: C & { __created?: number }): C {
  const group = new GroupCommit(connection);
  const prepare = connection.prepare.bind(connection);
  connection.prepare = (sql: string) => group.intercept(sql) ?? prepare(sql);
  const close = connection.close?.bind(connection);
  if (close) {
    connection.close = () => {
      group.flush();
      return close();
    };
  }
  // The libsql dialect replaces a connection over 10 s old when the pool hands it out: never one whose
  // group still waits for its commit (closing it would roll the members back).
  let created = connection.__created ?? Date.now();
  Object.defineProperty(connection, '__created', {
    get: () => (group.pending ? Date.now() : created),
    set: (value: number) => {
      created = value;
    },
    configurable: true,
  });
  groups.set(connection, group);
  return connection;
}

/** The group commit of a driver connection, if it has one. */
export function groupCommitOf(connection: object): GroupCommit | null {
  return groups.get(connection) ?? null;
}
