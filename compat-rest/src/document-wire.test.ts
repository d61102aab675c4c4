import { describe, expect, it } from '@jest/globals';
import { parseFormBody, phpUrldecode } from './document-wire';

describe('phpUrldecode', () => {
  it('decodes plus signs and UTF-8 escapes as PHP does', () => {
    expect(phpUrldecode('a+b%20c%2B%E5%8F%82%E6%95%B0%0A%F0%9F%98%80')).toBe('a b c+参数\n😀');
  });

  it('keeps malformed escapes and replaces invalid UTF-8 byte by byte, as PHP output shown as UTF-8', () => {
    expect(phpUrldecode('100%+sure %zz %4')).toBe('100% sure %zz %4');
    expect(phpUrldecode('%E9t%C3%A9+%ED%A0%80')).toBe('\uFFFDté \uFFFD\uFFFD\uFFFD');
  });
});

describe('parseFormBody', () => {
  /** What the WHATWG parser reads from a well-formed body, a repeated name as all its values. */
  function whatwg(body: string): Record<string, string | string[]> {
    const fields: Record<string, string | string[]> = {};
    for (const [name, value] of new URLSearchParams(body)) {
      const earlier = fields[name];
      fields[name] = earlier === undefined ? value : [earlier, value].flat();
    }
    return fields;
  }

  it('reads well-formed bodies as the WHATWG parser does, a save with twice-encoded content included', () => {
    const content = '# 参数\n| a | b |\n100% + "quotes" & <tags> = 😀 ?x=1&y=2';
    const bodies = [
      new URLSearchParams({
        page_id: '12',
        page_title: 'Título + 标题',
        page_content: encodeURIComponent(content),
        is_urlencode: '1',
        user_token: 'ab'.repeat(32),
      }).toString(),
      'a=1&a=2&a=3&b=x+y&c=%2B%26%3D&empty=&%E5%90%8D=%E5%80%BC',
    ];
    for (const body of bodies) expect({ ...parseFormBody(body) }).toEqual(whatwg(body));
    const save = parseFormBody(bodies[0]!);
    expect(phpUrldecode(save.page_content as string)).toBe(content);
  });

  it('keeps malformed escapes as PHP does, reads a pair without = as empty and skips empty pairs', () => {
    expect({ ...parseFormBody('a=100%&b=%zz+%4&c=%E9t&&d&=v&e=') }).toEqual({
      a: '100%',
      b: '%zz %4',
      c: '\uFFFDt',
      d: '',
      '': 'v',
      e: '',
    });
  });

  it('has no prototype, so no field name reaches Object.prototype', () => {
    const fields = parseFormBody('__proto__=1&constructor=2&toString=3&hasOwnProperty=4');
    expect(Object.getPrototypeOf(fields)).toBeNull();
    expect(Object.keys(fields)).toEqual(['__proto__', 'constructor', 'toString', 'hasOwnProperty']);
    expect(fields['__proto__']).toBe('1');
    expect(({} as Record<string, unknown>).constructor).toBe(Object);
  });
});
