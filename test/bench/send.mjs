// One request on a fresh connection, for the bench (run.mjs) and its separate-process probe (fresh-probe.mjs).
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';

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

const DECODE = {
  br: zlib.brotliDecompressSync,
  gzip: zlib.gunzipSync,
  deflate: zlib.inflateSync,
};

/**
 * A response's status, text (decompressed when it came compressed), parsed JSON (or null), the bytes that
 * came over the wire, the content encoding and the milliseconds since `started`.
 */
export function readAnswer(res, started) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    res.on('data', (c) => chunks.push(c));
    res.on('error', reject);
    res.on('end', () => {
      const body = Buffer.concat(chunks);
      const encoding = res.headers['content-encoding'] ?? null;
      let text;
      try {
        if (encoding && !DECODE[encoding]) throw new Error('the bench does not decode it');
        text = (encoding ? DECODE[encoding](body) : body).toString('utf8');
      } catch (error) {
        reject(new Error(`answer with content-encoding ${encoding}: ${error.message}`));
        return;
      }
      let json = null;
      try {
        json = JSON.parse(text);
      } catch {
        // reported by the caller
      }
      resolve({
        status: res.statusCode,
        text,
        json,
        wireBytes: body.length,
        encoding,
        ms: performance.now() - started,
      });
    });
  });
}
