import crypto from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { Item, ItemApiKey, ItemVisitGrant, leanReader, MemberGroup } from '../../../../db/src';
import { DomainError } from '../errors';
import { itemRow, type LeanItem } from '../items/item-rows';
import { SettingsService } from '../settings/settings.service';
import { afterCommit, inTransaction } from '../transaction';
import type { RateLimits } from '../limits/rate-limits';
import type { Viewer } from '../viewer';

/** What one viewer may do in one item. The only place in Quire that decides it. */
export interface ItemRights {
  visit: boolean;
  edit: boolean;
  manage: boolean;
  isOwner: boolean;
  /** Read-only for every write path; `edit` and `manage` are false while archived. */
  archived: boolean;
  /** Top-level catalog ids a scoped member is limited to; null = the whole item. */
  catalogScope: number[] | null;
  /**
   * Top-level catalog ids where `edit` applies; null = wherever the viewer may read. Narrower than
   * `catalogScope` when the grants differ per catalog (read-only in B through a team, edit in A directly).
   */
  editScope: number[] | null;
  /** The strongest member group that applies (2 admin, 1 edit, 0 read-only), or null for none. */
  memberGroup: number | null;
  /** Would manage the item if it were not archived (owner, site admin, item admin): `manage` ignoring archive. */
  managesWhenActive: boolean;
  /** Would edit the item if it were not archived: `edit` ignoring archive. */
  editsWhenActive: boolean;
  /**
   * Owner or item admin by membership, the site administrator left out: ShowDoc's item list flag
   * `manage` ("site admins get 0 for others' items", compat-api item/myList), kept on purpose.
   */
  managesByMembership: boolean;
  /** `visit` is false only because the site requires sign-in (`force_login`) and the viewer is anonymous. */
  loginRequired: boolean;
}

export const VISIT_GRANT_DAYS = 30;
/** Up to this many items, the grant query binds their ids; past it, it reads all of the viewer's grants. */
export const GRANT_IDS_BOUND = 500;

const NONE: ItemRights = {
  visit: false,
  edit: false,
  manage: false,
  isOwner: false,
  archived: false,
  catalogScope: null,
  editScope: null,
  memberGroup: null,
  managesWhenActive: false,
  editsWhenActive: false,
  managesByMembership: false,
  loginRequired: false,
};

/**
 * What the policy reads of an item: an `Item` entity, or a plain row of a hot read path (the item list
 * reads its items as rows, without entities).
 */
export interface PolicyItem {
  id: number;
  owner: { id: number };
  password: string;
  passwordVersion: number;
  isArchived: boolean;
  deletedAt: Date | null;
  /**
   * The grants of one user in the item, when the read that found the item read them as well (the item
   * list, issue #14): the policy then reads none of its own for that user.
   */
  viewerGrants?: ViewerGrants;
}

/** An item's id (a positive safe integer, also as digits) or its personal domain; null for neither. */
function itemKey(idOrDomain: number | string): { id: number } | { domain: string } | null {
  const asNumber =
    typeof idOrDomain === 'number' ? idOrDomain : /^\d+$/.test(idOrDomain) ? Number(idOrDomain) : NaN;
  if (Number.isSafeInteger(asNumber) && asNumber > 0) return { id: asNumber };
  if (typeof idOrDomain === 'string' && idOrDomain.trim()) return { domain: idOrDomain.trim() };
  return null;
}

export interface Grant {
  group: number;
  catalogIds: number[];
}

/** A user's member and team-member grants in one item (none: the user is no member). */
export interface ViewerGrants {
  userId: number;
  grants: Grant[];
}

/** One member or team-member row of the viewer with one of its catalogs (none: unscoped). */
export interface GrantRow {
  via: string;
  id: number;
  item_id: number;
  member_group_id: number;
  catalog_id: number | null;
}

/** Grant rows as grants by item id; a grant spans as many rows as it has catalogs. */
export function grantsOfRows(rows: readonly GrantRow[]): Map<number, Grant[]> {
  const grants = new Map<number, Grant[]>();
  const byRow = new Map<string, Grant>();
  for (const row of rows) {
    const key = `${row.via}${row.id}`;
    let grant = byRow.get(key);
    if (!grant) {
      grant = { group: Number(row.member_group_id), catalogIds: [] };
      byRow.set(key, grant);
      const itemId = Number(row.item_id);
      grants.set(itemId, [...(grants.get(itemId) ?? []), grant]);
    }
    if (row.catalog_id !== null) grant.catalogIds.push(Number(row.catalog_id));
  }
  return grants;
}

