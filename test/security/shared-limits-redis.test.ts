// Issue #15: with REDIS_URL set, every node counts the same attempts, so an attacker cannot spread a
// burst over the nodes behind a load balancer. Two servers on one database and one (real) Redis.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { clientAt } from '../support/client-address';
import { buildUser, DEFAULT_PASSWORD } from '../support/factories';
import { scratchMysqlUrl, testDatabases } from '../support/mysql';
import { startTestServer, TEST_CAPTCHA, type TestServer } from '../support/server';
import { api, expectError, expectOk } from '../compat/wire-helpers';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe.each(testDatabases())('rate limits shared through Redis on $name', (target) => {
  let first: TestServer;
  let second: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-sec-redis-'));
    const databaseUrl = target.url ? await scratchMysqlUrl(target.url, 'sec_redis_shared') : undefined;
    // A prefix of this run's own: other runs on the same Redis keep their counts apart.
    const shared = {
      dataDir,
      databaseUrl,
      redisUrl: REDIS_URL,
      redisPrefix: `quire-test-${crypto.randomUUID()}`,
    };
    first = await startTestServer(target, `sec_redis_a_${target.name}`, shared);
    second = await startTestServer(target, `sec_redis_b_${target.name}`, shared);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const login = (server: TestServer, address: string, username: string, password: string) =>
    clientAt(server, address).form(api('user/login'), { username, password, captcha: TEST_CAPTCHA });

  it('refuses on one node the address that failed on the other, and lets the owner in elsewhere', async () => {
    const victim = await buildUser(first.db.orm.em.fork());
    const attacker = '127.0.2.1';
    for (let i = 0; i < 3; i++)
      expectError(await login(first, attacker, victim.username, `wrong-${i}`), 10210);
    for (let i = 3; i < 5; i++)
      expectError(await login(second, attacker, victim.username, `wrong-${i}`), 10210);
    // Five failures in all: the sixth attempt is refused on either node, right password or not.
    expectError(await login(first, attacker, victim.username, DEFAULT_PASSWORD), 10204);
    expectError(await login(second, attacker, victim.username, DEFAULT_PASSWORD), 10204);
    const viaGraphQL = await clientAt(second, attacker).graphql(
      'mutation L($input: LoginInput!) { login(input: $input) { token } }',
      { input: { login: victim.username, password: DEFAULT_PASSWORD, captchaId: 0, captcha: TEST_CAPTCHA } },
    );
    expect(viaGraphQL.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');

    expect(expectOk(await login(second, '127.0.2.2', victim.username, DEFAULT_PASSWORD)).username).toBe(
      victim.username,
    );
  });
});
