import { describe, expect, it } from '@jest/globals';
import { hasChanges, sideBySide } from './sideBySide';

describe('side-by-side diff', () => {
  it('pairs changed lines and marks the changed words', () => {
    const rows = sideBySide('a\nhello world\nc\n', 'a\nhello there\nc\nd\n');
    expect(rows).toHaveLength(4);
    expect(rows[1].left?.segments.filter((s) => s.changed).map((s) => s.text)).toEqual(['world']);
    expect(rows[1].right?.segments.filter((s) => s.changed).map((s) => s.text)).toEqual(['there']);
    expect(rows[3]).toMatchObject({ left: null, right: { line: 4, kind: 'added' } });
    expect(hasChanges(rows)).toBe(true);
    expect(hasChanges(sideBySide('same', 'same'))).toBe(false);
  });
});
