// One request on a fresh connection, for the bench (run.mjs) and its separate-process probe (fresh-probe.mjs).
import http from 'node:http';
import { performance } from 'node:perf_hooks';

/** One request on a fresh connection (no keep-alive): status, text, parsed JSON (or null) and milliseconds. */
export function send(base, request) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const url = new URL(request.path, base);
    const req = http.request(
      url,
      { method: request.method, headers: { ...request.headers, connection: 'close' }, agent: false },
      (res) => readAnswer(res, started).then(resolve, reject),
    );
    req.on('error', reject);
    if (request.body !== undefined) req.end(request.body);
    else req.end();
  });
}

/** A response's status, text, parsed JSON (or null) and the milliseconds since `started`. */
export function readAnswer(res, started) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    res.on('data', (c) => chunks.push(c));
    res.on('error', reject);
    res.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let json = null;
      try {
        json = JSON.parse(text);
      } catch {
        // reported by the caller
      }
      resolve({ status: res.statusCode, text, json, ms: performance.now() - started });
    });
  });
}
