import { describe, expect, it } from '@jest/globals';
import { CommitClock, statementKind, type StatementKind } from './commit-clock';

describe('statementKind', () => {
  const cases: Array<[string, StatementKind]> = [
    ['select 1', 'read'],
    ['  /* a comment */ SELECT * from page where id = ?', 'read'],
    ['select * from page where id = ? for update', 'read'],
    ['with recursive chain (id) as (select 1) select * from chain', 'read'],
    ['with x as (select 1) delete from page where id in (select * from x)', 'write'],
    ['show tables', 'read'],
    ['set transaction isolation level read committed', 'read'],
    ['set autocommit = 0', 'write'],
    ['BEGIN;', 'begin'],
    ['start transaction', 'begin'],
    ['COMMIT;', 'commit'],
    ['ROLLBACK', 'rollback'],
    ['ROLLBACK TO SAVEPOINT trx2', 'read'],
    ['savepoint trx2', 'read'],
    ['release savepoint trx2', 'read'],
    ['insert into page (title) values (?)', 'write'],
    ['update item set last_update_at = ? where id = ?', 'write'],
    ['delete from page where id = ?', 'write'],
    ['replace into setting values (?, ?)', 'write'],
    ['create table t (id int)', 'write'],
    ['alter table t add column x int', 'write'],
    ['call something()', 'write'],
    ['select 1; delete from page', 'write'],
    ['', 'write'],
  ];
  it.each(cases)('%s is a %s', (sql, kind) => {
    expect(statementKind(sql)).toBe(kind);
  });
});

describe('CommitClock', () => {
  function clockWith(tokens: { value: string | null; fail?: boolean }) {
    let advances = 0;
    const clock = new CommitClock({
      read: async () => {
        if (tokens.fail) throw new Error('redis away');
        return tokens.value;
      },
      advance: async () => {
        advances++;
        if (tokens.fail) throw new Error('redis away');
        tokens.value = `t${advances}`;
      },
    });
    return { clock, advances: () => advances };
  }

  it('keeps rows per token and per own commit, and reads the token once per owner', async () => {
    const tokens = { value: 't0' as string | null };
    let reads = 0;
    const { clock } = clockWith(tokens);
    const owner = {};
    const read = async () => {
      reads++;
      return [{ n: reads }];
    };
    const v1 = await clock.versionFor(owner);
    expect(v1).toBe('t0|0');
    expect(await clock.rows(v1!, 'q', [1], read)).toEqual([{ n: 1 }]);
    expect(await clock.rows((await clock.versionFor(owner))!, 'q', [1], read)).toEqual([{ n: 1 }]);
    expect(await clock.rows(v1!, 'q', ['1'], read)).toEqual([{ n: 2 }]);
    // Another node changed the token: a new owner (request) reads it and no kept row.
    tokens.value = 'elsewhere';
    expect(await clock.versionFor(owner)).toBe('t0|0');
    const v2 = await clock.versionFor({});
    expect(v2).toBe('elsewhere|0');
    expect(await clock.rows(v2!, 'q', [1], read)).toEqual([{ n: 3 }]);
    // This process committed: until the token changed, nothing is kept; then the owner reads it again.
    clock.committed();
    expect(await clock.versionFor(owner)).toBeNull();
    await clock.settlingNow();
    expect(await clock.versionFor(owner)).toBe('t1|1');
  });

  it('shares a reading among requests that asked before it was sent, never one sent before they asked', async () => {
    let reads = 0;
    let token = 't0';
    const clock = new CommitClock({
      read: async () => {
        reads++;
        return token;
      },
      advance: async () => undefined,
    });
    const first = await Promise.all([clock.versionFor({}), clock.versionFor({}), clock.versionFor({})]);
    expect(first).toEqual(['t0|0', 't0|0', 't0|0']);
    expect(reads).toBe(1);
    // Another node changed the token after that reading was sent: a request asking now reads again.
    token = 't1';
    expect(await clock.versionFor({})).toBe('t1|0');
    expect(reads).toBe(2);
  });

  it('reads through while the token cannot be read or changed, and retries the change', async () => {
    const tokens = { value: 't0' as string | null, fail: true };
    const { clock, advances } = clockWith(tokens);
    expect(await clock.versionFor({})).toBeNull();
    clock.committed();
    await clock.settlingNow();
    expect(clock.advancing).toBe(1);
    tokens.fail = false;
    expect(await clock.versionFor({})).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(advances()).toBeGreaterThanOrEqual(2);
    expect(clock.advancing).toBe(0);
    expect(await clock.versionFor({})).toBe(`t${advances()}|1`);
    clock.close();
  });
});
