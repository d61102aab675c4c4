import { Readable } from 'node:stream';
import { DomainError } from '../errors';

export interface OpenedUpload {
  head: Buffer;
  /** All of the file, head included; fails with FileTooLarge past the limit. */
  body: Readable;
  /** Reads and drops what is left of the source, so the request carrying it can end. */
  drain(): Promise<void>;
}

/**
 * The first `headBytes` of an upload (for sniffing its type) and a stream of all of it, counting bytes as
 * they pass: past `maxBytes` the stream fails with FileTooLarge, so an oversized file is refused while it
 * arrives, never after it was buffered or stored.
 */
export async function openUpload(
  source: Readable,
  maxBytes: number,
  headBytes: number,
): Promise<OpenedUpload> {
  const chunks = source[Symbol.asyncIterator]();
  let total = 0;
  let ended = false;
  const next = async (): Promise<Buffer | null> => {
    if (ended) return null;
    const result = await chunks.next();
    if (result.done) {
      ended = true;
      return null;
    }
    const buffer = Buffer.isBuffer(result.value) ? result.value : Buffer.from(String(result.value));
    total += buffer.length;
    if (total > maxBytes) {
      await drain();
      throw new DomainError('FileTooLarge');
    }
    return buffer;
  };
  const drain = async (): Promise<void> => {
    try {
      while (!ended) {
        const result = await chunks.next();
        if (result.done) ended = true;
      }
    } catch {
      ended = true;
    }
  };

  const collected: Buffer[] = [];
  let size = 0;
  while (size < headBytes) {
    const chunk = await next();
    if (!chunk) break;
    collected.push(chunk);
    size += chunk.length;
  }
  const head = Buffer.concat(collected);
  async function* all(): AsyncGenerator<Buffer> {
    if (head.length) yield head;
    for (let chunk = await next(); chunk; chunk = await next()) yield chunk;
  }
  return { head, body: Readable.from(all(), { objectMode: false }), drain };
}

/** Drops a whole stream nobody will read (an upload refused before it was opened). */
export async function discard(source: Readable): Promise<void> {
  try {
    for await (const chunk of source) void chunk;
  } catch {
    // A broken upload is as good as a drained one here.
  }
}
