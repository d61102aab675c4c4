import crypto from 'node:crypto';
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import { AttachmentPage, Item, Page, SinglePageLink } from '../../../../db/src';
import { DomainError } from '../errors';
import type { PageService } from '../pages/page.service';
import type { PolicyService } from '../policy/policy.service';
import { inTransaction } from '../transaction';
import type { Viewer } from '../viewer';

/** Lifetimes a share link may have, in days; 0 = for ever (spec 001 §9). */
export const SHARE_EXPIRY_DAYS: readonly number[] = [0, 1, 7, 30, 180];
const DAY_MS = 24 * 60 * 60 * 1000;

/** A page opened by its share key: that page alone, nothing of its item or catalogs beside it. */
export interface SharedPage {
  page: Page;
  link: SinglePageLink;
  attachmentCount: number;
}

/**
 * Public links to one page (`/p/{key}`). A key is 128 random bits (32 hex digits); at most one link per
 * page; changing its lifetime makes a new key, so an old URL stops working. Creating and revoking need the
 * right to write the page (inside a catalog scope); reading needs only the key.
 */
export class ShareService {
  constructor(
    private readonly em: EntityManager,
    private readonly pages: PageService,
    private readonly policy: PolicyService,
  ) {}

  /** The page's live link, or null. */
  async linkOf(viewer: Viewer, pageId: number, now = new Date()): Promise<SinglePageLink | null> {
    const { page } = await this.pages.writable(viewer, pageId);
    const link = await this.em.findOne(SinglePageLink, { page });
    return link && isLive(link, now) ? link : null;
  }

  /** Replaces the page's link with a new one lasting `expireDays` (0: for ever). */
  async share(viewer: Viewer, pageId: number, expireDays: number, now = new Date()): Promise<SinglePageLink> {
    if (!SHARE_EXPIRY_DAYS.includes(expireDays)) throw new DomainError('ShareExpiryInvalid');
    const { page } = await this.pages.writable(viewer, pageId);
    try {
      return await inTransaction(this.em, async () => {
        await this.em.nativeDelete(SinglePageLink, { page });
        const link = this.em.create(SinglePageLink, {
          page,
          uniqueKey: crypto.randomBytes(16).toString('hex'),
          expiresAt: expireDays === 0 ? null : new Date(now.getTime() + expireDays * DAY_MS),
          createdAt: now,
        });
        await this.em.persist(link).flush();
        return link;
      });
    } catch (err) {
      // Another share of the same page got in between (one link per page).
      if (err instanceof UniqueConstraintViolationException) {
        throw new DomainError('Failed', {
          en: 'The page was shared at the same moment: try again',
          zh: '该页面正在被同时分享，请重试',
        });
      }
      throw err;
    }
  }

  /** Turns sharing off; true when there was a link. */
  async unshare(viewer: Viewer, pageId: number): Promise<boolean> {
    const { page } = await this.pages.writable(viewer, pageId);
    return (await this.em.nativeDelete(SinglePageLink, { page })) > 0;
  }

  /**
   * The page behind a key, for anyone holding it. Unknown or revoked keys and expired links are refused
   * (an expired link is deleted on the way, as ShowDoc does); so are pages deleted since, or whose item
   * was deleted (ShowDoc still showed those). With the `viewer`, a visitor is refused while the site
   * requires sign-in (ShowDoc left share links open then); a door that passes none is not checked.
   */
  async open(key: string, now = new Date(), viewer?: Viewer): Promise<SharedPage> {
    if (viewer) await this.policy.requireSiteVisit(viewer);
    const uniqueKey = key.trim();
    if (!uniqueKey) throw new DomainError('BadInput');
    const link = /^[0-9a-f]{1,64}$/i.test(uniqueKey)
      ? await this.em.findOne(SinglePageLink, { uniqueKey })
      : null;
    // MySQL compares case-insensitively: the key must match exactly.
    if (!link || link.uniqueKey !== uniqueKey) throw new DomainError('ShareLinkUnknown');
    if (!isLive(link, now)) {
      await this.em.nativeDelete(SinglePageLink, { id: link.id });
      throw new DomainError('ShareLinkExpired');
    }
    const page = await this.em.findOne(Page, { id: link.page.id, deletedAt: null });
    const item = page ? await this.em.findOne(Item, { id: page.item.id, deletedAt: null }) : null;
    if (!page || !item) throw new DomainError('PageNotFound');
    const attachmentCount = await this.em.count(AttachmentPage, { page });
    return { page, link, attachmentCount };
  }
}

function isLive(link: SinglePageLink, now: Date): boolean {
  return link.expiresAt === null || link.expiresAt > now;
}
