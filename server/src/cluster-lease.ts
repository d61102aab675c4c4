import crypto from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * "Only one node runs this now": a Redis key taken with SET NX PX for about one interval of the task, so
 * of several nodes sharing a Redis one runs each scheduled round. Without Redis (one node) or while
 * Redis is unreachable every node runs it: the scheduled tasks are safe to run concurrently (rows are
 * claimed or deleted one by one), the lease only saves the duplicate work.
 */
export function clusterLease(redis: Redis | null, prefix: string) {
  const holder = crypto.randomUUID();
  return async (task: string, ttlMs: number): Promise<boolean> => {
    if (!redis) return true;
    try {
      const taken = await redis.set(`${prefix}:lease:${task}`, holder, 'PX', Math.max(ttlMs, 1000), 'NX');
      return taken === 'OK';
    } catch {
      return true;
    }
  };
}
