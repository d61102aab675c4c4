import { beforeEach, describe, expect, it } from '@jest/globals';
import { act, renderHook } from '@testing-library/react';
import { loadDraft, saveDraft } from './drafts';
import type { Draft } from './rules';
import { usePageDraft, type DraftText } from './usePageDraft';

const text: { current: DraftText } = { current: { title: 'Intro', content: 'Some text worth keeping' } };

function renderDraft(initial: { openedId: number; currentId: number }) {
  return renderHook(
    ({ openedId, currentId }) =>
      usePageDraft({ itemId: 3, openedId, currentId, catalogId: null, ready: true, latest: text }),
    { initialProps: initial },
  );
}

describe('usePageDraft', () => {
  beforeEach(() => localStorage.clear());

  it("offers a new page's draft at once, and moves it to the page's own key with the first save", () => {
    saveDraft('quire.draft.3.new.0', { title: 'Intro', content: 'Left from last time', savedAt: 1000 });
    const { result, rerender } = renderDraft({ openedId: 0, currentId: 0 });
    expect(result.current.offered).toEqual({
      draft: { title: 'Intro', content: 'Left from last time', savedAt: 1000 },
      reason: 'found',
    });

    rerender({ openedId: 0, currentId: 41 });
    expect(result.current.key).toBe('quire.draft.3.41');
    expect(loadDraft('quire.draft.3.41')?.content).toBe('Left from last time');
    expect(loadDraft('quire.draft.3.new.0')).toBeNull();
  });

  it('offers a saved page its draft only when the draft is newer than the page', () => {
    saveDraft('quire.draft.3.41', {
      title: 'Intro',
      content: 'A draft worth restoring over the page',
      savedAt: Date.parse('2025-01-02'),
    });
    const { result } = renderDraft({ openedId: 41, currentId: 41 });
    expect(result.current.offered).toBeNull();

    act(() => result.current.offerIfNewer({ content: 'Saved text', updatedAt: '2025-01-03T00:00:00Z' }));
    expect(result.current.offered).toBeNull();
    act(() => result.current.offerIfNewer({ content: 'Saved text', updatedAt: '2025-01-01T00:00:00Z' }));
    expect(result.current.offered?.draft.content).toBe('A draft worth restoring over the page');
  });

  it('keeps text on demand and forgets it when the offer is discarded', () => {
    const { result } = renderDraft({ openedId: 41, currentId: 41 });
    let kept: Draft | undefined;
    act(() => {
      kept = result.current.keep({ title: 'Intro', content: 'Set aside before a restore' });
    });
    expect(loadDraft('quire.draft.3.41')?.content).toBe('Set aside before a restore');

    const setAside = kept;
    if (!setAside) throw new Error('keep() returned nothing');
    act(() => result.current.offerSetAside(setAside));
    expect(result.current.offered?.reason).toBe('restore');
    act(() => result.current.settle(true));
    expect(result.current.offered).toBeNull();
    expect(loadDraft('quire.draft.3.41')).toBeNull();
  });
});