/**
 * An item opened by its open-API key pair (scripts, CI): full write access to that one item, and no user.
 * Only the policy creates one (the class is not exported, and its private member makes the type nominal),
 * so a service method taking it cannot be reached without the key check.
 */
class ApiKeyAccess {
  private readonly grantedBy = 'api-key';

  constructor(
    readonly item: Item,
    readonly rights: ItemRights,
  ) {}
}
export type { ApiKeyAccess };

/**
 * Rights come from: site admin, item owner, item member and team-item member rows (the strongest
 * wins), the visit password (`_item_pwd` on the REST door) or a visit grant of the session, and the
 * item's open/archived/deleted state. Rights of many items load in a fixed number of queries.
 */
export class PolicyService {
  private readonly cache = new Map<string, ItemRights>();
  /** The site's `force_login`, read once per request (cleared with the rights). */
  private forceLogin: Promise<boolean> | null = null;
  private readonly settings: SettingsService;

  constructor(
    private readonly em: EntityManager,
    /** Guessing `_item_pwd` on every request is limited as `item/pwd` is (absent: not counted, unit tests). */
    private readonly limits?: RateLimits,
  ) {
    this.settings = new SettingsService(em);
    // Rights rest on many tables (items, members, teams, grants, settings): any commit may change them.
    afterCommit(em).onEveryCommit(() => this.forget());
  }

  /** An item by id or personal domain, including its deleted state (callers decide what to do with it). */
  async findItem(idOrDomain: number | string): Promise<Item | null> {
    const key = itemKey(idOrDomain);
    if (!key) return null;
    return this.em.findOne(Item, 'id' in key ? { id: key.id } : { domain: key.domain, deletedAt: null });
  }

  /**
   * `findItem` as a plain row, for read paths that only show the item (the item screen, issue #14): no
   * entity, no query builder. Never for a request that changed the item without flushing.
   */
  async findItemRow(idOrDomain: number | string): Promise<LeanItem | null> {
    const key = itemKey(idOrDomain);
    return key ? itemRow(this.em, key) : null;
  }

  async rights(viewer: Viewer, item: PolicyItem): Promise<ItemRights> {
    return (await this.rightsMany(viewer, [item])).get(item.id) ?? NONE;
  }

  async rightsMany(viewer: Viewer, items: readonly PolicyItem[]): Promise<Map<number, ItemRights>> {
    const result = new Map<number, ItemRights>();
    const missing: PolicyItem[] = [];
    for (const item of items) {
      const cached = this.cache.get(this.key(viewer, item.id));
      if (cached) result.set(item.id, cached);
      else missing.push(item);
    }
    if (missing.length) {
      // An owner's own member rows change nothing (owners manage, unscoped): only others' items cost the
      // grant queries, and a list of one's own items none (issue #14).
      const userId = viewer.userId;
      const others = missing.filter((i) => !i.deletedAt && i.owner.id !== userId);
      const known = (i: PolicyItem) => userId !== undefined && i.viewerGrants?.userId === userId;
      const ids = others.filter((i) => !known(i)).map((i) => i.id);
      const grants = ids.length ? await this.memberGrants(viewer, ids) : new Map<number, Grant[]>();
      for (const item of others) if (known(item)) grants.set(item.id, item.viewerGrants!.grants);
      // A session's unlock matters only where nothing else opens the item: a locked item of someone else
      // the viewer is no member of.
      const locked = missing.filter(
        (i) => !i.deletedAt && i.password !== '' && i.owner.id !== userId && !grants.get(i.id)?.length,
      );
      const unlocked =
        locked.length && !viewer.isAdmin ? await this.visitGrants(viewer, locked) : new Set<number>();
      // Signed-in users are never affected, so only a visitor costs the setting's query.
      const loginRequired = !viewer.isLoggedIn && (await this.siteRequiresLogin());
      for (const item of missing) {
        const itemGrants = grants.get(item.id) ?? [];
        const otherwiseVisitable =
          itemGrants.length > 0 || unlocked.has(item.id) || this.isOwnerOrAdmin(viewer, item);
        const rights = this.decide(
          viewer,
          item,
          itemGrants,
          unlocked.has(item.id) || (!otherwiseVisitable && (await this.visitPasswordMatches(viewer, item))),
          loginRequired,
        );
        this.cache.set(this.key(viewer, item.id), rights);
        result.set(item.id, rights);
      }
    }
    return result;
  }

