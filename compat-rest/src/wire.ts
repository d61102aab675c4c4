import type { IncomingHttpHeaders } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import { SplicedJson, stringifySpliced } from '../../api/src/json-splice';

/**
 * ShowDoc's value typing at the REST boundary: database values travel as strings, times as unix
 * seconds (digit strings) or as local `YYYY-MM-DD HH:MM:SS` (Asia/Shanghai unless the configuration
 * says otherwise), NULL as null, and an empty object as `[]` (PHP arrays).
 */
export type Wire = string | number | boolean | null | RawJson | Wire[] | { [key: string]: Wire };

/**
 * JSON text made earlier (a large menu serialised once per menu version, issue #14), spliced as is into
 * the answer by `wireJson`, as UTF-8 bytes encoded once. Anywhere else (JSON.stringify of a value
 * holding one) it reads as its value.
 */
export class RawJson extends SplicedJson {
  /** Whole answers made around this text, by the text before and after it, most recent last. */
  private readonly answers = new Map<string, Buffer>();

  /**
   * `before` + this text + `after` as UTF-8 bytes, the same Buffer for the same text around it: the
   * answer is keyed by its whole text (the viewer's rights, counters and echoed ids are in `before` and
   * `after`), so it can never be anyone else's, and it lives as long as this text (one menu version).
   */
  answerAround(before: string, after: string): Buffer {
    // JSON text holds no raw U+0000: the key reads back as one before and one after.
    const key = `${before}\u0000${after}`;
    let answer = this.answers.get(key);
    if (answer) {
      this.answers.delete(key);
    } else {
      answer = Buffer.concat([Buffer.from(before, 'utf8'), this.bytes, Buffer.from(after, 'utf8')]);
      keptAnswers.add(answer);
      if (this.answers.size >= ANSWERS_KEPT) this.answers.delete(this.answers.keys().next().value!);
    }
    this.answers.set(key, answer);
    return answer;
  }

  protected value(): unknown {
    return JSON.parse(this.json);
  }
}

/**
 * JSON.stringify(value), with the text of each RawJson inside in its place: a string when there is
 * none, else the UTF-8 bytes (the raw parts' bytes are copied, not encoded again).
 */
export function wireJson(value: unknown): string | Buffer {
  const { text, pieces, parts } = stringifySpliced(value);
  if (!parts.length) return text;
  const [only] = parts;
  if (parts.length === 1 && only instanceof RawJson) return only.answerAround(pieces[0]!, pieces[1]!);
  const chunks: Buffer[] = [Buffer.from(pieces[0]!, 'utf8')];
  for (const [index, part] of parts.entries())
    chunks.push(part.bytes, Buffer.from(pieces[index + 1]!, 'utf8'));
  return Buffer.concat(chunks);
}

/**
 * Answers kept around one RawJson (per menu version): the viewers of one item differ in a few fields
 * (rights, unread count, echoed page ids), and each kept answer of a 2,000-page menu is ~300 kB.
 */
const ANSWERS_KEPT = 4;
const keptAnswers = new WeakSet<Buffer>();

/**
 * Marks `bytes` as a kept answer for `keptCompressed`: the caller keeps the same Buffer for the same text
 * (GraphQL's answers with kept menu texts, server.ts).
 */
export function keepAnswer(bytes: Buffer): Buffer {
  keptAnswers.add(bytes);
  return bytes;
}

/** Below this, answers go uncompressed (as the server's compression plugin leaves them). */
const COMPRESS_THRESHOLD = 1024;
type Encoding = 'br' | 'gzip';
const compressors: Record<Encoding, (bytes: Buffer) => Promise<Buffer>> = {
  // The server's compression plugin's settings (server.ts): Brotli quality 4, gzip at zlib's default.
  br: (bytes) =>
    promisify(zlib.brotliCompress)(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  gzip: (bytes) => promisify(zlib.gzip)(bytes),
};
const compressed = new WeakMap<Buffer, Map<Encoding, Promise<Buffer>>>();

/**
 * A kept answer (`wireJson`'s Buffer around a RawJson) compressed as the client accepts it, compressed
 * once per answer and encoding: compressing a 300 kB menu costs milliseconds per request (issue #14).
 * Null for any other answer, and whenever the client's preference is not plainly Brotli or gzip: the
 * server's compression plugin then decides as for every other answer.
 */
export async function keptCompressed(
  body: string | Buffer,
  headers: IncomingHttpHeaders,
): Promise<{ encoding: Encoding; bytes: Buffer } | null> {
  if (typeof body === 'string' || !keptAnswers.has(body) || body.length < COMPRESS_THRESHOLD) return null;
  if (headers['x-no-compression'] !== undefined) return null;
  const encoding = preferredEncoding(headers['accept-encoding']);
  if (!encoding) return null;
  let byEncoding = compressed.get(body);
  if (!byEncoding) compressed.set(body, (byEncoding = new Map()));
  let bytes = byEncoding.get(encoding);
  if (!bytes) {
    bytes = compressors[encoding](body);
    byEncoding.set(encoding, bytes);
    // A failed compression is not kept: the next request tries again, this one goes uncompressed.
    bytes.catch(() => byEncoding.delete(encoding));
  }
  try {
    return { encoding, bytes: await bytes };
  } catch {
    return null;
  }
}

/** The encodings of the server's compression plugin (@fastify/compress, server.ts), in its order of preference. */
export const COMPRESSION_ENCODINGS: ('br' | 'gzip' | 'deflate')[] = ['br', 'gzip', 'deflate'];

/**
 * Brotli or gzip when the compression plugin would choose it for this `Accept-Encoding` (its negotiator,
 * with `*` and `x-gzip` read as gzip as it reads them); else null, and the plugin decides as for every
 * other answer.
 */
export function preferredEncoding(header: string | string[] | undefined): Encoding | null {
  if (typeof header !== 'string' || !header.trim()) return null;
  const choice = negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), COMPRESSION_ENCODINGS);
  return choice === 'br' || choice === 'gzip' ? choice : null;
}

