// Issue #23: `/readyz` says whether this node can serve: database reachable, migrations done, Redis
// reachable when configured (`/healthz` stays the liveness probe the container checks).
import { afterAll, describe, expect, it } from '@jest/globals';
import { startTestServer, type TestServer } from '../support/server';
import { call } from '../compat/wire-helpers';

describe('readiness probe', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close();
  });

  it('is ready on a migrated database with a reachable Redis', async () => {
    const server = await startTestServer({ name: 'sqlite' }, 'mig_ready', {
      redisUrl: 'redis://127.0.0.1:6379',
      redisPrefix: `quire_h_mig_${process.pid}`,
    });
    servers.push(server);
    const answer = await call(server, '/readyz');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      status: 'ready',
      checks: { database: true, migrations: true, redis: true },
    });
  });

  it('is not ready while the configured Redis does not answer, yet stays alive', async () => {
    const server = await startTestServer({ name: 'sqlite' }, 'mig_unready', {
      redisUrl: 'redis://127.0.0.1:1',
      redisPrefix: `quire_h_mig_${process.pid}`,
    });
    servers.push(server);
    const answer = await call(server, '/readyz');
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({
      status: 'not ready',
      checks: { database: true, migrations: true, redis: false },
    });
    expect((await call(server, '/healthz')).status).toBe(200);
    // No token configured: no metrics endpoint at all.
    expect((await call(server, '/metrics')).status).toBe(404);
  });
});
