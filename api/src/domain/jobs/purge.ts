import type { EntityManager, EntityName, FilterQuery } from '@mikro-orm/core';
import {
  Captcha,
  Catalog,
  Item,
  ItemVisitGrant,
  Page,
  RecycleEntry,
  SinglePageLink,
  UserToken,
} from '../../../../db/src';
import { CAPTCHA_TTL_MS } from '../accounts/captcha.service';
import { RECYCLE_DAYS } from '../recycle/recycle.service';
import { inTransaction } from '../transaction';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Expired share links are kept this long, so their URL answers "expired" rather than "unknown". */
const EXPIRED_LINK_GRACE_MS = RECYCLE_DAYS * DAY_MS;
/** Rows deleted per statement: short transactions that hold few locks while writers work. */
export const PURGE_BATCH = 100;

export interface PurgeReport {
  items: number;
  pages: number;
  recycleEntries: number;
  catalogs: number;
  captchas: number;
  tokens: number;
  visitGrants: number;
  shareLinks: number;
}

/**
 * Removes for good what has outlived its time: items, pages (recycle bin) and catalogs deleted more than
 * 30 days ago, with everything that hangs from them (foreign keys cascade), then expired captchas, login
 * tokens, visit grants and share links. Each step deletes in small batches by primary key with a time
 * condition, so any number of nodes may run it at once, any number of times, and it never holds range
 * locks on a whole table that concurrent saves would deadlock against.
 */
export async function purgeExpired(em: EntityManager, now = new Date()): Promise<PurgeReport> {
  const deletedBefore = new Date(now.getTime() - RECYCLE_DAYS * DAY_MS);
  const items = await deleteInBatches(em, Item, { deletedAt: { $lt: deletedBefore } });
  const pages = await deleteInBatches(em, Page, { deletedAt: { $lt: deletedBefore } });
  // Entries whose page came back without them, or went with a purge above: nothing left to recover.
  const recycleEntries = await deleteInBatches(em, RecycleEntry, { deletedAt: { $lt: deletedBefore } });
  // Deleted catalogs below deleted ones go with their parent (cascade); pages left in them fall to the root.
  const catalogs = await deleteInBatches(em, Catalog, { deletedAt: { $lt: deletedBefore } });
  // As CaptchaService.purgeExpired: kept a while past expiry, so a late answer meets "expired".
  const captchas = await deleteInBatches(em, Captcha, {
    expiresAt: { $lt: new Date(now.getTime() - CAPTCHA_TTL_MS) },
  });
  const tokens = await deleteInBatches(em, UserToken, { expiresAt: { $lt: now } });
  const visitGrants = await deleteInBatches(em, ItemVisitGrant, { expiresAt: { $lt: now } });
  const shareLinks = await deleteInBatches(em, SinglePageLink, {
    expiresAt: { $lt: new Date(now.getTime() - EXPIRED_LINK_GRACE_MS) },
  });
  return { items, pages, recycleEntries, catalogs, captchas, tokens, visitGrants, shareLinks };
}

/**
 * Deletes the rows matching `where`, at most PURGE_BATCH per transaction: their ids are read without
 * locks, then deleted by primary key (the condition repeated, in case a row came back meanwhile), so
 * each transaction locks just those rows and what cascades from them. A batch broken off for contention
 * is retried.
 */
async function deleteInBatches<T extends { id: number }>(
  em: EntityManager,
  entity: EntityName<T>,
  where: FilterQuery<T>,
): Promise<number> {
  let deleted = 0;
  let after = 0;
  for (;;) {
    const batch = await em.find(entity, { $and: [where, { id: { $gt: after } }] } as FilterQuery<T>, {
      fields: ['id'] as never,
      orderBy: { id: 'asc' } as never,
      limit: PURGE_BATCH,
      disableIdentityMap: true,
    });
    if (batch.length === 0) return deleted;
    const ids = batch.map((row) => row.id);
    deleted += await inTransaction(
      em,
      () => em.nativeDelete(entity, { $and: [where, { id: { $in: ids } }] } as FilterQuery<T>),
      { retryOnContention: true },
    );
    if (batch.length < PURGE_BATCH) return deleted;
    after = ids[ids.length - 1]!;
  }
}
