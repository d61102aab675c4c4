import type { EntityManager } from '@mikro-orm/core';
import { Catalog, Item, ItemMember, Page, User, UserToken, type ItemTypeId } from '../../db/src';
import { hashPassword } from '../../api/src/domain/accounts/password';
import { hashToken, newToken } from '../../api/src/domain/accounts/token';
import { Viewer } from '../../api/src/domain/viewer';

/** The password of every user built here unless a test gives another (hashed once: argon2 is slow). */
export const DEFAULT_PASSWORD = 'pass-123';
let defaultHash: Promise<string> | null = null;
let userCounter = 0;
let itemCounter = 0;
let catalogCounter = 0;
let pageCounter = 0;

export interface UserOverrides {
  username?: string;
  password?: string;
  groupId?: number;
  email?: string | null;
  name?: string | null;
  isSso?: boolean;
}

/** A saved user; `username` defaults to a fresh unique name. */
export async function buildUser(em: EntityManager, overrides: UserOverrides = {}): Promise<User> {
  const { password, ...fields } = overrides;
  defaultHash ??= hashPassword(DEFAULT_PASSWORD);
  const passwordHash =
    password === undefined || password === DEFAULT_PASSWORD
      ? await defaultHash
      : await hashPassword(password);
  const user = em.create(User, {
    username: `user${process.pid}x${++userCounter}`,
    ...fields,
    passwordHash,
  });
  await em.persist(user).flush();
  return user;
}

export interface ItemOverrides {
  name?: string;
  description?: string;
  password?: string;
  domain?: string | null;
  type?: ItemTypeId;
  isArchived?: boolean;
  allowComment?: boolean;
  allowFeedback?: boolean;
  lastUpdateAt?: Date;
  deletedAt?: Date | null;
}

/** A saved item owned by `owner`, without pages (use the services to get type-specific first pages). */
export async function buildItem(
  em: EntityManager,
  owner: User,
  overrides: ItemOverrides = {},
): Promise<Item> {
  const item = em.create(Item, {
    name: `Item ${++itemCounter}`,
    ...overrides,
    owner: em.getReference(User, owner.id),
  });
  await em.persist(item).flush();
  return item;
}

/** A viewer for `user` whose entity belongs to `em` (the EntityManager of the services under test). */
export async function viewerOf(
  em: EntityManager,
  user: User | null,
  visitPassword?: string,
): Promise<Viewer> {
  if (!user) return new Viewer(null, null, '', visitPassword);
  return new Viewer(await em.findOneOrFail(User, { id: user.id }), null, '', visitPassword);
}

export interface CatalogOverrides {
  name?: string;
  parent?: Catalog | null;
  sNumber?: number;
}

/** A saved catalog of `item`, below `parent` when given (its level follows the parent's). */
export async function buildCatalog(
  em: EntityManager,
  item: Item,
  overrides: CatalogOverrides = {},
): Promise<Catalog> {
  const { parent = null, ...fields } = overrides;
  const catalog = em.create(Catalog, {
    name: `Catalog ${++catalogCounter}`,
    ...fields,
    item: em.getReference(Item, item.id),
    parent: parent ? em.getReference(Catalog, parent.id) : null,
    level: parent ? parent.level + 1 : 1,
  });
  await em.persist(catalog).flush();
  return catalog;
}

/**
 * A membership of `user` in `item` (0 read-only, 1 edit, 2 item admin), limited to `catalogs` when given.
 * Persisted with the caller's next flush, like `em.create`.
 */
export function buildMember(
  em: EntityManager,
  item: Item,
  user: User,
  memberGroupId: number,
  catalogs: Catalog[] = [],
): ItemMember {
  const member = em.create(ItemMember, { item, user: user.id, memberGroupId });
  for (const catalog of catalogs) member.catalogs.add(em.getReference(Catalog, catalog.id));
  return member;
}

export interface PageOverrides {
  title?: string;
  content?: string;
  catalog?: Catalog | null;
  author?: User | null;
  sNumber?: number;
  isDraft?: boolean;
  deletedAt?: Date | null;
}

/** A saved page of `item` (at the root unless `catalog` is given); the author is the item's owner. */
export async function buildPage(em: EntityManager, item: Item, overrides: PageOverrides = {}): Promise<Page> {
  const { catalog = null, author, ...fields } = overrides;
  const authorId = author === undefined ? item.owner.id : (author?.id ?? null);
  const authorUser = authorId === null ? null : await em.findOneOrFail(User, { id: authorId });
  const page = em.create(Page, {
    title: `Page ${++pageCounter}`,
    content: `Content of page ${pageCounter}`,
    ...fields,
    item: em.getReference(Item, item.id),
    catalog: catalog ? em.getReference(Catalog, catalog.id) : null,
    author: authorUser,
    authorName: authorUser?.username ?? '',
  });
  await em.persist(page).flush();
  return page;
}

/** A login token for `user`, stored as the accounts service stores it (no password round trip). */
export async function buildSession(em: EntityManager, user: User, days = 30): Promise<string> {
  const token = newToken();
  em.persist(
    em.create(UserToken, {
      user: em.getReference(User, user.id),
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + days * 24 * 60 * 60 * 1000),
    }),
  );
  await em.flush();
  return token;
}
