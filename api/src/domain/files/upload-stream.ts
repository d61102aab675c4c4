import { Readable } from 'node:stream';
import { DomainError } from '../errors';

/**
 * The first `headBytes` of an upload (for sniffing its type) and a stream of all of it, counting bytes as
 * they pass: past `maxBytes` the stream fails with FileTooLarge, so an oversized file is refused while it
 * arrives, never after it was buffered or stored.
 */
export async function openUpload(
  source: Readable,
  maxBytes: number,
  headBytes: number,
): Promise<{ head: Buffer; body: Readable }> {
  const chunks = source[Symbol.asyncIterator]();
  const collected: Buffer[] = [];
  let total = 0;
  let ended = false;
  const take = (chunk: unknown): Buffer => {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    total += buffer.length;
    if (total > maxBytes) throw new DomainError('FileTooLarge');
    return buffer;
  };
  while (total < headBytes) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    collected.push(take(next.value));
  }
  const head = Buffer.concat(collected);
  async function* all(): AsyncGenerator<Buffer> {
    if (head.length) yield head;
    if (ended) return;
    for (;;) {
      const next = await chunks.next();
      if (next.done) return;
      yield take(next.value);
    }
  }
  return { head, body: Readable.from(all(), { objectMode: false }) };
}
