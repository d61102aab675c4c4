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

  it('keeps the older text removed and the newer added when the newer is shown on the left', () => {
    // The diff screen: current page content (newer) on the left, the history version (older) on the right.
    const history = 'a\nold line\n';
    const current = 'a\nnew line\nadded later\n';
    const rows = sideBySide(history, current, { newerOn: 'left' });
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatchObject({
      left: { line: 2, kind: 'added', segments: [{ text: 'new', changed: true }, { text: ' line' }] },
      right: { line: 2, kind: 'removed', segments: [{ text: 'old', changed: true }, { text: ' line' }] },
    });
    // A line only the current page has is an addition, in the current page's column.
    expect(rows[2]).toMatchObject({ left: { line: 3, kind: 'added' }, right: null });
  });
});
