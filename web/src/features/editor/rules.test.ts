import { describe, expect, it } from '@jest/globals';
import {
  LOCK_RENEW_MS,
  lockExpired,
  lockedByOther,
  pasteHtmlAction,
  previewAllowed,
  releaseBeaconBody,
  renewDelay,
  shouldOfferDraft,
  shouldSaveDraft,
} from './rules';

describe('editor rules', () => {
  it('turns live preview off above 4000 characters', () => {
    expect(previewAllowed('x'.repeat(4000))).toBe(true);
    expect(previewAllowed('x'.repeat(4001))).toBe(false);
  });

  it('saves drafts only for content longer than 10 characters', () => {
    expect(shouldSaveDraft('1234567890')).toBe(false);
    expect(shouldSaveDraft('12345678901')).toBe(true);
  });

  it('offers a draft only when it is newer than the saved page and different', () => {
    const saved = { content: 'saved content here', updatedAt: '2025-01-01T10:00:00.000Z' };
    const at = (iso: string) => Date.parse(iso);
    expect(
      shouldOfferDraft(
        { title: '', content: 'draft content here', savedAt: at('2025-01-01T10:05:00Z') },
        saved,
      ),
    ).toBe(true);
    expect(
      shouldOfferDraft(
        { title: '', content: 'draft content here', savedAt: at('2025-01-01T09:55:00Z') },
        saved,
      ),
    ).toBe(false);
    expect(
      shouldOfferDraft(
        { title: '', content: 'saved content here', savedAt: at('2025-01-01T10:05:00Z') },
        saved,
      ),
    ).toBe(false);
    expect(
      shouldOfferDraft({ title: '', content: 'short', savedAt: at('2025-01-01T10:05:00Z') }, saved),
    ).toBe(false);
    expect(shouldOfferDraft(null, saved)).toBe(false);
    expect(shouldOfferDraft({ title: 't', content: 'a new page draft', savedAt: 1 }, null)).toBe(true);
  });

  it('inserts short HTML as text and asks for long HTML', () => {
    expect(pasteHtmlAction('')).toBe('default');
    expect(pasteHtmlAction('<b>hi</b>')).toBe('text');
    expect(pasteHtmlAction(`<p>${'x'.repeat(200)}</p>`)).toBe('ask');
  });

  it('treats a lock held by someone else as blocking until it expires', () => {
    const now = Date.parse('2025-01-01T10:00:00Z');
    const until = '2025-01-01T10:20:00Z';
    expect(lockedByOther({ locked: true, mine: false, lockedUntil: until }, now)).toBe(true);
    expect(lockedByOther({ locked: true, mine: true, lockedUntil: until }, now)).toBe(false);
    expect(lockedByOther({ locked: true, mine: false, lockedUntil: '2025-01-01T09:59:00Z' }, now)).toBe(
      false,
    );
    expect(lockExpired(null, now)).toBe(false);
  });

  it('renews every 20 minutes, sooner when the lock ends earlier', () => {
    const now = Date.parse('2025-01-01T10:00:00Z');
    expect(renewDelay(null, now)).toBe(LOCK_RENEW_MS);
    expect(renewDelay('2025-01-01T11:00:00Z', now)).toBe(LOCK_RENEW_MS);
    expect(renewDelay('2025-01-01T10:10:00Z', now)).toBe(9 * 60_000);
  });

  it('releases with lock_to 1000 in the beacon form', () => {
    expect(releaseBeaconBody(5, 3, 'tok').toString()).toBe('page_id=5&item_id=3&lock_to=1000&user_token=tok');
  });
});
