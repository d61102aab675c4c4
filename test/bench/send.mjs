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

const DECODERS = {
  br: [zlib.brotliDecompressSync, zlib.constants.BROTLI_OPERATION_FLUSH],
  gzip: [zlib.gunzipSync, zlib.constants.Z_SYNC_FLUSH],
  deflate: [zlib.inflateSync, zlib.constants.Z_SYNC_FLUSH],
};

/** Whether `decompress` reads `encoding`. */
export const canDecompress = (encoding) => Object.hasOwn(DECODERS, encoding);

/**
 * `bytes` of a body sent with `encoding`, decompressed; with `partial`, the first bytes of a body give the
 * start of its text (a flush instead of the end of the stream). Throws for an encoding it does not know.
 */
export function decompress(encoding, bytes, { partial = false } = {}) {
  if (!canDecompress(encoding)) throw new Error(`content-encoding ${encoding}: the bench does not decode it`);
  const [decode, flush] = DECODERS[encoding];
  return partial ? decode(bytes, { finishFlush: flush }) : decode(bytes);
}

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
        text = (encoding ? decompress(encoding, body) : body).toString('utf8');
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
