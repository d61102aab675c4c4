import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { clearDraft, draftKey, loadDraft, saveDraft } from './drafts';
import { DRAFT_INTERVAL_MS, shouldOfferDraft, shouldSaveDraft, type Draft } from './rules';

export interface DraftText {
  title: string;
  content: string;
}

/** A draft the editor offers to restore: found on opening, or set aside by a history restore. */
export interface OfferedDraft {
  draft: Draft;
  reason: 'found' | 'restore';
}

interface PageDraftOptions {
  itemId: number;
  /** The page the editor was opened on (0: a new page). */
  openedId: number;
  /** The page it edits now: a new page gets its id with the first save. */
  currentId: number;
  catalogId: number | null;
  /** The form holds the page's text: from now on it is kept every DRAFT_INTERVAL_MS. */
  ready: boolean;
  /** The editor's text at this moment (read by the timer). */
  latest: { readonly current: DraftText };
}

/**
 * The editor's local draft (spec §4): kept every 30 s, moved to the page's own key with a new page's first
 * save, offered back when it is newer than the page.
 */
export function usePageDraft({ itemId, openedId, currentId, catalogId, ready, latest }: PageDraftOptions) {
  const [offered, setOffered] = useState<OfferedDraft | null>(null);
  const key = useMemo(() => draftKey(itemId, currentId, catalogId), [itemId, currentId, catalogId]);

  const previousKey = useRef(key);
  useEffect(() => {
    const previous = previousKey.current;
    previousKey.current = key;
    if (previous === key) return;
    const left = loadDraft(previous);
    if (left) saveDraft(key, left);
    clearDraft(previous);
  }, [key]);

  // A new page's draft is offered at once; an existing page's once it has loaded (offerIfNewer).
  useEffect(() => {
    if (openedId > 0) return;
    const draft = loadDraft(draftKey(itemId, 0, catalogId));
    if (shouldOfferDraft(draft, null)) setOffered({ draft, reason: 'found' });
  }, [openedId, itemId, catalogId]);

  useEffect(() => {
    if (!ready) return;
    const timer = setInterval(() => {
      const { title, content } = latest.current;
      if (shouldSaveDraft(content)) saveDraft(key, { title, content, savedAt: Date.now() });
    }, DRAFT_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [ready, key, latest]);

  /** Keeps this text as the page's draft now (a failed save, a lost lock, a restore). */
  const keep = useCallback(
    (text: DraftText): Draft => {
      const draft = { title: text.title, content: text.content, savedAt: Date.now() };
      saveDraft(key, draft);
      return draft;
    },
    [key],
  );
  const clear = useCallback(() => clearDraft(key), [key]);
  /** The page arrived: offer the draft if it is worth restoring over it. */
  const offerIfNewer = useCallback(
    (page: { content: string; updatedAt: string }) => {
      const draft = loadDraft(key);
      if (shouldOfferDraft(draft, page)) setOffered({ draft, reason: 'found' });
    },
    [key],
  );
  const offerSetAside = useCallback((draft: Draft) => setOffered({ draft, reason: 'restore' }), []);
  /** The user answered the offer; `discard`: the draft goes too. */
  const settle = useCallback(
    (discard: boolean) => {
      if (discard) clearDraft(key);
      setOffered(null);
    },
    [key],
  );

  return { key, offered, keep, clear, offerIfNewer, offerSetAside, settle };
}
