import { describe, expect, it } from '@jest/globals';
import { matchesItem, shouldSearch, splitHighlights } from './itemSearch';

describe('shouldSearch', () => {
  it('does not search for a blank keyword', () => {
    expect(shouldSearch('')).toBe(false);
    expect(shouldSearch('   ')).toBe(false);
  });

  it('does not search for a single non-Chinese character', () => {
    expect(shouldSearch('a')).toBe(false);
    expect(shouldSearch(' a ')).toBe(false);
    expect(shouldSearch('7')).toBe(false);
    expect(shouldSearch('-')).toBe(false);
    expect(shouldSearch('é')).toBe(false);
  });

  it('searches for a single Chinese character', () => {
    expect(shouldSearch('文')).toBe(true);
    expect(shouldSearch(' 档 ')).toBe(true);
  });

  it('searches for two characters or more', () => {
    expect(shouldSearch('ab')).toBe(true);
    expect(shouldSearch('a b')).toBe(true);
    expect(shouldSearch('文档')).toBe(true);
  });

  it('counts an astral character as one character', () => {
    expect(shouldSearch('😀')).toBe(false);
    expect(shouldSearch('😀😀')).toBe(true);
  });
});

describe('splitHighlights', () => {
  it('splits around the ranges', () => {
    expect(splitHighlights('Login API docs', [{ start: 6, end: 9 }])).toEqual([
      { text: 'Login ', highlighted: false },
      { text: 'API', highlighted: true },
      { text: ' docs', highlighted: false },
    ]);
  });

  it('merges overlapping ranges and clips out-of-bounds ones', () => {
    expect(
      splitHighlights('abcdef', [
        { start: 4, end: 99 },
        { start: 0, end: 2 },
        { start: 1, end: 3 },
      ]),
    ).toEqual([
      { text: 'abc', highlighted: true },
      { text: 'd', highlighted: false },
      { text: 'ef', highlighted: true },
    ]);
  });

  it('returns the whole text when nothing matches', () => {
    expect(splitHighlights('plain', [])).toEqual([{ text: 'plain', highlighted: false }]);
  });
});

describe('matchesItem', () => {
  it('matches the name or the description, ignoring case', () => {
    const item = { name: 'Payment API', description: 'Docs for the shop' };
    expect(matchesItem(item, 'payment')).toBe(true);
    expect(matchesItem(item, 'SHOP')).toBe(true);
    expect(matchesItem(item, 'orders')).toBe(false);
  });
});
