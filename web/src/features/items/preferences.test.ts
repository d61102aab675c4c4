import { describe, expect, it } from '@jest/globals';
import { act, renderHook } from '@testing-library/react';
import { ITEM_GROUP_KEY, ITEM_VIEW_KEY, readGroupId, useItemViewMode, useSelectedGroup } from './preferences';

describe('item list preferences', () => {
  it('starts in card view and remembers the switch to the list', () => {
    const first = renderHook(() => useItemViewMode());
    expect(first.result.current[0]).toBe('card');
    act(() => first.result.current[1]('list'));
    expect(first.result.current[0]).toBe('list');
    expect(localStorage.getItem(ITEM_VIEW_KEY)).toBe('list');
    first.unmount();

    const second = renderHook(() => useItemViewMode());
    expect(second.result.current[0]).toBe('list');
  });

  it('remembers the selected group and ignores nonsense', () => {
    const { result } = renderHook(() => useSelectedGroup());
    expect(result.current[0]).toBe(0);
    act(() => result.current[1](-1));
    expect(readGroupId()).toBe(-1);
    localStorage.setItem(ITEM_GROUP_KEY, 'abc');
    expect(readGroupId()).toBe(0);
  });
});
