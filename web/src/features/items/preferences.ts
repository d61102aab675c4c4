import { useCallback, useState } from 'react';

/** The item list's remembered choices (spec §2: both kept locally). */
export const ITEM_VIEW_KEY = 'quire.item-view';
export const ITEM_GROUP_KEY = 'quire.item-group';

export type ItemViewMode = 'list' | 'card';

function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStored(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private modes may refuse storage: the choice still applies until the page is left.
  }
}

export function readViewMode(): ItemViewMode {
  return readStored(ITEM_VIEW_KEY) === 'list' ? 'list' : 'card';
}

/** Card view by default, as ShowDoc; the choice survives reloads. */
export function useItemViewMode(): [ItemViewMode, (mode: ItemViewMode) => void] {
  const [mode, setMode] = useState<ItemViewMode>(readViewMode);
  const change = useCallback((next: ItemViewMode) => {
    writeStored(ITEM_VIEW_KEY, next);
    setMode(next);
  }, []);
  return [mode, change];
}

export function readGroupId(): number {
  const value = Number(readStored(ITEM_GROUP_KEY));
  return Number.isSafeInteger(value) && value >= -1 ? value : 0;
}

/** 0 all items, -1 starred, above 0 one of the user's groups. */
export function useSelectedGroup(): [number, (groupId: number) => void] {
  const [groupId, setGroupId] = useState<number>(readGroupId);
  const change = useCallback((next: number) => {
    writeStored(ITEM_GROUP_KEY, String(next));
    setGroupId(next);
  }, []);
  return [groupId, change];
}
