import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { GroupCommit, groupCommitOf, withGroupCommit } from './group-commit';
import { joinGroupCommit } from './native-sql';
import { openDatabase, type Database } from './orm';

interface Statement {
  all(...params: unknown[]): unknown[];
  run(...params: unknown[]): unknown;
}

interface Connection {
  prepare(sql: string): Statement;
  exec(sql: string): unknown;
  close(): unknown;
  __created?: number;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const Driver = require('libsql') as new (file: string) => Connection;

const closing: Array<() => unknown> = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

/** A database file with a table, its group-committing write connection (as the pool makes it) and a reader. */
function files(): { writer: Connection; group: GroupCommit; reader: Connection } {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'quire-group-')), 'g.db');
  const raw = new Driver(file);
  raw.exec('PRAGMA journal_mode = WAL');
  raw.exec('PRAGMA foreign_keys = ON');
  raw.exec('create table parent (id integer primary key)');
  raw.exec(
    'create table t (id integer primary key, v text, parent_id integer references parent (id) deferrable initially deferred)',
  );
  const writer = withGroupCommit(raw);
  const reader = new Driver(file);
  closing.push(
    () => reader.close(),
    () => writer.__created !== CLOSED && writer.close(),
  );
  return { writer, group: groupCommitOf(writer)!, reader };
}

/** What knex sends for a transaction's control statements (through `all`, as its libsql dialect does). */
const control = (connection: Connection, sql: 'BEGIN;' | 'COMMIT;' | 'ROLLBACK') =>
  connection.prepare(sql).all();
const insert = (connection: Connection, v: string, parentId: number | null = null) =>
  connection.prepare('insert into t (v, parent_id) values (?, ?)').run(v, parentId);
const values = (connection: Connection) =>
  (connection.prepare('select v from t order by id').all() as Array<{ v: string }>).map((row) => row.v);
/** Marks a connection a test closed itself. */
const CLOSED = -1;
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A transaction that joins the group: its promise settles when its changes are durable. */
function joined(writer: Connection, group: GroupCommit, v: string, parentId: number | null = null) {
  control(writer, 'BEGIN;');
  insert(writer, v, parentId);
  const durable = group.join()!;
  control(writer, 'COMMIT;');
  return durable;
}

