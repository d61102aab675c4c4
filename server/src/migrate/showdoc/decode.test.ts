import zlib from 'node:zlib';
import { describe, expect, it } from '@jest/globals';
import {
  decodeLegacyCompressed,
  idList,
  localDate,
  pageText,
  rewriteFileLinks,
  uploadPathOf,
} from './decode';

const SIGN = '676640d9d7974305ce2ac9fedc8a7b47';

describe('ShowDoc value decoding', () => {
  it('undoes htmlspecialchars once, &amp; last', () => {
    expect(pageText('a &lt; b &amp;&amp; &quot;c&quot; O&#039;Reilly &amp;lt;')).toBe(
      'a < b && "c" O\'Reilly &lt;',
    );
  });

  it('decodes legacy base64+zlib rows and leaves base64-looking Markdown alone', () => {
    const legacy = zlib.deflateSync(Buffer.from('# 旧页面 &amp; old')).toString('base64');
    expect(pageText(legacy)).toBe('# 旧页面 & old');
    expect(decodeLegacyCompressed('SGVsbG9Xb3JsZA==')).toBeNull();
    expect(pageText('README')).toBe('README');
  });

  it('rewrites visitFile links of any host and direct upload paths to Quire visitFile links', () => {
    const text = [
      `![a](http://127.0.0.1:8981/server/?s=/api/attachment/visitFile&sign=${SIGN})`,
      `[b](https://docs.example.com/showdoc/server/index.php?s=/api/attachment/visitFile&sign=${SIGN})`,
      '![c](http://127.0.0.1:8981/Public/Uploads/2026-11-25/x.png)',
      `[unknown](http://h/server/?s=/api/attachment/visitFile&sign=${'0'.repeat(32)})`,
    ].join('\n');
    const out = rewriteFileLinks(
      text,
      (p) => (p === '2026-11-25/x.png' ? 'aaaabbbbccccddddaaaabbbbccccdddd' : undefined),
      (s) => s === SIGN,
    );
    expect(out.split('\n')).toEqual([
      `![a](/server/?s=/api/attachment/visitFile&sign=${SIGN})`,
      `[b](/server/?s=/api/attachment/visitFile&sign=${SIGN})`,
      '![c](/server/?s=/api/attachment/visitFile&sign=aaaabbbbccccddddaaaabbbbccccdddd)',
      `[unknown](http://h/server/?s=/api/attachment/visitFile&sign=${'0'.repeat(32)})`,
    ]);
  });

  it('finds upload paths under Public/Uploads only, without climbing out', () => {
    expect(uploadPathOf('http://h/Public/Uploads/2026-11-25/a.png')).toBe('2026-11-25/a.png');
    expect(uploadPathOf('http://h/Public/Uploads/../../etc/passwd')).toBeNull();
    expect(uploadPathOf('https://bucket.s3.example.com/a.png')).toBeNull();
  });

  it("reads ShowDoc's local text times in its time zone", () => {
    expect(localDate('2026-11-25 23:44:33', 'Asia/Shanghai')?.toISOString()).toBe('2026-11-25T15:44:33.000Z');
    expect(localDate('2026-07-01 08:00:00', 'Europe/Berlin')?.toISOString()).toBe('2026-07-01T06:00:00.000Z');
    expect(localDate('garbage', 'Asia/Shanghai')).toBeNull();
    expect(idList('491363983, 12,,x,0')).toEqual([491363983, 12]);
  });
});
