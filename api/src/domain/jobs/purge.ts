import type { EntityManager } from '@mikro-orm/core';
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

const DAY_MS = 24 * 60 * 60 * 1000;
/** Expired share links are kept this long, so their URL answers "expired" rather than "unknown". */
const EXPIRED_LINK_GRACE_MS = RECYCLE_DAYS * DAY_MS;

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
 * tokens, visit grants and share links. Each step is one DELETE with a time condition, so any number of
 * nodes may run it at once, any number of times.
 */
export async function purgeExpired(em: EntityManager, now = new Date()): Promise<PurgeReport> {
  const deletedBefore = new Date(now.getTime() - RECYCLE_DAYS * DAY_MS);
  const items = await em.nativeDelete(Item, { deletedAt: { $lt: deletedBefore } });
  const pages = await em.nativeDelete(Page, { deletedAt: { $lt: deletedBefore } });
  // Entries whose page came back without them, or went with a purge above: nothing left to recover.
  const recycleEntries = await em.nativeDelete(RecycleEntry, { deletedAt: { $lt: deletedBefore } });
  // Deleted catalogs below deleted ones go with their parent (cascade); pages left in them fall to the root.
  const catalogs = await em.nativeDelete(Catalog, { deletedAt: { $lt: deletedBefore } });
  // As CaptchaService.purgeExpired: kept a while past expiry, so a late answer meets "expired".
  const captchas = await em.nativeDelete(Captcha, {
    expiresAt: { $lt: new Date(now.getTime() - CAPTCHA_TTL_MS) },
  });
  const tokens = await em.nativeDelete(UserToken, { expiresAt: { $lt: now } });
  const visitGrants = await em.nativeDelete(ItemVisitGrant, { expiresAt: { $lt: now } });
  const shareLinks = await em.nativeDelete(SinglePageLink, {
    expiresAt: { $lt: new Date(now.getTime() - EXPIRED_LINK_GRACE_MS) },
  });
  return { items, pages, recycleEntries, catalogs, captchas, tokens, visitGrants, shareLinks };
}
