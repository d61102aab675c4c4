/** The editor's limits (spec §4 and §9), as small pure rules the dialog and the tests share. */

/** Live preview is turned off above this many characters (alert once per page). */
export const PREVIEW_LIMIT = 4000;
/** Drafts: every 30 s per page, only for content longer than 10 characters. */
export const DRAFT_INTERVAL_MS = 30_000;
export const DRAFT_MIN_LENGTH = 10;
/** Pasted HTML shorter than this is inserted as text; longer, the user chooses markdown or text. */
export const PASTE_HTML_THRESHOLD = 200;
/** The page editor renews its lock every 20 minutes (the item view uses 3). */
export const LOCK_RENEW_MS = 1_200_000;
export const LOCK_RENEW_SECONDS = LOCK_RENEW_MS / 1000;
/** ShowDoc's release value for /api/page/setLock. */
export const LOCK_RELEASE_VALUE = 1000;
/** A save that never answers stops showing as busy after 10 s. */
export const SAVING_RESET_MS = 10_000;

export function previewAllowed(content: string): boolean {
  return content.length <= PREVIEW_LIMIT;
}

export function shouldSaveDraft(content: string): boolean {
  return content.length > DRAFT_MIN_LENGTH;
}

export interface Draft {
  title: string;
  content: string;
  /** Epoch milliseconds. */
  savedAt: number;
}

/** A draft is offered only when it is newer than the saved page and says something different. */
export function shouldOfferDraft(
  draft: Draft | null,
  saved: { content: string; updatedAt: string | null } | null,
): draft is Draft {
  if (!draft || !shouldSaveDraft(draft.content)) return false;
  if (!saved) return true;
  if (draft.content === saved.content) return false;
  const savedAt = saved.updatedAt ? Date.parse(saved.updatedAt) : 0;
  return draft.savedAt > (Number.isNaN(savedAt) ? 0 : savedAt);
}

export type PasteHtmlAction = 'default' | 'text' | 'ask';

/** What a paste does: plain text pastes normally; short HTML goes in as text; long HTML asks. */
export function pasteHtmlAction(html: string): PasteHtmlAction {
  if (!html.trim()) return 'default';
  return html.length < PASTE_HTML_THRESHOLD ? 'text' : 'ask';
}

export interface LockState {
  locked: boolean;
  mine: boolean;
  holderName?: string | null;
  lockedUntil?: string | null;
}

/** Someone else holds a lock that has not run out. */
export function lockedByOther(state: LockState, now: number = Date.now()): boolean {
  return state.locked && !state.mine && !lockExpired(state.lockedUntil ?? null, now);
}

export function lockExpired(lockedUntil: string | null, now: number = Date.now()): boolean {
  if (!lockedUntil) return false;
  const until = Date.parse(lockedUntil);
  return !Number.isNaN(until) && until <= now;
}

/** When to renew: the regular interval, sooner if the server granted less (a minute of margin). */
export function renewDelay(lockedUntil: string | null, now: number = Date.now()): number {
  if (!lockedUntil) return LOCK_RENEW_MS;
  const until = Date.parse(lockedUntil);
  if (Number.isNaN(until)) return LOCK_RENEW_MS;
  return Math.max(5_000, Math.min(LOCK_RENEW_MS, until - now - 60_000));
}

/** The form ShowDoc's /api/page/setLock takes to release a lock, for navigator.sendBeacon on unload. */
export function releaseBeaconBody(pageId: number, itemId: number, token: string): URLSearchParams {
  return new URLSearchParams({
    page_id: String(pageId),
    item_id: String(itemId),
    lock_to: String(LOCK_RELEASE_VALUE),
    user_token: token,
  });
}