  /**
   * Refuses a visitor while the site requires sign-in (`force_login`), for reads that reach content
   * without an item check (a page's share link); item reads get the same rule through `rights().visit`.
   */
  async requireSiteVisit(viewer: Viewer): Promise<void> {
    if (!viewer.isLoggedIn && (await this.siteRequiresLogin())) throw new DomainError('ForceLogin');
  }

  private siteRequiresLogin(): Promise<boolean> {
    this.forceLogin ??= this.settings.flag('force_login');
    return this.forceLogin;
  }

  private decide(
    viewer: Viewer,
    item: PolicyItem,
    grants: Grant[],
    unlocked: boolean,
    loginRequired: boolean,
  ): ItemRights {
    if (item.deletedAt) return NONE;
    const isOwner = viewer.userId !== undefined && item.owner.id === viewer.userId;
    const memberGroup = grants.length ? Math.max(...grants.map((g) => g.group)) : null;
    const manage = isOwner || viewer.isAdmin || memberGroup === MemberGroup.Admin;
    const edit = manage || memberGroup === MemberGroup.Edit;
    const open = item.password === '';
    // `unlocked`: a visit grant of the session, or the request's own right visit password.
    const visitable = manage || memberGroup !== null || open || unlocked;
    // Each grant counts only where it applies: reading reaches the union of all grants' catalogs, editing
    // only the union of the edit grants' catalogs. An unscoped grant (or item admin) covers the whole item.
    // The scope holds on open or password-visited items too, as ShowDoc's menu does for scoped members:
    // there it narrows what the member works on rather than guarding anything an anonymous reader lacks.
    const catalogScope = manage ? null : scopeOf(grants);
    const editScope = manage ? null : scopeOf(grants.filter((g) => g.group >= MemberGroup.Edit));
    return {
      visit: visitable && !loginRequired,
      edit: edit && !item.isArchived,
      manage: manage && !item.isArchived,
      isOwner,
      archived: item.isArchived,
      catalogScope,
      editScope,
      memberGroup,
      managesWhenActive: manage,
      editsWhenActive: edit,
      managesByMembership: isOwner || memberGroup === MemberGroup.Admin,
      loginRequired: visitable && loginRequired,
    };
  }

  private isOwnerOrAdmin(viewer: Viewer, item: PolicyItem): boolean {
    return viewer.isAdmin || (viewer.userId !== undefined && item.owner.id === viewer.userId);
  }

  /**
   * The visit password a request carries (`_item_pwd`), for a viewer with no other way in. Each try is
   * counted as `item/pwd` counts it (per address and per item, refused with a wait once it keeps failing),
   * so sending the password with every request is no unlimited guessing door; a right one is forgiven.
   */
  private async visitPasswordMatches(viewer: Viewer, item: PolicyItem): Promise<boolean> {
    if (!viewer.visitPassword || item.password === '' || item.deletedAt) return false;
    const attempt = await this.limits?.visitPassword.admit(`item:${item.id}`, viewer.ip);
    if (viewer.visitPassword !== item.password) return false;
    await attempt?.succeeded();
    return true;
  }

  /**
   * The viewer's member and team-member grants in these items, with their catalogs: one lean query of
   * plain rows (read on every item request and for every row of the item list; issue #14). Past
   * `GRANT_IDS_BOUND` items it reads all of the viewer's grants instead of binding every id (SQLite
   * refuses statements with more than 32,766 parameters); grants of other items are never looked up.
   */
  private async memberGrants(viewer: Viewer, itemIds: number[]): Promise<Map<number, Grant[]>> {
    const userId = viewer.userId;
    if (userId === undefined) return new Map();
    const bound = itemIds.length <= GRANT_IDS_BOUND;
    const inItems = (alias: string) =>
      bound ? ` and ${alias}.item_id in (${itemIds.map(() => '?').join(', ')})` : '';
    const rows = await leanReader(this.em).allKept<GrantRow>(
      `select 'm' as via, m.id, m.item_id, m.member_group_id, c.catalog_id from item_member m
         left join item_member_catalog c on c.item_member_id = m.id
         where m.user_id = ?${inItems('m')}
       union all
       select 't', t.id, t.item_id, t.member_group_id, c.catalog_id from team_item_member t
         left join team_item_member_catalog c on c.team_item_member_id = t.id
         where t.user_id = ?${inItems('t')}`,
      bound ? [userId, ...itemIds, userId, ...itemIds] : [userId, userId],
    );
    return grantsOfRows(rows);
  }

