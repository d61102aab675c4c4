// The brief token → user cache (issue #14): a repeated token costs no query, and logout, a password
// change, the token's expiry and a change of the user row end the cached session on this node at once;
// another node's logout within SESSION_CACHE_MS (the bound the README documents).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AbstractSqlConnection } from '@mikro-orm/knex';
import { openDatabase, User, UserGroup, UserToken, type Database } from '../../../../db/src';
import { expectCode } from '../../../../test/support/domain-errors';
import { buildSession, buildUser } from '../../../../test/support/factories';
import { scratchMysqlUrl, testDatabases } from '../../../../test/support/mysql';
import { buildServices, type Services } from '../services';
import { Viewer } from '../viewer';
import { hashPassword } from './password';
import { SESSION_CACHE_MS } from './session-cache';
import { hashToken } from './token';

describe.each(testDatabases())('session cache on $name', (target) => {
  let dataDir: string;
  let nodeA: Database, nodeB: Database;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-session-cache-'));
    const url = target.url ? await scratchMysqlUrl(target.url, 'session_cache') : undefined;
    nodeA = await openDatabase({ url, dataDir });
    nodeB = await openDatabase({ url, dataDir });
  });
  afterAll(async () => {
    await nodeA?.close();
    await nodeB?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const request = (node: Database): Services => buildServices(node.orm.em.fork());

  async function userWithSession(days = 30): Promise<{ user: User; token: string }> {
    const em = nodeA.orm.em.fork();
    const user = await buildUser(em);
    return { user, token: await buildSession(em, user, days) };
  }

  /** The SQL statements `run` sends through `s`. */
  async function statements<T>(s: Services, run: () => Promise<T>): Promise<{ result: T; sqls: string[] }> {
    const knex = (s.em.getConnection() as AbstractSqlConnection).getKnex();
    const sqls: string[] = [];
    const listen = (query: { sql: string }) => void sqls.push(query.sql);
    knex.on('query', listen);
    try {
      return { result: await run(), sqls };
    } finally {
      knex.off('query', listen);
    }
  }

  it('answers a repeated token without a query, with the same user, and writes nothing back', async () => {
    const { user, token } = await userWithSession();
    const first = request(nodeA);
    const { sqls: firstSqls } = await statements(first, () => first.accounts.authenticate(token));
    expect(firstSqls).toHaveLength(1);

    const s = request(nodeA);
    const { result: cached, sqls } = await statements(s, async () => {
      const found = await s.accounts.authenticate(token);
      await s.em.flush();
      return found;
    });
    expect(sqls).toEqual([]);
    expect(cached.id).toBe(user.id);
    expect(cached.username).toBe(user.username);
    expect(cached.createdAt).toBeInstanceOf(Date);
    const stored = await nodeA.orm.em.fork().findOneOrFail(User, user.id);
    expect(cached.createdAt.getTime()).toBe(stored.createdAt.getTime());
    // A managed entity of this request: a change of it is written.
    cached.name = 'Cached Name';
    await s.em.flush();
    const fresh = request(nodeA);
    expect((await fresh.accounts.authenticate(token)).name).toBe('Cached Name');
  });

  it('signs a cached session in with its id and admin flag, and makes the user entity only when asked', async () => {
    const { user, token } = await userWithSession();
    const admin = await userWithSession();
    const adminEm = nodeA.orm.em.fork();
    await adminEm.nativeUpdate(User, { id: admin.user.id }, { groupId: UserGroup.Admin });
    for (const t of [token, admin.token]) await request(nodeA).accounts.signedIn(t);

    const s = request(nodeA);
    const { result: viewer, sqls } = await statements(s, () =>
      s.accounts.signedIn(token, undefined, '10.0.0.9'),
    );
    expect(sqls).toEqual([]);
    expect(viewer.sessionKey).toBe(hashToken(token));
    expect(viewer.ip).toBe('10.0.0.9');
    expect([viewer.userId, viewer.requireUserId(), viewer.isLoggedIn, viewer.isAdmin]).toEqual([
      user.id,
      user.id,
      true,
      false,
    ]);
    // The account reads (`me`, `user/info`) from memory too: nothing of the user is in the request's unit
    // of work until the entity is asked for.
    const account = viewer.requireAccount();
    expect([account.id, account.username, account.email, account.groupId, account.isSso]).toEqual([
      user.id,
      user.username,
      user.email,
      user.groupId,
      user.isSso,
    ]);
    const stored = await nodeA.orm.em.fork().findOneOrFail(User, user.id);
    expect(account.createdAt.getTime()).toBe(stored.createdAt.getTime());
    expect(s.em.getUnitOfWork().getById(User.name, user.id)).toBeUndefined();
    const withPassword = viewer.withVisitPassword('pw');
    expect([withPassword.userId, withPassword.visitPassword, withPassword.sessionKey]).toEqual([
      user.id,
      'pw',
      hashToken(token),
    ]);
    const entity = viewer.requireUser();
    expect(entity).toBe(s.em.getUnitOfWork().getById(User.name, user.id));
    expect([entity.id, entity.username]).toEqual([user.id, user.username]);
    expect(viewer.user).toBe(entity);
    // Once made, the entity is what the account reads: a write of this request shows.
    entity.name = 'Renamed In This Request';
    expect(viewer.requireAccount().name).toBe('Renamed In This Request');

    const a = request(nodeA);
    const adminViewer = await a.accounts.signedIn(admin.token);
    expect([adminViewer.userId, adminViewer.isAdmin]).toEqual([admin.user.id, true]);
    expect(a.em.getUnitOfWork().getById(User.name, admin.user.id)).toBeUndefined();
    expect(adminViewer.requireAdmin().id).toBe(admin.user.id);
  });

  it('refuses at once after logout on this node', async () => {
    const { token } = await userWithSession();
    const s = request(nodeA);
    const user = await s.accounts.authenticate(token);
    await s.accounts.logout(new Viewer(user, hashToken(token), ''));
    await expectCode(request(nodeA).accounts.authenticate(token), 'TokenInvalid');
  });

  it('refuses the other sessions at once after a password change on this node', async () => {
    const { user, token } = await userWithSession();
    const other = await buildSession(nodeA.orm.em.fork(), user);
    await request(nodeA).accounts.authenticate(other);
    const s = request(nodeA);
    const me = await s.accounts.authenticate(token);
    me.passwordHash = await hashPassword('old-password-1');
    await s.em.flush();
    const t = request(nodeA);
    const again = await t.accounts.authenticate(token);
    await t.accounts.changePassword(
      new Viewer(again, hashToken(token), ''),
      'old-password-1',
      'new-password-2',
    );
    await expectCode(request(nodeA).accounts.authenticate(other), 'TokenInvalid');
    expect((await request(nodeA).accounts.authenticate(token)).id).toBe(user.id);
  });

  it('refuses a cached token once it expires', async () => {
    const { token } = await userWithSession();
    await request(nodeA).accounts.authenticate(token);
    const row = await nodeA.orm.em.fork().findOneOrFail(UserToken, { tokenHash: hashToken(token) });
    const justAfter = new Date(row.expiresAt.getTime() + 1);
    await expectCode(request(nodeA).accounts.authenticate(token, justAfter), 'TokenInvalid');
  });

  it('sees a change of the user row made on this node at once', async () => {
    const { token } = await userWithSession();
    const s = request(nodeA);
    const user = await s.accounts.authenticate(token);
    await s.accounts.updateName(new Viewer(user, hashToken(token), ''), 'Renamed');
    expect((await request(nodeA).accounts.authenticate(token)).name).toBe('Renamed');
  });

  it("ends another node's cached session within SESSION_CACHE_MS of a logout", async () => {
    const { token } = await userWithSession();
    const now = Date.now();
    await request(nodeA).accounts.authenticate(token, new Date(now));
    const b = request(nodeB);
    const user = await b.accounts.authenticate(token);
    await b.accounts.logout(new Viewer(user, hashToken(token), ''));
    // Node B refuses at once; node A may still answer from memory, but not past the bound.
    await expectCode(request(nodeB).accounts.authenticate(token), 'TokenInvalid');
    await expectCode(
      request(nodeA).accounts.authenticate(token, new Date(now + SESSION_CACHE_MS + 1)),
      'TokenInvalid',
    );
  });
});
