import { describe, expect, it } from '@jest/globals';
import { phpUrldecode } from './document-wire';

describe('phpUrldecode', () => {
  it('decodes plus signs and UTF-8 escapes as PHP does', () => {
    expect(phpUrldecode('a+b%20c%2B%E5%8F%82%E6%95%B0%0A%F0%9F%98%80')).toBe('a b c+参数\n😀');
  });

  it('keeps malformed escapes and replaces invalid UTF-8 byte by byte, as PHP output shown as UTF-8', () => {
    expect(phpUrldecode('100%+sure %zz %4')).toBe('100% sure %zz %4');
    expect(phpUrldecode('%E9t%C3%A9+%ED%A0%80')).toBe('\uFFFDté \uFFFD\uFFFD\uFFFD');
  });
});
