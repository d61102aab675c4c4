// Over 500 lines on purpose: one short method per item action (create, settings, list, star, pin, sort,
// leave, delete, archive, transfer, API key, unlock) sharing the owner-password, domain and group helpers.
// The one cross-cutting operation, copying an item, lives in item-copier.ts.
import crypto from 'node:crypto';
import { Reference, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';
import {
  Item,
  ItemApiKey,
  ItemGroup,
  ItemGroupItem,
  ItemMember,
  ItemSort,
  ItemStar,
  ItemTop,
  ItemType,
  leanReader,
  Page,
  TeamItemMember,
  User,
} from '../../../../db/src';
import type { CaptchaService } from '../accounts/captcha.service';
import { verifyPassword } from '../accounts/password';
import type { ChangeLogService } from '../changelog/changelog.service';
import { DomainError, type Language } from '../errors';
import type { RateLimits } from '../limits/rate-limits';
import type { ItemRights, PolicyService } from '../policy/policy.service';
import { inTransaction } from '../transaction';
import type { Viewer } from '../viewer';
import { copyItem } from './item-copier';
import { groupItemIds, relatedItemRows, type LeanItem } from './item-rows';
import { menuChanged } from '../catalogs/menu-cache';
import { remindAboutItem } from '../messages/reminders';

/** Types a user creates from the item list; 0 (legacy) and 3 (API client) exist only as read. */
export const CREATABLE_ITEM_TYPES: readonly number[] = [
  ItemType.Regular,
  ItemType.SinglePage,
  ItemType.Spreadsheet,
];
export const MAX_ITEM_NAME_LENGTH = 200;
export const MAX_ITEM_DESCRIPTION_LENGTH = 10_000;
export const MAX_VISIT_PASSWORD_LENGTH = 100;
export const MAX_DOMAIN_LENGTH = 64;
/** The first page of a new single-page item (ShowDoc's text, with our name). */
/** The first text of a single-page item, in the creator's language (ShowDoc's Chinese on the REST door). */
export const SINGLE_PAGE_WELCOME: Record<Language, string> = {
  zh: '欢迎使用Quire。点击右上方的编辑按钮进行编辑吧！',
  en: 'Welcome to Quire. Click the edit button at the top right to start writing!',
};
/** The item list's built-in views: 0 all items, -1 starred items; a positive id is an item group. */
export const ALL_ITEMS_VIEW = 0;
export const STARRED_VIEW = -1;

const OWNER_PASSWORD_WRONG = { en: "The item owner's login password is wrong", zh: '密码不正确' };

export interface ItemSettingsInput {
  name?: string;
  description?: string;
  /** Visit password; '' makes the item open. */
  password?: string;
  /** Regular items only. */
  allowComment?: boolean;
  allowFeedback?: boolean;
  /** The caller's item groups that should hold the item (absent: unchanged). */
  groupIds?: number[];
}

/**
 * The base-info form of the web app also changes the personal domain (spec 001 §2); ShowDoc's
 * `item/update` ignores `item_domain`, so the REST door never passes it.
 */
export interface UpdateItemInput extends ItemSettingsInput {
  /** '' removes the personal domain. */
  domain?: string;
}

export interface CreateItemInput extends ItemSettingsInput {
  name: string;
  type?: number;
  domain?: string;
  /** The words Quire writes into the new item (a single page's welcome); absent: Chinese, as ShowDoc. */
  language?: Language;
}

/** Absent settings keep the source's value; the name has no '--copy' suffix (the web form adds it). */
export interface CopyItemInput {
  sourceId: number;
  name?: string;
  description?: string;
  password?: string;
  domain?: string;
  groupIds?: number[];
}

export interface MyListFilter {
  /** Only the items the caller owns. */
  owned?: boolean;
  /** 0 all, -1 starred, >0 one of the caller's item groups. */
  groupId?: number;
}

export interface MyListEntry {
  item: LeanItem;
  rights: ItemRights;
  /** Owner or item admin (site admins are not counted here, as in ShowDoc's list). */
  manager: boolean;
  starred: boolean;
  pinned: boolean;
  /** The caller's manual position in this view; null when the item has none. */
  sortNumber: number | null;
}

export interface MyList {
  entries: MyListEntry[];
  /** The caller has pinned at least one item (ShowDoc then sends `top` on every entry). */
  hasPins: boolean;
  /** The caller has a manual order for this view (then pins no longer lead). */
  sorted: boolean;
}

export interface UnlockInput {
  /** Item id or personal domain. */
  item: number | string;
  /** When > 0, the item is the one holding this page. */
  pageId?: number;
  password: string;
  captchaId: number;
  captcha: string;
}

export interface SortEntry {
  itemId: number;
  sNumber: number;
}

/** Owner, site admin or item admin: who sees the visit password and the management actions. */
export function isItemManager(_viewer: Viewer, rights: ItemRights): boolean {
  return rights.managesWhenActive;
}

export class ItemService {
  constructor(
    private readonly em: EntityManager,
    private readonly policy: PolicyService,
    private readonly changeLog: ChangeLogService,
    private readonly captchas: CaptchaService,
    private readonly limits: RateLimits,
  ) {}

  /** An item the viewer may read, by id or personal domain. */
  async find(viewer: Viewer, idOrDomain: number | string): Promise<{ item: LeanItem; rights: ItemRights }> {
    return this.policy.requireVisitRow(viewer, idOrDomain);
  }

  async create(viewer: Viewer, input: CreateItemInput): Promise<Item> {
    const user = viewer.requireUser();
    const name = checkName(input.name);
    const type = input.type ?? ItemType.Regular;
    if (!CREATABLE_ITEM_TYPES.includes(type)) throw new DomainError('ItemTypeInvalid');
    const description = checkDescription(input.description ?? '');
    const password = checkVisitPassword(input.password ?? '');
    const domain = await this.claimDomain(input.domain);

    const regular = type === ItemType.Regular;
    const item = this.em.create(Item, {
      name,
      description,
      password,
      domain,
      type,
      owner: user,
      allowComment: regular && !!input.allowComment,
      allowFeedback: regular && !!input.allowFeedback,
    });
    this.em.persist(item);
    // Single-page and spreadsheet items are one page each, titled like the item.
    if (type === ItemType.SinglePage || type === ItemType.Spreadsheet) {
      this.em.persist(
        this.em.create(Page, {
          item,
          title: name,
          content: type === ItemType.SinglePage ? SINGLE_PAGE_WELCOME[input.language ?? 'zh'] : '',
          author: user,
          authorName: user.username,
        }),
      );
    }
    await this.addToGroups(user, item, input.groupIds ?? []);
    await this.flushNewItem();
    // A new item's menu starts a version of its own (an id reused after a purge never finds the old one).
    await menuChanged(this.em, item.id);
    return item;
  }

  /**
   * Copies an item the caller may edit into a new item they own. The source's visit password is never
   * copied: a catalog-scoped editor would learn it from the copy's settings and read the whole source.
   */
  async copy(viewer: Viewer, input: CopyItemInput): Promise<Item> {
    const user = viewer.requireUser();
    const { item: source, rights } = await this.policy.requireEdit(viewer, input.sourceId);
    const name = checkName(input.name?.trim() ? input.name : source.name);
    const description = checkDescription(input.description ?? source.description);
    const password = checkVisitPassword(copyPassword(source, input.password));
    const domain = await this.claimDomain(input.domain);
    const copy = await copyItem(this.em, source, user, {
      name,
      description,
      password,
      domain,
      catalogScope: rights.catalogScope,
    });
    await this.addToGroups(user, copy, input.groupIds ?? []);
    await this.flushNewItem();
    await menuChanged(this.em, copy.id);
    return copy;
  }

  /** Changes the base settings; a field left out stays as it is (ShowDoc blanks omitted fields). */
  async update(viewer: Viewer, itemId: number, input: UpdateItemInput): Promise<Item> {
    const user = viewer.requireUser();
    const { item } = await this.policy.requireManage(viewer, itemId);
    // GraphQL clients may send an explicit null: it means "not given" here too.
    if (given(input.name)) item.name = checkName(input.name);
    if (given(input.description)) item.description = checkDescription(input.description);
    if (given(input.password)) changeVisitPassword(item, checkVisitPassword(input.password));
    if (item.type === ItemType.Regular) {
      if (given(input.allowComment)) item.allowComment = input.allowComment;
      if (given(input.allowFeedback)) item.allowFeedback = input.allowFeedback;
    }
    if (given(input.groupIds)) await this.setGroups(user, item, input.groupIds);
    if (given(input.domain)) item.domain = await this.changeDomain(item, input.domain);
    item.lastUpdateAt = new Date();
    // The change-log entry flushes the item's changes with it: one transaction.
    await inTransaction(this.em, () =>
      this.changeLog.record(item, user, {
        action: 'update',
        objectType: 'item',
        objectId: item.id,
        objectName: item.name,
      }),
    );
    return item;
  }

  /** Settings for the manager's edit form, with the caller's groups holding the item. */
  async detail(viewer: Viewer, itemId: number): Promise<{ item: Item; owner: User; groupIds: number[] }> {
    const user = viewer.requireUser();
    const { item } = await this.policy.requireManage(viewer, itemId, { allowArchived: true });
    const owner = await Reference.create(item.owner).loadOrFail();
    return { item, owner, groupIds: await this.groupsHolding(user, item) };
  }

  /** Ids of the caller's groups that hold `item`. */
  private async groupsHolding(user: User, item: Item): Promise<number[]> {
    const rows = await this.em.find(ItemGroupItem, { item, group: { user } }, { orderBy: { group: 'asc' } });
    return rows.map((r) => r.group.id);
  }

  /**
   * The caller's items: owned, or reached as an item member or through a team; never deleted ones.
   * Ordered by id, pinned items first, unless the caller sorted this view by hand.
   */
  async myList(viewer: Viewer, filter: MyListFilter = {}): Promise<MyList> {
    const userId = viewer.requireUserId();
    const view = filter.groupId ?? ALL_ITEMS_VIEW;
    let items = await relatedItemRows(this.em, userId, filter.owned ?? false);

    const { starred, pinned: pins, order } = await this.listMarks(userId, view);
    if (view === STARRED_VIEW) {
      items = items.filter((i) => starred.has(i.id));
    } else if (view > 0) {
      const inGroup = await groupItemIds(this.em, userId, view);
      items = items.filter((i) => inGroup.has(i.id));
    } else if (view !== ALL_ITEMS_VIEW) {
      items = [];
    }

    items = [...items.filter((i) => pins.has(i.id)), ...items.filter((i) => !pins.has(i.id))];

    const sorted = order.size > 0;
    // An item without a number of its own sorts by its id, as ShowDoc does.
    if (sorted) items.sort((a, b) => (order.get(a.id) ?? a.id) - (order.get(b.id) ?? b.id));

    const rights = await this.policy.rightsMany(viewer, items);
    const entries = items.map((item): MyListEntry => {
      const r = rights.get(item.id)!;
      return {
        item,
        rights: r,
        manager: r.managesByMembership,
        starred: starred.has(item.id),
        pinned: pins.has(item.id),
        sortNumber: order.get(item.id) ?? null,
      };
    });
    return { entries, hasPins: pins.size > 0, sorted };
  }

  /**
   * The caller's stars, pins and hand-sorted numbers in `view`: one query of plain rows, not three of
   * entities (the item list is read on every home screen; issue #14).
   */
  private async listMarks(
    userId: number,
    view: number,
  ): Promise<{ starred: Set<number>; pinned: Set<number>; order: Map<number, number> }> {
    const rows = await leanReader(this.em).allKept<{ kind: string; item_id: number; s_number: number }>(
      `select 'star' as kind, item_id, 0 as s_number from item_star where user_id = ?
       union all select 'pin', item_id, 0 from item_top where user_id = ?
       union all select 'sort', item_id, s_number from item_sort where user_id = ? and group_id = ?`,
      [userId, userId, userId, view],
    );
    const marks = { starred: new Set<number>(), pinned: new Set<number>(), order: new Map<number, number>() };
    for (const row of rows) {
      const itemId = Number(row.item_id);
      if (row.kind === 'star') marks.starred.add(itemId);
      else if (row.kind === 'pin') marks.pinned.add(itemId);
      else marks.order.set(itemId, Number(row.s_number));
    }
    return marks;
  }

  /** Every item the caller owns, deleted ones included (ShowDoc's `item/itemList`). */
  async ownedItems(viewer: Viewer): Promise<Item[]> {
    const user = viewer.requireUser();
    return this.em.find(Item, { owner: user }, { orderBy: { id: 'asc' } });
  }

  /** Stars an item the caller may read; starring again replaces the star (a new id, as in ShowDoc). */
  async star(viewer: Viewer, itemId: number): Promise<ItemStar> {
    const user = viewer.requireUser();
    const item = await this.policy.findItem(itemId);
    if (!item || !(await this.policy.rights(viewer, item)).visit) throw new DomainError('ItemStarDenied');
    return inTransaction(this.em, async () => {
      await this.em.nativeDelete(ItemStar, { user, item });
      await this.insertIgnoringDuplicate(ItemStar, { user: user.id, item: item.id, createdAt: new Date() });
      return this.em.findOneOrFail(ItemStar, { user, item });
    });
  }

  async unstar(viewer: Viewer, itemId: number): Promise<void> {
    const user = viewer.requireUser();
    await this.em.nativeDelete(ItemStar, { user, item: itemId });
  }

  /**
   * Pins an item to the top of the caller's list, or unpins it (Failed when it was not pinned). Like a
   * star, a pin goes only on an item the caller may read (ShowDoc checked nothing); one's own pin can
   * always be removed.
   */
  async pin(viewer: Viewer, itemId: number, pinned: boolean): Promise<void> {
    const user = viewer.requireUser();
    if (!pinned) {
      const removed = await this.em.nativeDelete(ItemTop, { user, item: itemId });
      if (!removed) throw new DomainError('Failed');
      return;
    }
    const item = await this.policy.findItem(itemId);
    if (!item || item.deletedAt) throw new DomainError('ItemNotFound');
    if (!(await this.policy.rights(viewer, item)).visit) {
      throw new DomainError('ItemStarDenied', { en: 'You may not read this item', zh: '没有权限' });
    }
    await this.insertIgnoringDuplicate(ItemTop, { user: user.id, item: item.id, createdAt: new Date() });
  }

  /**
   * The caller's manual order of one view (0 all, -1 starred, >0 a group): replaces the previous
   * order; an empty list clears it. Unknown item ids are ignored.
   */
  async sort(viewer: Viewer, view: number, order: SortEntry[]): Promise<void> {
    const user = viewer.requireUser();
    const wanted = new Map<number, number>();
    for (const { itemId, sNumber } of order) {
      if (isPosition(itemId) && itemId > 0 && isPosition(sNumber)) wanted.set(itemId, sNumber);
    }
    const known = wanted.size
      ? new Set((await this.em.find(Item, { id: { $in: [...wanted.keys()] } })).map((i) => i.id))
      : new Set<number>();
    const existing = await this.em.find(ItemSort, { user, groupId: view });
    // Rows are updated in place rather than deleted and re-inserted: a flush inserts before it deletes.
    for (const row of existing) {
      const sNumber = wanted.get(row.item.id);
      if (sNumber === undefined || !known.has(row.item.id)) this.em.remove(row);
      else row.sNumber = sNumber;
      wanted.delete(row.item.id);
    }
    for (const [itemId, sNumber] of wanted) {
      if (!known.has(itemId)) continue;
      this.em.persist(
        this.em.create(ItemSort, { user, groupId: view, item: this.em.getReference(Item, itemId), sNumber }),
      );
    }
    await this.em.flush();
  }

  /**
   * Leaves an item: removes the caller's own membership of it. For an item reached through a team,
   * only the caller's rows for this item are removed; ShowDoc removed the caller from the whole team
   * (every other item of the team included), which leaving one item should not do.
   */
  async leave(viewer: Viewer, itemId: number): Promise<void> {
    const user = viewer.requireUser();
    const removed = await inTransaction(this.em, async () => {
      const direct = await this.em.nativeDelete(ItemMember, { user, item: itemId });
      const viaTeams = await this.em.nativeDelete(TeamItemMember, { user, item: itemId });
      return direct + viaTeams;
    });
    if (!removed)
      throw new DomainError('Failed', { en: 'You are not a member of this item', zh: '退出失败' });
  }

  /**
   * Soft-deletes an item. The owner's login password confirms it, whoever the manager is; accounts
   * from single sign-on confirm with the item name instead, and may only delete their own items.
   */
  async delete(viewer: Viewer, itemId: number, password: string, itemName = ''): Promise<void> {
    const user = viewer.requireUser();
    const { item, rights } = await this.policy.requireManage(viewer, itemId, { allowArchived: true });
    if (user.isSso) {
      if (!rights.isOwner) {
        throw new DomainError('NoPermission', {
          en: 'Single sign-on accounts may only delete items they own',
          zh: 'SSO用户只能删除自己拥有的项目',
        });
      }
      if (itemName !== item.name) {
        throw new DomainError('WrongPassword', { en: 'The item name does not match', zh: '项目名称不正确' });
      }
    } else {
      await this.confirmOwnerPassword(viewer, item, password);
    }
    item.deletedAt = new Date();
    await inTransaction(this.em, () => this.em.flush());
  }

  /** Archives an item for good: from then on it is read-only (the policy refuses every write). */
  async archive(viewer: Viewer, itemId: number, password: string): Promise<Item> {
    viewer.requireUserId();
    const { item } = await this.policy.requireManage(viewer, itemId);
    await this.confirmOwnerPassword(viewer, item, password);
    item.isArchived = true;
    await inTransaction(this.em, () => this.em.flush());
    return item;
  }

  /**
   * Hands the item to another user; the previous owner keeps no membership. The password is checked
   * before anything about the target, so "no such user" only ever answers someone who knows it.
   */
  async transfer(viewer: Viewer, itemId: number, username: string, password: string): Promise<Item> {
    viewer.requireUserId();
    const { item } = await this.policy.requireManage(viewer, itemId, { allowArchived: true });
    await this.confirmOwnerPassword(viewer, item, password);
    if (!username.trim()) throw new DomainError('BadInput');
    const target = await this.findUser(username.trim());
    if (!target) throw new DomainError('UserNotFound');
    const from = viewer.requireUser();
    item.owner = target;
    await inTransaction(this.em, async () => {
      await this.em.flush();
      await remindAboutItem(this.em, from, [target], item, 'attorn');
    });
    return item;
  }

  /** The item's open-API key pair, created on first use. */
  async apiKey(viewer: Viewer, itemId: number): Promise<ItemApiKey> {
    viewer.requireUserId();
    const { item } = await this.policy.requireManage(viewer, itemId, { allowArchived: true });
    return this.ensureApiKey(item);
  }

  /** A new api_token (the api_key stays): scripts holding the old token stop working. */
  async resetApiKey(viewer: Viewer, itemId: number): Promise<ItemApiKey> {
    viewer.requireUserId();
    const { item } = await this.policy.requireManage(viewer, itemId);
    const key = await this.ensureApiKey(item);
    key.apiToken = randomKey();
    await this.em.flush();
    return key;
  }

  private async ensureApiKey(item: Item): Promise<ItemApiKey> {
    const existing = await this.em.findOne(ItemApiKey, { item });
    if (existing) return existing;
    // A concurrent first request may create it too: the unique item column keeps one.
    await this.insertIgnoringDuplicate(ItemApiKey, {
      item: item.id,
      apiKey: randomKey(),
      apiToken: randomKey(),
      createdAt: new Date(),
    });
    return this.em.findOneOrFail(ItemApiKey, { item });
  }

  /** INSERT that leaves an existing row (same unique key) in place, on SQLite and MySQL alike. */
  private async insertIgnoringDuplicate<T extends object>(
    entity: new () => T,
    row: Record<string, unknown>,
  ): Promise<void> {
    await (this.em as SqlEntityManager)
      .createQueryBuilder(entity)
      .insert(row)
      .onConflict()
      .ignore()
      .execute();
  }

  /**
   * Checks a private item's visit password (captcha first). For a session (GraphQL login or visitor
   * cookie) the unlock is remembered; ShowDoc clients instead resend `_item_pwd` with every request.
   */
  async unlock(viewer: Viewer, input: UnlockInput): Promise<Item> {
    if (!(await this.captchas.verify(input.captchaId, input.captcha))) throw new DomainError('CaptchaWrong');
    const item = await this.resolveForUnlock(input);
    if (!item || item.deletedAt) throw new DomainError('ItemNotFound');
    if (input.password === '') throw new DomainError('VisitPasswordWrong');
    const attempt = await this.limits.visitPassword.admit(`item:${item.id}`, viewer.ip);
    if (input.password !== item.password) throw new DomainError('VisitPasswordWrong');
    await attempt.succeeded();
    await this.policy.grantVisit(viewer, item);
    return item;
  }

  private async resolveForUnlock(input: UnlockInput): Promise<Item | null> {
    if (input.pageId && input.pageId > 0) {
      const page = await this.em.findOne(Page, { id: input.pageId });
      return page ? Reference.create(page.item).load() : null;
    }
    return this.policy.findItem(input.item);
  }

  /**
   * The owner's login password, guessed at by any manager of the item: limited like a login, per
   * address and per owner, and counted before the slow hash.
   */
  private async confirmOwnerPassword(viewer: Viewer, item: Item, password: string): Promise<void> {
    if (!password) throw new DomainError('BadInput');
    const owner = await Reference.create(item.owner).loadOrFail();
    const attempt = await this.limits.ownerPassword.admit(`user:${owner.id}`, viewer.ip);
    if (!(await verifyPassword(owner.passwordHash, password))) {
      throw new DomainError('WrongPassword', OWNER_PASSWORD_WRONG);
    }
    await attempt.succeeded();
  }

  /** By username or e-mail address, case-insensitively as at login. */
  private async findUser(login: string): Promise<User | null> {
    const column = login.includes('@') ? 'email' : 'username';
    return (this.em as SqlEntityManager)
      .createQueryBuilder(User, 'u')
      .where(`lower(u.${column}) = ?`, [login.toLowerCase()])
      .getSingleResult();
  }

  /**
   * Validates a personal domain and makes sure no live item uses it (compared case-insensitively, as
   * MySQL's collation does). A deleted item still holding it gives it up, since the column is unique.
   */
  private async claimDomain(raw: string | undefined): Promise<string | null> {
    const domain = (raw ?? '').trim();
    if (!domain) return null;
    if (domain.length > MAX_DOMAIN_LENGTH || !/^[A-Za-z0-9]+$/.test(domain) || /^\d+$/.test(domain)) {
      throw new DomainError('DomainInvalid');
    }
    const holders = await (this.em as SqlEntityManager)
      .createQueryBuilder(Item, 'i')
      .where('lower(i.domain) = ?', [domain.toLowerCase()])
      .getResult();
    if (holders.some((i) => !i.deletedAt)) throw new DomainError('DomainTaken');
    if (holders.length) {
      for (const holder of holders) holder.domain = null;
      await this.em.flush();
    }
    return domain;
  }

  /** The item's new personal domain: its own (in any case) stays its own, another is claimed. */
  private async changeDomain(item: Item, raw: string): Promise<string | null> {
    const wanted = raw.trim();
    if (wanted !== '' && wanted.toLowerCase() === (item.domain ?? '').toLowerCase()) return wanted;
    return this.claimDomain(wanted);
  }

  private async flushNewItem(): Promise<void> {
    try {
      await this.em.flush();
    } catch (err) {
      // The domain was claimed by a concurrent request between our check and this insert.
      if (err instanceof UniqueConstraintViolationException) throw new DomainError('DomainTaken');
      throw err;
    }
  }

  private async addToGroups(user: User, item: Item, groupIds: number[]): Promise<void> {
    const ids = [...new Set(groupIds.filter((id) => Number.isSafeInteger(id) && id > 0))];
    if (!ids.length) return;
    const groups = await this.em.find(ItemGroup, { id: { $in: ids }, user });
    for (const group of groups) this.em.persist(this.em.create(ItemGroupItem, { group, item }));
  }

  /** Exactly the selected groups of the caller hold the item afterwards (others' groups untouched). */
  private async setGroups(user: User, item: Item, groupIds: number[]): Promise<void> {
    const groups = await this.em.find(ItemGroup, { user });
    const selected = new Set(groupIds);
    const rows = await this.em.find(ItemGroupItem, { item, group: { user } });
    const holding = new Set(rows.map((r) => r.group.id));
    for (const row of rows) if (!selected.has(row.group.id)) this.em.remove(row);
    for (const group of groups) {
      if (selected.has(group.id) && !holding.has(group.id)) {
        this.em.persist(this.em.create(ItemGroupItem, { group, item }));
      }
    }
  }
}

function given<T>(value: T | null | undefined): value is T {
  return value !== undefined && value !== null;
}

/** Positions are stored in 32-bit integer columns. */
export function isPosition(value: number): boolean {
  return Number.isInteger(value) && Math.abs(value) <= 2_147_483_647;
}

function checkName(raw: string): string {
  const name = raw.trim();
  if (!name) throw new DomainError('ItemNameRequired');
  if (name.length > MAX_ITEM_NAME_LENGTH) throw new DomainError('NameTooLong');
  return name;
}

function checkDescription(description: string): string {
  if (description.length > MAX_ITEM_DESCRIPTION_LENGTH) {
    throw new DomainError('BadInput', { en: 'The description is too long', zh: '项目描述过长' });
  }
  return description;
}

/**
 * The copy's visit password: the one given ('' = open). A private source's copy needs a new one, since
 * copying the source's would hand it to the copier, whatever their catalog scope.
 */
function copyPassword(source: Item, given: string | undefined): string {
  if (given !== undefined) return given;
  if (source.password === '') return '';
  throw new DomainError('BadInput', {
    en: 'The item is private: set a visit password for the copy (the original one is not copied)',
    zh: '该项目为私密项目：请为副本设置访问密码（原项目的访问密码不会被复制）',
  });
}

/** A new visit password ends every unlock made under the old one (the grants carry the version). */
function changeVisitPassword(item: Item, password: string): void {
  if (password === item.password) return;
  item.password = password;
  item.passwordVersion += 1;
}

function checkVisitPassword(password: string): string {
  if (password.length > MAX_VISIT_PASSWORD_LENGTH) {
    throw new DomainError('BadInput', { en: 'The visit password is too long', zh: '访问密码过长' });
  }
  return password;
}

/** 32 random hex characters and a random number, the shape of ShowDoc's api_key and api_token. */
function randomKey(): string {
  return crypto.randomBytes(16).toString('hex') + crypto.randomInt(1, 1_000_000_000);
}
