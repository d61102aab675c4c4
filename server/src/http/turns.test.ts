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

/** Counts the event loop's iterations (one setImmediate each) until `stop`. */
function loopIterations(): { readonly count: number; stop(): void } {
  let count = 0;
  let counting = true;
  const tick = () => {
    count++;
    if (counting) setImmediate(tick);
  };
  setImmediate(tick);
  return {
    get count() {
      return count;
    },
    stop: () => void (counting = false),
  };
}

describe('Turns', () => {
  it('hands out turns in arrival order', async () => {
    const turns = new Turns(10);
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

  it("puts a connection's first request before the others, alternating while both wait", async () => {
    const turns = new Turns(10);
    const order: string[] = [];
    const take = (name: string, first: boolean) => turns.take(first).then(() => order.push(name));
    await Promise.all([
      take('k1', false),
      take('k2', false),
      take('k3', false),
      take('k4', false),
      take('f1', true),
      take('f2', true),
    ]);
    expect(order).toEqual(['f1', 'k1', 'f2', 'k2', 'k3', 'k4']);
  });

  it('grows the batch while turns are cheap, so cheap requests are not held to one per iteration', async () => {
    const turns = new Turns(50);
    const iterations = loopIterations();
    await Promise.all(Array.from({ length: 500 }, () => turns.take()));
    iterations.stop();
    // One per iteration would take 500 iterations; doubling batches take about log2(500) + a few.
    expect(iterations.count).toBeLessThan(50);
  });

  it('keeps batches to the target when every batch empties the queue and the next requests arrive after it', async () => {
    // Keep-alive readers: each sends its next request once answered, so every batch takes the whole queue
    // and the next requests arrive in a later loop iteration (the stall probe's 32 readers).
    const turns = new Turns(10);
    const iterations = loopIterations();
    const perIteration = new Map<number, number>();
    const request = async () => {
      await turns.take();
      perIteration.set(iterations.count, (perIteration.get(iterations.count) ?? 0) + 1);
      busy(4);
    };
    for (let round = 0; round < 12; round++) {
      await Promise.all(Array.from({ length: 16 }, request));
      await new Promise((resolve) => setImmediate(resolve));
    }
    iterations.stop();
    // 4 ms each against a 10 ms target: two or three per iteration, never the whole queue of 16.
    expect(Math.max(...perIteration.values())).toBeLessThanOrEqual(3);
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
    const SLOW = 20;
    // Raw connections, all open and accepted first, so that the 20 slow requests are written in one tick
    // and become readable in the same loop iteration: without turns that iteration runs them back to back,
    // whatever the machine's load. The first of them sends the health check on a connection of its own.
    const sockets: net.Socket[] = [];
    app.get('/slow', async () => {
      if (events.length === 0) sockets[SLOW]!.write('GET /healthz HTTP/1.1\r\nHost: quire\r\n\r\n');
      events.push('slow');
      busy(20);
      return { ok: true };
    });
    app.get('/healthz', async () => {
      events.push('healthz');
      return { status: 'ok' };
    });
    let accepted = 0;
    app.server.on('connection', () => accepted++);
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(url).port);
    const answers = Array.from({ length: SLOW + 1 }, async (_, i) => {
      const socket = await new Promise<net.Socket>((resolve) => {
        const opened = net.connect(port, '127.0.0.1', () => resolve(opened));
      });
      sockets[i] = socket;
      return new Promise<void>((resolve) => {
        let text = '';
        socket.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          if (/"ok":true|"status":"ok"/.test(text)) resolve();
        });
      });
    });
    while (accepted < SLOW + 1 || sockets.filter(Boolean).length < SLOW + 1) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    for (const socket of sockets.slice(0, SLOW)) socket.write('GET /slow HTTP/1.1\r\nHost: quire\r\n\r\n');
    await Promise.all(answers);
    for (const socket of sockets) socket.destroy();
    const healthAt = events.indexOf('healthz');
    // Answered between two slow turns, long before the last of them (without turns: after all of them).
    expect(healthAt).toBeGreaterThan(0);
    expect(healthAt).toBeLessThan(events.length - 5);
  });
  it('serves a fresh connection before the requests of busy keep-alive connections', async () => {
    app = Fastify();
    registerTurns(app, new Turns(5), (url) => url === '/healthz');
    const served: string[] = [];
    app.get('/work', async (request) => {
      served.push(String((request.query as { who?: string }).who));
      busy(10);
      return { ok: true };
    });
    let accepted = 0;
    app.server.on('connection', () => accepted++);
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(url).port);
    const KEPT = 8;
    const sockets = await Promise.all(
      Array.from(
        { length: KEPT + 1 },
        () =>
          new Promise<net.Socket>((resolve) => {
            const opened = net.connect(port, '127.0.0.1', () => resolve(opened));
          }),
      ),
    );
    while (accepted < KEPT + 1) await new Promise((resolve) => setTimeout(resolve, 5));
    const answered = (socket: net.Socket, count: number) =>
      new Promise<void>((resolve) => {
        let seen = 0;
        const onData = (chunk: Buffer) => {
          seen += chunk.toString().split('"ok":true').length - 1;
          if (seen >= count) {
            socket.off('data', onData);
            resolve();
          }
        };
        socket.on('data', onData);
      });
    const request = (who: string) => `GET /work?who=${who} HTTP/1.1\r\nHost: quire\r\n\r\n`;
    // The keep-alive connections have been served once already.
    const warmed = sockets.slice(0, KEPT).map((socket) => answered(socket, 1));
    sockets.slice(0, KEPT).forEach((socket, i) => socket.write(request(`warm${i}`)));
    await Promise.all(warmed);
    served.length = 0;
    // Their next requests and a fresh connection's first one arrive together.
    const done = sockets.map((socket) => answered(socket, 1));
    sockets.slice(0, KEPT).forEach((socket, i) => socket.write(request(`kept${i}`)));
    sockets[KEPT]!.write(request('fresh'));
    await Promise.all(done);
    for (const socket of sockets) socket.destroy();
    // In arrival order it would come last, after every busy connection's turn.
    expect(served).toHaveLength(KEPT + 1);
    expect(served.indexOf('fresh')).toBeLessThan(2);
  });
});