  /** Items this session unlocked under their current visit password (a changed password voids the unlock). */
  private async visitGrants(viewer: Viewer, items: PolicyItem[]): Promise<Set<number>> {
    if (!viewer.sessionKey) return new Set();
    const rows = await this.em.find(ItemVisitGrant, {
      sessionKey: viewer.sessionKey,
      item: { $in: items.map((i) => i.id) },
      expiresAt: { $gt: new Date() },
    });
    const versions = new Map(items.map((i) => [i.id, i.passwordVersion]));
    return new Set(rows.filter((r) => versions.get(r.item.id) === r.passwordVersion).map((r) => r.item.id));
  }

  private key(viewer: Viewer, itemId: number): string {
    return `${viewer.userId ?? 0}:${viewer.sessionKey ?? ''}:${viewer.visitPassword ?? ''}:${itemId}`;
  }

  /** Forgets cached rights; every commit on this EntityManager does it (`afterCommit`). */
  forget(): void {
    this.cache.clear();
    this.forceLogin = null;
  }

  /**
   * The item, if the viewer may read it: NotFound for missing or deleted, 10303 for a locked item, then
   * 10312 for a visitor while the site requires sign-in (ShowDoc's order in `item/info`). Every read path
   * passes here or through `rights().visit`, so `force_login` holds on both doors alike.
   */
  async requireVisit(
    viewer: Viewer,
    idOrDomain: number | string,
  ): Promise<{ item: Item; rights: ItemRights }> {
    return this.requireVisitOf(viewer, await this.findItem(idOrDomain));
  }

  /** `requireVisit` with the item as a plain row (`findItemRow`): the same checks, in the same order. */
  async requireVisitRow(
    viewer: Viewer,
    idOrDomain: number | string,
  ): Promise<{ item: LeanItem; rights: ItemRights }> {
    return this.requireVisitOf(viewer, await this.findItemRow(idOrDomain));
  }

  /** `requireVisit` of an item read earlier in this request (a GraphQL item's menu field). */
  async requireVisitOf<T extends PolicyItem>(
    viewer: Viewer,
    item: T | null,
  ): Promise<{ item: T; rights: ItemRights }> {
    if (!item || item.deletedAt) throw new DomainError('ItemNotFound');
    const rights = await this.rights(viewer, item);
    if (!rights.visit) throw new DomainError(rights.loginRequired ? 'ForceLogin' : 'ItemVisitDenied');
    return { item, rights };
  }

  /** The item, if the viewer may write content in it; archived items refuse every write. */
  async requireEdit(
    viewer: Viewer,
    idOrDomain: number | string,
  ): Promise<{ item: Item; rights: ItemRights }> {
    viewer.requireUserId();
    return this.requireEditOf(viewer, await this.findItem(idOrDomain));
  }

  /**
   * `requireEdit` with the item as a plain row (`findItemRow`): the same checks, in the same order, for a
   * page save, which writes the item only by statement (an entity's find cost ~0.2 ms; issue #14).
   */
  async requireEditRow(
    viewer: Viewer,
    idOrDomain: number | string,
  ): Promise<{ item: LeanItem; rights: ItemRights }> {
    viewer.requireUserId();
    return this.requireEditOf(viewer, await this.findItemRow(idOrDomain));
  }

  private async requireEditOf<T extends PolicyItem>(
    viewer: Viewer,
    item: T | null,
  ): Promise<{ item: T; rights: ItemRights }> {
    if (!item || item.deletedAt) throw new DomainError('ItemNotFound');
    const rights = await this.rights(viewer, item);
    if (rights.archived && rights.editsWhenActive) throw new DomainError('ItemArchived');
    if (!rights.edit) throw new DomainError('ItemEditDenied');
    return { item, rights };
  }

