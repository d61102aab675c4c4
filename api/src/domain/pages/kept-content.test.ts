import { describe, expect, it } from '@jest/globals';
import { KeptContents, type ContentWire } from './kept-content';

const wire = (name: string): ContentWire<string> => ({
  name,
  make: (content) => content,
  size: (form) => form.length,
});
const stamp = (version: number) => ({ version, updatedAt: 1_000 * version });

describe('KeptContents', () => {
  it('keeps one form per door and page, the latest stamp', () => {
    const kept = new KeptContents(1_000);
    const rest = wire('rest');
    const graphql = wire('graphql');
    kept.set(rest, 1, stamp(1), 'rest v1');
    kept.set(graphql, 1, stamp(1), 'graphql v1');
    kept.set(rest, 1, stamp(2), 'rest v2');
    expect(kept.get(rest, 1)).toEqual({ stamp: stamp(2), value: 'rest v2' });
    expect(kept.get(graphql, 1)).toEqual({ stamp: stamp(1), value: 'graphql v1' });
    expect(kept.get(rest, 2)).toBeUndefined();
    expect(kept.size).toBe('rest v2'.length + 'graphql v1'.length);
  });

  it('stays within its bytes, the least recently read going first, and keeps no form too large for it', () => {
    const kept = new KeptContents(800);
    const rest = wire('rest');
    for (let page = 1; page <= 9; page++) kept.set(rest, page, stamp(1), 'x'.repeat(100));
    // 900 bytes asked for: page 1, the oldest, went.
    expect(kept.size).toBe(800);
    expect(kept.get(rest, 1)).toBeUndefined();
    kept.get(rest, 2);
    kept.set(rest, 10, stamp(1), 'y'.repeat(100));
    // Page 2 was read since: page 3 went instead.
    expect([2, 3, 4, 10].map((page) => kept.get(rest, page) !== undefined)).toEqual([
      true,
      false,
      true,
      true,
    ]);
    // More than an eighth of the whole is never kept, and takes nothing else with it.
    kept.set(rest, 11, stamp(1), 'z'.repeat(101));
    expect(kept.get(rest, 11)).toBeUndefined();
    expect(kept.size).toBe(800);
  });
});
