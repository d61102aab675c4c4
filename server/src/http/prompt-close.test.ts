// A server closes promptly (issue #19: the round-trip test's server took ~70 s to close on MariaDB): a
// keep-alive connection whose response was still ending when the close began is dropped once it ends,
// instead of staying open for the keep-alive timeout.
import { afterEach, expect, test } from '@jest/globals';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closePromptly } from './prompt-close';

const KEEP_ALIVE_MS = 60_000;
const servers: http.Server[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.closeAllConnections()));

/** A server whose answers send every byte of a declared length at once and end `endAfterMs` later. */
async function lateEndingServer(endAfterMs: number): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-length': '5' });
    response.write('hello');
    setTimeout(() => response.end(), endAfterMs);
  });
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

/** Reads one answer over a keep-alive connection, which the client then keeps for the next request. */
async function fetchKeepingAlive(url: string, agent: http.Agent): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => {
          body += chunk.toString();
          if (body.length === 5) resolve(body); // all declared bytes: the client is done
        });
      })
      .on('error', reject);
  });
}

/** Closes the server, resolving with how long it took, or with `limitMs` if it is still open then. */
async function closeTime(server: http.Server, limitMs: number): Promise<number> {
  const started = Date.now();
  return new Promise((resolve) => {
    const limit = setTimeout(() => resolve(limitMs), limitMs);
    server.close(() => {
      clearTimeout(limit);
      resolve(Date.now() - started);
    });
  });
}

test('a connection whose response ends after the close began is dropped when it ends', async () => {
  const { server, url } = await lateEndingServer(200);
  const beginClose = closePromptly(server);
  const agent = new http.Agent({ keepAlive: true });
  expect(await fetchKeepingAlive(url, agent)).toBe('hello');
  beginClose();
  // Without the switch this connection holds the close for the keep-alive timeout (60 s here).
  expect(await closeTime(server, 5_000)).toBeLessThan(5_000);
  agent.destroy();
});

test('without it, the same connection holds the close (what the switch is for)', async () => {
  const { server, url } = await lateEndingServer(200);
  const agent = new http.Agent({ keepAlive: true });
  expect(await fetchKeepingAlive(url, agent)).toBe('hello');
  expect(await closeTime(server, 1_500)).toBe(1_500);
  agent.destroy();
});
