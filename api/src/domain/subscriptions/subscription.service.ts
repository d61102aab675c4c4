import type { EntityManager } from '@mikro-orm/core';
import { Subscription, User, type Page } from '../../../../db/src';
import { DomainError } from '../errors';
import type { PageService } from '../pages/page.service';
import { Viewer } from '../viewer';

/** Users one call may (un)subscribe: the editor's dialog lists an item's members, never more. */
export const SUBSCRIBERS_PER_CALL_MAX = 200;

/**
 * Who follows a page's updates (compat-api §12). Editors manage a page's subscribers for save-and-notify;
 * any reader may follow or leave a page for themselves. Only users who may read the page can follow it,
 * so a reminder never tells anyone about a page they cannot open.
 */
export class SubscriptionService {
  constructor(
    private readonly em: EntityManager,
    private readonly pages: PageService,
  ) {}

  /** The page's subscribers, oldest first (editors). */
  async list(viewer: Viewer, pageId: number): Promise<Subscription[]> {
    const page = await this.editable(viewer, pageId);
    return this.em.find(
      Subscription,
      { page, actionType: 'update' },
      { populate: ['user'], orderBy: { id: 'asc' } },
    );
  }

  /** Subscribes these users (editors); those already subscribed stay as they are. */
  async add(viewer: Viewer, pageId: number, userIds: number[]): Promise<void> {
    const page = await this.editable(viewer, pageId);
    const users = await this.usersOf(userIds);
    for (const user of users) {
      const readable = await this.pages.readable(new Viewer(user), page.id).then(
        () => true,
        () => false,
      );
      if (!readable) throw new DomainError('SubscriberInvalid');
    }
    await this.subscribe(page, users);
  }

  /** Unsubscribes these users (editors). */
  async remove(viewer: Viewer, pageId: number, userIds: number[]): Promise<void> {
    const page = await this.editable(viewer, pageId);
    const ids = this.checkIds(userIds);
    if (ids.length) await this.em.nativeDelete(Subscription, { page, user: { $in: ids } });
  }

  /** Whether the viewer follows the page. */
  async isFollowing(viewer: Viewer, pageId: number): Promise<boolean> {
    const me = viewer.requireUser();
    const { page } = await this.pages.readable(viewer, pageId);
    return (await this.em.count(Subscription, { page, user: me, actionType: 'update' })) > 0;
  }

  /** Follows (or leaves) a page the viewer may read. */
  async follow(viewer: Viewer, pageId: number, on: boolean): Promise<boolean> {
    const me = viewer.requireUser();
    const { page } = await this.pages.readable(viewer, pageId);
    if (on) await this.subscribe(page, [me]);
    else await this.em.nativeDelete(Subscription, { page, user: me });
    return on;
  }

  private async subscribe(page: Page, users: User[]): Promise<void> {
    if (!users.length) return;
    const existing = await this.em.find(
      Subscription,
      { page, actionType: 'update', user: { $in: users.map((u) => u.id) } },
      { fields: ['user'] },
    );
    const have = new Set(existing.map((s) => s.user.id));
    const rows = users
      .filter((u) => !have.has(u.id))
      .map((user) => this.em.create(Subscription, { user, page, actionType: 'update' }, { persist: false }));
    // A concurrent subscribe of the same user hits the unique key: the subscription exists, which is the aim.
    for (const row of rows) await this.em.insert(row).catch(() => undefined);
  }

  /** The page, if the viewer may edit it: ShowDoc answers 10103 where the policy would say 10101. */
  private async editable(viewer: Viewer, pageId: number): Promise<Page> {
    viewer.requireUserId();
    if (pageId <= 0) throw new DomainError('SubscriptionPageRequired');
    try {
      return (await this.pages.writable(viewer, pageId)).page;
    } catch (err) {
      if (err instanceof DomainError && err.info.code === 'FORBIDDEN')
        throw new DomainError('SubscriptionEditDenied');
      throw err;
    }
  }

  private checkIds(userIds: number[]): number[] {
    const ids = [...new Set(userIds.filter((id) => Number.isInteger(id) && id > 0))];
    if (ids.length > SUBSCRIBERS_PER_CALL_MAX) {
      throw new DomainError('BadInput', {
        en: `At most ${SUBSCRIBERS_PER_CALL_MAX} users at once`,
        zh: `一次最多 ${SUBSCRIBERS_PER_CALL_MAX} 个用户`,
      });
    }
    return ids;
  }

  private async usersOf(userIds: number[]): Promise<User[]> {
    const ids = this.checkIds(userIds);
    if (!ids.length) return [];
    const users = await this.em.find(User, { id: { $in: ids } });
    if (users.length !== ids.length) throw new DomainError('UserNotFound');
    return users;
  }
}
