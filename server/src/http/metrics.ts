import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { AbstractSqlConnection } from '@mikro-orm/knex';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { searchIndexBacklog, type Database } from '../../../db/src';

interface TarnPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

const sameToken = (given: string, expected: string) => {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
};

/**
 * Prometheus metrics at `/metrics` (issue #23), only when QUIRE_METRICS_TOKEN is set and only for a
 * request that carries it (`Authorization: Bearer …`): request counts and latencies per route, Node's
 * own metrics (event-loop delay, heap, GC), the database pool, and the Redis connection.
 */
export function registerMetrics(
  app: FastifyInstance,
  options: { token: string; db: Database; redis: Redis | null },
): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'quire_' });
  const requests = new Counter({
    name: 'quire_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'quire_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const pool = () =>
    (options.db.orm.em.getConnection() as AbstractSqlConnection).getKnex().client.pool as
      TarnPool | undefined;
  new Gauge({
    name: 'quire_db_pool_connections',
    help: 'Database pool connections by state (used, free, pending acquires)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const p = pool();
      if (!p) return;
      this.set({ state: 'used' }, p.numUsed());
      this.set({ state: 'free' }, p.numFree());
      this.set({ state: 'pending' }, p.numPendingAcquires());
    },
  });
  new Gauge({
    name: 'quire_search_index_backlog_pages',
    help: 'Pages saved whose text the search index does not hold yet (search reads them itself meanwhile)',
    registers: [registry],
    async collect() {
      const backlog = await searchIndexBacklog(options.db.orm.em.fork()).catch(() => null);
      if (backlog !== null) this.set(backlog);
    },
  });
  if (options.redis) {
    const redis = options.redis;
    new Gauge({
      name: 'quire_redis_connected',
      help: '1 while the Redis connection (shared rate-limit counters) is ready, else 0',
      registers: [registry],
      collect() {
        this.set(redis.status === 'ready' ? 1 : 0);
      },
    });
  }

  // A callback hook, not an async one: no promise per answer (issue #14).
  app.addHook('onResponse', (request, reply, done) => {
    // The route pattern, never the raw URL: ids and keys would make a series per page.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    done();
  });

  app.get('/metrics', async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!given || !sameToken(given, options.token)) {
      return reply.code(401).send({ error: 'Unauthorized', message: 'metrics need the bearer token' });
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
