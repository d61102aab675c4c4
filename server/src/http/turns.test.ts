// Issue #14: requests that run synchronously (the embedded database) must not run back to back in one loop
// phase: between turns the loop polls, so a fresh connection is answered. These tests check that order of
// events, not timings (the figures are the benchmark's stall probe).
import net from 'node:net';
import { afterEach, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerTurns, Turns } from './turns';

/** Keeps the thread busy, as a request does whose database answers synchronously. */
function busy(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // spinning on purpose
  }
}

describe('Turns', () => {
  it('hands out turns in arrival order', async () => {
    const turns = new Turns();
    const order: number[] = [];
    await Promise.all([1, 2, 3, 4, 5].map((n) => turns.take().then(() => order.push(n))));
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(turns.queued).toBe(0);
  });

  it('lets I/O callbacks run between turns whose work outlasts the target', async () => {
    const turns = new Turns(5);
    const events: string[] = [];
    // Twelve slow requests become ready at once.
    const requests = Array.from({ length: 12 }, (_, i) =>
      turns.take().then(() => {
        events.push(`turn ${i}`);
        busy(8);
      }),
    );
    // An I/O callback queued meanwhile: a connection that is waiting to be answered.
    const polled = new Promise<void>((resolve) => {
      const server = net.createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        const client = net.connect(port, '127.0.0.1', () => {
          events.push('connected');
          client.destroy();
          server.close();
          resolve();
        });
      });
    });
    await Promise.all([...requests, polled]);
    const connectedAt = events.indexOf('connected');
    // Without turns all twelve ran first; with them the connection is served after a few slow ones.
    expect(connectedAt).toBeGreaterThan(-1);
    expect(connectedAt).toBeLessThan(events.length - 1);
  });

  it('grows the batch while turns are cheap, so cheap requests are not held to one per iteration', async () => {
    const turns = new Turns(50);
    let iterations = 0;
    let counting = true;
    const tick = () => {
      iterations++;
      if (counting) setImmediate(tick);
    };
    setImmediate(tick);
    await Promise.all(Array.from({ length: 500 }, () => turns.take()));
    counting = false;
    // One per iteration would take 500 iterations; doubling batches take about log2(500) + a few.
    expect(iterations).toBeLessThan(50);
  });
});

describe('registerTurns', () => {
  let app: FastifyInstance | null = null;
  afterEach(async () => {
    await app?.close();
    app = null;
  });

  it('answers the health check while slow requests wait for their turns', async () => {
    app = Fastify();
    registerTurns(app, new Turns(5), (url) => url === '/healthz');
    const events: string[] = [];
    app.get('/slow', async () => {
      events.push('slow');
      busy(20);
      return { ok: true };
    });
    app.get('/healthz', async () => {
      events.push('healthz');
      return { status: 'ok' };
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const slow = Array.from({ length: 10 }, () => fetch(`${url}/slow`).then((r) => r.json()));
    // Sent once the slow ones are being served.
    await new Promise((resolve) => setTimeout(resolve, 30));
    const health = await fetch(`${url}/healthz`).then((r) => r.json());
    expect(health).toEqual({ status: 'ok' });
    expect(await Promise.all(slow)).toEqual(Array(10).fill({ ok: true }));
    const healthAt = events.indexOf('healthz');
    // Answered before the last slow request ran, not after all of them.
    expect(healthAt).toBeLessThan(events.length - 1);
  });
});
