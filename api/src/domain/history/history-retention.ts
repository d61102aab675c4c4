import type { EntityManager } from '@mikro-orm/core';
import { nativeSql } from '../../../../db/src';
import type { SettingsService } from '../settings/settings.service';

/** Versions kept per page when the setting is missing or not a positive number (spec 001 §9). */
export const DEFAULT_HISTORY_KEEP = 20;
/** An upper bound whatever the setting says: history rows hold whole page contents. */
export const MAX_HISTORY_KEEP = 1000;

/**
 * How many versions of a page to keep: the site setting `history_version_count` (ShowDoc stored it and
 * kept 100 regardless; Quire applies it).
 */
export async function historyToKeep(settings: SettingsService): Promise<number> {
  const wanted = await settings.number('history_version_count');
  if (!Number.isSafeInteger(wanted) || wanted < 1) return DEFAULT_HISTORY_KEEP;
  return Math.min(wanted, MAX_HISTORY_KEEP);
}

/**
 * A page's history is trimmed on one save in this many (its version a multiple of it), down to `keep`: the
 * trim is two statements, and on every save they were ~15 % of a save's statements (issue #14). A page
 * then holds at most `keep + HISTORY_TRIM_EVERY - 1` versions (one per save); readers see the newest `keep`
 * (`historyToKeep`), so what they see is what a trim on every save would leave.
 */
export const HISTORY_TRIM_EVERY = 8;

/**
 * Whether the save that replaces `replaced` (the page's version before it, kept as a history row) trims the
 * page's history (`HISTORY_TRIM_EVERY`), if the page holds more than `keep` by then: one row per replaced
 * version, so up to `replaced`.
 */
export function historyTrimDue(replaced: number): boolean {
  return replaced % HISTORY_TRIM_EVERY === 0;
}

/** Deletes the versions of a page beyond the newest `keep` (by insertion order). */
export async function trimHistory(em: EntityManager, pageId: number, keep: number): Promise<number> {
  // The cutoff by a plain (non-locking) read, the DELETE only past the bound: a DELETE on every save took
  // next-key locks on the page's index range, whose edge borders the next page's rows on MariaDB.
  const sql = nativeSql(em);
  const cutoff = await sql.get<{ id: number }>(
    'select id from page_history where page_id = ? order by id desc limit 1 offset ?',
    [pageId, keep],
  );
  if (!cutoff) return 0;
  const { changes } = await sql.run('delete from page_history where page_id = ? and id <= ?', [
    pageId,
    cutoff.id,
  ]);
  return changes;
}