describe('group commit of the embedded database', () => {
  it('commits transactions that joined in one COMMIT after the turn, and settles each then', async () => {
    const { writer, group, reader } = files();
    const settled: string[] = [];
    const a = joined(writer, group, 'a').then(() => settled.push('a'));
    const b = joined(writer, group, 'b').then(() => settled.push('b'));
    // Released, not committed: another connection sees neither yet, and neither caller went on.
    expect(values(reader)).toEqual([]);
    expect(group.pending).toBe(true);
    await Promise.all([a, b]);
    expect(settled).toEqual(['a', 'b']);
    expect(values(reader)).toEqual(['a', 'b']);
    expect(group.stats).toEqual({ commits: 1, members: 2 });
    expect(group.pending).toBe(false);
  });

  it('undoes only the member that rolls back', async () => {
    const { writer, group, reader } = files();
    const a = joined(writer, group, 'a');
    control(writer, 'BEGIN;');
    insert(writer, 'lost');
    control(writer, 'ROLLBACK');
    const c = joined(writer, group, 'c');
    await Promise.all([a, c]);
    expect(values(reader)).toEqual(['a', 'c']);
    expect(group.stats).toEqual({ commits: 1, members: 2 });
  });

  it('commits what waits before a statement outside a transaction runs', async () => {
    const { writer, group, reader } = files();
    let durable = false;
    const a = joined(writer, group, 'a').then(() => (durable = true));
    // A read in autocommit on the write connection: it must not see changes that are not durable yet.
    expect(values(writer)).toEqual(['a']);
    expect(values(reader)).toEqual(['a']);
    await a;
    expect(durable).toBe(true);
    expect(group.stats.commits).toBe(1);
  });

  it('commits a transaction that did not join at its COMMIT, with the members that wait', async () => {
    const { writer, group, reader } = files();
    const a = joined(writer, group, 'a');
    control(writer, 'BEGIN;');
    insert(writer, 'plain');
    control(writer, 'COMMIT;');
    // Its caller goes on after its COMMIT, as without group commits: durable now, and the member with it.
    expect(values(reader)).toEqual(['a', 'plain']);
    await a;
    expect(group.stats).toEqual({ commits: 1, members: 1 });
  });

  it('reports a COMMIT that fails to every member and leaves no transaction open', async () => {
    const { writer, group, reader } = files();
    const a = joined(writer, group, 'a');
    // A deferred foreign key is checked at the COMMIT: this member's row fails the whole group.
    const b = joined(writer, group, 'b', 42);
    await expect(a).rejects.toThrow(/FOREIGN KEY/);
    await expect(b).rejects.toThrow(/FOREIGN KEY/);
    expect(values(reader)).toEqual([]);
    // The connection works on: the next transaction begins afresh and commits.
    await joined(writer, group, 'c');
    expect(values(reader)).toEqual(['c']);
  });

  it('fails the COMMIT of a transaction that did not join when the group cannot commit, and its members', async () => {
    const { writer, group, reader } = files();
    const a = joined(writer, group, 'a');
    control(writer, 'BEGIN;');
    insert(writer, 'orphan', 42);
    expect(() => control(writer, 'COMMIT;')).toThrow(/FOREIGN KEY/);
    await expect(a).rejects.toThrow(/FOREIGN KEY/);
    expect(values(reader)).toEqual([]);
    expect(group.pending).toBe(false);
  });

  it('keeps the connection from being replaced while members wait, and commits them before it closes', async () => {
    const { writer, group, reader } = files();
    writer.__created = 0;
    void joined(writer, group, 'a');
    // The libsql dialect's pool replaces a connection whose `__created` is over 10 s old.
    expect(writer.__created).toBeGreaterThan(Date.now() - 10_000);
    writer.close();
    expect(values(reader)).toEqual(['a']);
    expect(writer.__created).toBe(0);
    writer.__created = CLOSED;
    await turn();
  });
});

describe('group commit through the ORM', () => {
  const opened: Database[] = [];
  afterEach(async () => {
    for (const db of opened.splice(0)) await db.close();
  });

  it('commits transactions of different requests that end in one turn once, each durable before its caller goes on', async () => {
    const db = await openDatabase({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'quire-group-orm-')) });
    opened.push(db);
    const reader = new Driver(db.orm.config.get('dbName') as string);
    closing.push(() => reader.close());
    const count = () => (reader.prepare('select count(*) as n from captcha').all()[0] as { n: number }).n;
    const before = count();
    let connection: object | null = null;
    /** A request's write, as `inTransaction` makes it with `groupCommit`: committed, then durable. */
    const write = async (code: string) => {
      const em = db.orm.em.fork();
      await em.begin();
      const trx = em.getTransactionContext() as { client: { acquireConnection(): Promise<object> } };
      await em
        .getConnection()
        .execute(
          `insert into captcha (created_at, code, expires_at) values (0, '${code}', 0)`,
          [],
          'run',
          trx,
        );
      connection ??= await trx.client.acquireConnection();
      const group = await joinGroupCommit(em);
      expect(group).not.toBeNull();
      await em.commit();
      // In an object: an async function would wait for a promise it returns.
      return { seen: group!.durable.then(count) };
    };
    // Requests whose transactions end before the event loop turns (as requests read from the sockets in
    // one turn do: the embedded database answers synchronously).
    const x = await write('x');
    const y = await write('y');
    expect(count()).toBe(before);
    // Once each caller goes on, every other connection sees both rows.
    expect(await Promise.all([x.seen, y.seen])).toEqual([before + 2, before + 2]);
    expect(groupCommitOf(connection!)!.stats).toEqual({ commits: 1, members: 2 });
  });
});
