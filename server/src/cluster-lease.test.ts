import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { clusterLease } from './cluster-lease';

const url = process.env.REDIS_URL?.trim() || 'redis://127.0.0.1:6379';

describe('the cluster lease of scheduled tasks', () => {
  let a: Redis | null = null;
  let b: Redis | null = null;
  let reachable = false;
  const prefix = `quire-lease-test-${process.pid}-${Date.now()}`;

  beforeAll(async () => {
    a = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
    b = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
    reachable = await a
      .connect()
      .then(() => b!.connect())
      .then(() => true)
      .catch(() => false);
    if (!reachable) console.warn(`cluster lease test SKIPPED: no Redis at ${url}`);
  });
  afterAll(async () => {
    if (reachable) await a!.del(`${prefix}:lease:purge`);
    a?.disconnect();
    b?.disconnect();
  });

  it('lets one of two nodes run a round, and the other once the round has passed', async () => {
    if (!reachable) return;
    const nodeA = clusterLease(a, prefix);
    const nodeB = clusterLease(b, prefix);
    const both = await Promise.all([nodeA('purge', 1000), nodeB('purge', 1000)]);
    expect(both.filter(Boolean)).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await nodeB('purge', 1000)).toBe(true);
  });

  it('runs every round on a node without Redis', async () => {
    const alone = clusterLease(null, prefix);
    expect(await alone('purge', 1000)).toBe(true);
    expect(await alone('purge', 1000)).toBe(true);
  });
});
