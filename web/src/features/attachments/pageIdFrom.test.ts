import { describe, expect, it } from '@jest/globals';
import { pageIdFrom } from './pageIdFrom';

describe('pageIdFrom', () => {
  it('reads a page id, the app links of a page and ShowDoc page_id links', () => {
    expect(pageIdFrom(' 345 ')).toBe(345);
    expect(pageIdFrom('/12/345')).toBe(345);
    expect(pageIdFrom('https://docs.example/page/edit/12/345')).toBe(345);
    expect(pageIdFrom('https://docs.example/index.php?s=/home/page/index&page_id=77')).toBe(77);
  });

  it('refuses what names no page: words, zero, share keys, an item link', () => {
    expect(pageIdFrom('intro')).toBeNull();
    expect(pageIdFrom('0')).toBeNull();
    expect(pageIdFrom('/p/abc123')).toBeNull();
    expect(pageIdFrom('/12')).toBeNull();
  });
});
