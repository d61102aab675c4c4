import { describe, expect, it } from '@jest/globals';
import { RawJson, wireJson } from './wire';

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
    const value = { title: 'quire-raw-json-0:0', n: [1, null, 'é'] };
    expect(wireJson(value)).toBe(JSON.stringify(value));
    expect(JSON.stringify({ menu: new RawJson('{"a":[1]}') })).toBe('{"menu":{"a":[1]}}');
  });
});
