import { describe, expect, it } from '@jest/globals';
import fastifyCompress from '@fastify/compress';
import Fastify from 'fastify';
import {
  COMPRESSION_ENCODINGS,
  DEFAULT_WIRE_TIME_ZONE,
  isoTime,
  localTime,
  preferredEncoding,
  RawJson,
  useWireTimeZone,
  wireJson,
} from './wire';

describe('wireJson', () => {
  it('splices JSON text made earlier in place, keys in order, several at any depth', () => {
    const menu = new RawJson('{"pages":[{"page_id":"1"}],"catalogs":[]}');
    const menu2 = new RawJson('{"名":"页"}');
    const answer = wireJson({ error_code: 0, data: { a: '中', menu, list: [menu2, 2], z: 'x' } });
    expect(Buffer.isBuffer(answer)).toBe(true);
    expect(answer.toString()).toBe(
      '{"error_code":0,"data":{"a":"中","menu":{"pages":[{"page_id":"1"}],"catalogs":[]},"list":[{"名":"页"},2],"z":"x"}}',
    );
  });

  it('is JSON.stringify without raw parts, and a raw part reads as its value anywhere else', () => {
    const value = { title: 'quire-spliced-json-0:0', n: [1, null, 'é'] };
    expect(wireJson(value)).toBe(JSON.stringify(value));
    expect(JSON.stringify({ menu: new RawJson('{"a":[1]}') })).toBe('{"menu":{"a":[1]}}');
  });
});

describe('localTime and isoTime', () => {
  /** What Intl says, in another locale that writes the same `YYYY-MM-DD HH:MM:SS`: the reference. */
  const intlClock = (timeZone: string) => {
    const format = new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'medium' });
    return (date: Date) => format.format(date);
  };

  it('gives the wall clock Intl gives, across offset changes and odd offsets', () => {
    // Each zone with days around its changes: Lord Howe's 30-minute DST (mid-hour in UTC), New York's,
    // Kathmandu's move from +05:30 to +05:45, and Shanghai's end of local mean time (+08:05:43).
    const days: Record<string, string[]> = {
      'Australia/Lord_Howe': ['2026-04-04', '2026-10-03'],
      'America/New_York': ['2026-03-07', '2026-10-31'],
      'Asia/Kathmandu': ['1985-12-30'],
      'Asia/Shanghai': ['1900-12-30', '2026-11-22'],
    };
    const wrong: string[] = [];
    try {
      for (const [zone, starts] of Object.entries(days)) {
        useWireTimeZone(zone);
        const expected = intlClock(zone);
        for (const start of starts) {
          // Three days in steps of 7 min 13 s, so the minutes and seconds around each change are crossed.
          const from = Date.parse(`${start}T00:00:00Z`);
          for (let ms = from; ms < from + 3 * 86_400_000; ms += 433_000) {
            const date = new Date(ms + 999);
            if (localTime(date) !== expected(date)) wrong.push(`${zone} ${date.toISOString()}`);
          }
        }
      }
      expect(wrong).toEqual([]);
      useWireTimeZone('Asia/Kathmandu');
      expect(isoTime(new Date('2026-11-22T13:20:48.5Z'))).toBe('2026-11-22T19:05:48+05:45');
    } finally {
      useWireTimeZone(DEFAULT_WIRE_TIME_ZONE);
    }
    expect(localTime(null)).toBe('1970-01-01 08:00:00');
    expect(isoTime(new Date('2026-11-22T11:05:48Z'))).toBe('2026-11-22T19:05:48+08:00');
  });
});

describe('preferredEncoding', () => {
  // The kept compressed bytes stand in for the compression plugin: they must go exactly where it would
  // send Brotli or gzip, and nowhere else (deflate, identity, no compression).
  it('chooses Brotli or gzip exactly where the server’s compression plugin does', async () => {
    const app = Fastify();
    await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: COMPRESSION_ENCODINGS });
    app.get('/big', async (_request, reply) => reply.type('application/json').send(`"${'x'.repeat(4096)}"`));
    const headers = [
      'gzip, deflate, br',
      'br',
      'gzip',
      'deflate',
      'identity',
      'gzip;q=0.5, br;q=0.4',
      'deflate;q=1, gzip;q=0.5',
      'br;q=0, gzip;q=0',
      'x-gzip',
      '*',
      'compress, identity',
      'GZIP',
    ];
    try {
      for (const header of headers) {
        const answer = await app.inject({
          method: 'GET',
          url: '/big',
          headers: { 'accept-encoding': header },
        });
        const plugin = answer.headers['content-encoding'];
        const expected = plugin === 'br' || plugin === 'gzip' ? plugin : null;
        expect({ header, encoding: preferredEncoding(header) }).toEqual({ header, encoding: expected });
      }
    } finally {
      await app.close();
    }
  });

  it('leaves requests without an Accept-Encoding uncompressed', () => {
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding('')).toBeNull();
    expect(preferredEncoding(['gzip', 'br'])).toBeNull();
  });
});
