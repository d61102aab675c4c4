// A real HTTP server that receives webhooks for tests: records every request and answers with the next
// status of a script (then 200).
import http from 'node:http';

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** Statuses for the next requests, in order; afterwards every request gets 200. */
  answerWith(...statuses: number[]): void;
  waitFor(count: number, ms?: number): Promise<Received[]>;
  /** The first request to `path`, waiting up to `ms` for it; undefined if none came. */
  waitForPath(path: string, ms?: number): Promise<Received | undefined>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const script: number[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
        at: Date.now(),
      });
      response.statusCode = script.shift() ?? 200;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    answerWith: (...statuses) => void script.push(...statuses),
    async waitFor(count, ms = 8000) {
      const until = Date.now() + ms;
      while (received.length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
      return received;
    },
    async waitForPath(path, ms = 8000) {
      const until = Date.now() + ms;
      while (!received.some((r) => r.path === path) && Date.now() < until)
        await new Promise((r) => setTimeout(r, 25));
      return received.find((r) => r.path === path);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
