import type { Draft } from './rules';

const PREFIX = 'quire.draft.';

/** One draft per page (new pages: per item and catalog), kept in localStorage. */
export function draftKey(itemId: number, pageId: number, catalogId: number | null = null): string {
  return pageId > 0 ? `${PREFIX}${itemId}.${pageId}` : `${PREFIX}${itemId}.new.${catalogId ?? 0}`;
}

export function loadDraft(key: string): Draft | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Draft>;
    if (typeof value.content !== 'string' || typeof value.savedAt !== 'number') return null;
    return {
      title: typeof value.title === 'string' ? value.title : '',
      content: value.content,
      savedAt: value.savedAt,
    };
  } catch {
    return null;
  }
}

export function saveDraft(key: string, draft: Draft): void {
  try {
    localStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the editor still holds the text.
  }
}

export function clearDraft(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing to clear.
  }
}