export const EMPTY: Wire = [];

/** A database-sourced value: always a string (`"12"`), null stays null. */
export function s(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? '1' : '0';
  return String(value);
}

export function sOrNull(value: string | number | null | undefined): string | null {
  return value === null || value === undefined ? null : String(value);
}

/** Unix seconds as a digit string (`"1795345394"`); no date is `"0"`. */
export function ts(date: Date | null | undefined): string {
  return date ? String(Math.floor(date.getTime() / 1000)) : '0';
}

/** ShowDoc's default: its servers run in China. */
export const DEFAULT_WIRE_TIME_ZONE = 'Asia/Shanghai';

const formatterFor = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });

// One zone per process (the composition root's APP_TIMEZONE): set when the plugin is mounted rather than
// threaded through every row presenter, which would change every presenter's signature for one setting.
let formatter = formatterFor(DEFAULT_WIRE_TIME_ZONE);

/** The zone of ShowDoc-format times; throws a RangeError for a zone Intl does not know. */
export function useWireTimeZone(timeZone: string): void {
  formatter = formatterFor(timeZone);
  offsets.clear();
}

const HOUR_MS = 3_600_000;
/** Hours whose offset is known: a year of them (a few hundred kB at most). */
const OFFSETS_KEPT = 24 * 366;

/** The zone's offset from UTC at `ms`, through Intl (whole seconds, as old local mean times have them). */
function offsetByIntl(ms: number): number {
  const parts = Object.fromEntries(formatter.formatToParts(ms).map((p) => [p.type, Number(p.value)]));
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour, parts.minute, parts.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** Offsets by UTC hour; null for an hour in which the zone changes its offset. */
const offsets = new Map<number, number | null>();

/**
 * The zone's offset at `ms`. Asking Intl costs ~10 µs, twice per page row (issue #14), and a zone keeps
 * one offset through almost every hour: an hour's offset, the same at its first and last second, is kept.
 */
function offsetAt(ms: number): number {
  const hour = Math.floor(ms / HOUR_MS);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const first = offsetByIntl(hour * HOUR_MS);
    offset = first === offsetByIntl(hour * HOUR_MS + HOUR_MS - 1000) ? first : null;
    if (offsets.size >= OFFSETS_KEPT) offsets.clear();
    offsets.set(hour, offset);
  }
  return offset ?? offsetByIntl(ms);
}

const two = (n: number) => String(n).padStart(2, '0');

/** The wall clock at `date` in the server's zone: `YYYY-MM-DD`, `HH:MM:SS` and the offset in ms. */
function wallClock(date: Date): { day: string; time: string; offset: number } {
  const offset = offsetAt(date.getTime());
  const wall = new Date(Math.floor(date.getTime() / 1000) * 1000 + offset);
  return {
    day: `${wall.getUTCFullYear()}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())}`,
    time: `${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}:${two(wall.getUTCSeconds())}`,
    offset,
  };
}

/** `YYYY-MM-DD HH:MM:SS` in the server's time zone; no date formats as the epoch, like ShowDoc's 0. */
export function localTime(date: Date | null | undefined): string {
  const { day, time } = wallClock(date ?? new Date(0));
  return `${day} ${time}`;
}

/** ISO-8601 in the server's time zone with its offset, as PHP's `date('c')`: `2026-11-22T19:05:48+08:00`. */
export function isoTime(date: Date): string {
  const { day, time, offset } = wallClock(date);
  const offsetMinutes = Math.round(offset / 60000);
  const abs = Math.abs(offsetMinutes);
  return `${day}T${time}${offsetMinutes < 0 ? '-' : '+'}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}

/** PHP's htmlspecialchars with ENT_QUOTES: how ShowDoc stores page content. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#039;');
}

/**
 * A ShowDoc time as clients send it (`YYYY-MM-DD HH:MM[:SS]`, server time zone), or unix seconds; null
 * when it is neither.
 */
export function parseLocalTime(text: string): Date | null {
  const trimmed = text.trim();
  if (/^\d{9,11}$/.test(trimmed)) return new Date(Number(trimmed) * 1000);
  const m = /^(\d{4})-(\d\d)-(\d\d)[ T](\d\d):(\d\d)(?::(\d\d))?$/.exec(trimmed);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((v) => Number(v ?? 0));
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  if (Number.isNaN(asUtc) || new Date(asUtc).getUTCDate() !== day) return null;
  // The zone's offset at that moment: the wall time the formatter shows for asUtc, read back as UTC.
  const shown = localTime(new Date(asUtc));
  const [d, t] = shown.split(' ');
  const [sy, sm, sd] = d.split('-').map(Number);
  const [sh, smin, ss] = t.split(':').map(Number);
  const offset = Date.UTC(sy, sm - 1, sd, sh, smin, ss) - asUtc;
  return new Date(asUtc - offset);
}