  /**
   * The item, if the viewer manages it. `allowArchived` is for the actions that stay possible on an
   * archived item: deleting it and transferring it.
   */
  async requireManage(
    viewer: Viewer,
    idOrDomain: number | string,
    options: { allowArchived?: boolean } = {},
  ): Promise<{ item: Item; rights: ItemRights }> {
    viewer.requireUserId();
    const item = await this.findItem(idOrDomain);
    if (!item || item.deletedAt) throw new DomainError('ItemNotFound');
    const rights = await this.rights(viewer, item);
    if (rights.archived && rights.managesWhenActive && !options.allowArchived)
      throw new DomainError('ItemArchived');
    if (!rights.managesWhenActive) throw new DomainError('ItemManageDenied');
    return { item, rights };
  }

  /**
   * The item whose open-API key pair this is (compared in constant time). Writes refuse archived items;
   * a deleted item's keys open nothing. Records when the key was last used.
   */
  async requireApiKey(
    apiKey: string,
    apiToken: string,
    options: { write: boolean; now?: Date },
  ): Promise<ApiKeyAccess> {
    const key = apiKey.trim() ? await this.em.findOne(ItemApiKey, { apiKey: apiKey.trim() }) : null;
    // MySQL compares case-insensitively: the exact bytes are checked here.
    if (!key || key.apiKey !== apiKey.trim() || !sameSecret(key.apiToken, apiToken.trim())) {
      throw new DomainError('ApiKeyMismatch');
    }
    const item = await this.em.findOne(Item, { id: key.item.id });
    if (!item || item.deletedAt) throw new DomainError('ApiKeyMismatch');
    if (options.write && item.isArchived) throw new DomainError('ItemArchived');
    key.lastCheckAt = options.now ?? new Date();
    await this.em.flush();
    return new ApiKeyAccess(item, {
      visit: true,
      edit: !item.isArchived,
      manage: !item.isArchived,
      isOwner: false,
      archived: item.isArchived,
      catalogScope: null,
      editScope: null,
      memberGroup: null,
      managesWhenActive: true,
      editsWhenActive: true,
      managesByMembership: false,
      loginRequired: false,
    });
  }

  /** May the viewer see a page or catalog whose top-level catalog is `topCatalogId` (null = item root)? */
  static inScope(rights: ItemRights, topCatalogId: number | null): boolean {
    if (rights.catalogScope === null) return true;
    return topCatalogId !== null && rights.catalogScope.includes(topCatalogId);
  }

  /** Would the viewer edit the item if it were not archived? Kept for callers: `rights.editsWhenActive`. */
  static editsWhenActive(_viewer: Viewer, rights: ItemRights): boolean {
    return rights.editsWhenActive;
  }

  /** May the viewer write in the top-level catalog `topCatalogId` (null = item root, open to any editor)? */
  static inEditScope(rights: ItemRights, topCatalogId: number | null): boolean {
    if (!rights.edit) return false;
    if (topCatalogId === null) return true;
    if (!PolicyService.inScope(rights, topCatalogId)) return false;
    return rights.editScope === null || rights.editScope.includes(topCatalogId);
  }

  /** Remembers that this session unlocked a password-protected item (GraphQL clients). */
  async grantVisit(viewer: Viewer, item: Item, now = new Date()): Promise<void> {
    if (!viewer.sessionKey) return;
    const expiresAt = new Date(now.getTime() + VISIT_GRANT_DAYS * 24 * 60 * 60 * 1000);
    const passwordVersion = item.passwordVersion;
    const existing = await this.em.findOne(ItemVisitGrant, { sessionKey: viewer.sessionKey, item });
    if (existing) Object.assign(existing, { expiresAt, passwordVersion });
    else {
      const grant = { sessionKey: viewer.sessionKey, item, expiresAt, passwordVersion };
      this.em.persist(this.em.create(ItemVisitGrant, grant));
    }
    await inTransaction(this.em, () => this.em.flush());
  }
}

/** The catalogs a set of grants reaches: null (the whole item) when any is unscoped, else their union. */
function scopeOf(grants: Grant[]): number[] | null {
  if (grants.length === 0 || grants.some((g) => g.catalogIds.length === 0)) return null;
  return [...new Set(grants.flatMap((g) => g.catalogIds))].sort((a, b) => a - b);
}

/** Constant-time comparison of two secrets of any length. */
function sameSecret(expected: string, given: string): boolean {
  const digest = (text: string) => crypto.createHash('sha256').update(text).digest();
  return given !== '' && crypto.timingSafeEqual(digest(expected), digest(given));
}
