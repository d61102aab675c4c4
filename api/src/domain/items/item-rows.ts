import type { EntityManager } from '@mikro-orm/core';
import { leanReader, leanDate } from '../../../../db/src';
import { profileOf, type UserProfile } from '../accounts/user-rows';
import { grantsOfRows, type GrantRow, type ViewerGrants } from '../policy/policy.service';

/**
 * An item read as a plain row, for the item list (read on every home screen; issue #14): the fields of
 * the `Item` entity, the owner by id only. An `Item` entity is one too, so the doors shape both alike.
 */
export interface LeanItem {
  id: number;
  name: string;
  description: string;
  domain: string | null;
  type: number;
  password: string;
  passwordVersion: number;
  owner: { id: number };
  isArchived: boolean;
  allowComment: boolean;
  allowFeedback: boolean;
  createdAt: Date;
  lastUpdateAt: Date;
  deletedAt: Date | null;
  /** The owner's profile, when the read found it with the item (the item list). */
  ownerProfile?: UserProfile;
  /** The listing user's grants in the item, when the read found them with the item (the item list). */
  viewerGrants?: ViewerGrants;
  /**
   * The item's enabled webhooks, when the read counted them (one item's row, `itemRow`): a write's change
   * log then looks the hooks up only where there are some (webhooks/outbox.ts).
   */
  enabledWebhooks?: number;
}

/** The row of `itemsSql` as the driver returns it: booleans as 0/1, datetimes as the database keeps them. */
type ItemRow = Pick<
  LeanItem,
  'id' | 'name' | 'description' | 'domain' | 'type' | 'password' | 'passwordVersion'
> & {
  ownerId: number;
  isArchived: number | boolean;
  allowComment: number | boolean;
  allowFeedback: number | boolean;
  createdAt: Date | number | string;
  lastUpdateAt: Date | number | string;
  deletedAt: Date | number | string | null;
  /** The owner's profile columns (null when the owner is gone). */
  ownerUsername: string | null;
  ownerName: string | null;
  ownerGroupId: number | null;
  ownerCreatedAt: Date | number | string | null;
  /** One grant row of the user in the item (all null for none; absent where grants are not read). */
  via?: string | null;
  grantId?: number | null;
  memberGroupId?: number | null;
  catalogId?: number | null;
  /** Absent where webhooks are not counted. */
  enabledWebhooks?: number | string;
};

/** An `ItemRow`'s columns: the item `i` and its owner `o`. */
const ITEM_COLUMNS = `i.id, i.name, i.description, i.domain, i.type, i.password,
    i.password_version as passwordVersion, i.owner_id as ownerId, i.is_archived as isArchived,
    i.allow_comment as allowComment, i.allow_feedback as allowFeedback, i.created_at as createdAt,
    i.last_update_at as lastUpdateAt, i.deleted_at as deletedAt,
    o.username as ownerUsername, o.name as ownerName, o.group_id as ownerGroupId, o.created_at as ownerCreatedAt`;
const ONE_ITEM = `select ${ITEM_COLUMNS},
    (select count(*) from item_webhook w where w.item_id = i.id and w.enabled = 1) as enabledWebhooks
  from item i left join \`user\` o on o.id = i.owner_id`;

/**
 * The user's live items with their owners' profiles, and unless `ownedOnly` the items the user reaches as
 * an item member or through a team, each joined to the user's grants in it: an item spans as many rows as
 * the user has grant catalogs in it (one, mostly). One statement instead of three (items, grants, owners):
 * on MariaDB each is a network round trip, and its write and parse cost more than the read (issue #14).
 * The user's item ids come first, each from its index: a condition on the joined item (`owner_id = ? or a
 * grant`) made both databases read every item of the site (SQLite: 1.2 ms with 20,000 items, against 45 µs).
 */
const RELATED_ITEMS_SQL = `select ${ITEM_COLUMNS},
    g.via, g.id as grantId, g.member_group_id as memberGroupId, g.catalog_id as catalogId
  from (
    select id from item where owner_id = ? and deleted_at is null
    union select item_id from item_member where user_id = ?
    union select item_id from team_item_member where user_id = ?
  ) mine
  join item i on i.id = mine.id
  left join \`user\` o on o.id = i.owner_id
  left join (
    select 'm' as via, m.id, m.item_id, m.member_group_id, c.catalog_id from item_member m
      left join item_member_catalog c on c.item_member_id = m.id where m.user_id = ?
    union all
    select 't', t.id, t.item_id, t.member_group_id, c.catalog_id from team_item_member t
      left join team_item_member_catalog c on c.team_item_member_id = t.id where t.user_id = ?
  ) g on g.item_id = i.id
  where i.deleted_at is null
  order by i.id`;
const OWNED_ITEMS_SQL = `${ONE_ITEM} where i.deleted_at is null and i.owner_id = ? order by i.id`;

/** The statement `relatedItemRows` runs, with its parameters. */
export function itemListStatement(userId: number, ownedOnly: boolean): { sql: string; params: number[] } {
  return ownedOnly
    ? { sql: OWNED_ITEMS_SQL, params: [userId] }
    : { sql: RELATED_ITEMS_SQL, params: [userId, userId, userId, userId, userId] };
}

/**
 * The user's items that are not deleted, by id: owned ones, and unless `ownedOnly` those reached as an
 * item member or through a team (with the user's grants in each, for the policy: `viewerGrants`). Each
 * carries its owner's profile.
 */
export async function relatedItemRows(
  em: EntityManager,
  userId: number,
  ownedOnly: boolean,
): Promise<LeanItem[]> {
  const { sql, params } = itemListStatement(userId, ownedOnly);
  const rows = await leanReader(em).allKept<ItemRow>(sql, params);
  const items = new Map<number, LeanItem>();
  const grantRows: GrantRow[] = [];
  for (const row of rows) {
    const id = Number(row.id);
    if (!items.has(id)) items.set(id, leanItem(row));
    if (row.via != null) {
      grantRows.push({
        via: row.via,
        id: row.grantId!,
        item_id: id,
        member_group_id: row.memberGroupId!,
        catalog_id: row.catalogId ?? null,
      });
    }
  }
  if (!ownedOnly) {
    const grants = grantsOfRows(grantRows);
    for (const item of items.values()) item.viewerGrants = { userId, grants: grants.get(item.id) ?? [] };
  }
  return [...items.values()];
}

/**
 * One item as a plain row, by id or by its personal domain (a live item's only), deleted ones included by
 * id as `PolicyService.findItem` finds them; null when there is none.
 */
export async function itemRow(
  em: EntityManager,
  key: { id: number } | { domain: string },
): Promise<LeanItem | null> {
  const row =
    'id' in key
      ? await leanReader(em).getKept<ItemRow>(`${ONE_ITEM} where i.id = ?`, [key.id])
      : await leanReader(em).getKept<ItemRow>(`${ONE_ITEM} where i.domain = ? and i.deleted_at is null`, [
          key.domain,
        ]);
  return row ? leanItem(row) : null;
}

/** Ids of the items in one of the user's item groups (none when the group is someone else's). */
export async function groupItemIds(em: EntityManager, userId: number, groupId: number): Promise<Set<number>> {
  const rows = await leanReader(em).allKept<{ item_id: number }>(
    `select gi.item_id from item_group_item gi join item_group g on g.id = gi.group_id
     where g.id = ? and g.user_id = ?`,
    [groupId, userId],
  );
  return new Set(rows.map((r) => Number(r.item_id)));
}

function leanItem(row: ItemRow): LeanItem {
  return {
    id: Number(row.id),
    name: row.name,
    description: row.description,
    domain: row.domain,
    type: Number(row.type),
    password: row.password,
    passwordVersion: Number(row.passwordVersion),
    owner: { id: Number(row.ownerId) },
    isArchived: Boolean(row.isArchived),
    allowComment: Boolean(row.allowComment),
    allowFeedback: Boolean(row.allowFeedback),
    createdAt: leanDate(row.createdAt),
    lastUpdateAt: leanDate(row.lastUpdateAt),
    deletedAt: row.deletedAt === null ? null : leanDate(row.deletedAt),
    ownerProfile:
      row.ownerUsername === null
        ? undefined
        : profileOf({
            id: row.ownerId,
            username: row.ownerUsername,
            name: row.ownerName,
            group_id: row.ownerGroupId!,
            created_at: row.ownerCreatedAt!,
          }),
    ...(row.enabledWebhooks !== undefined && { enabledWebhooks: Number(row.enabledWebhooks) }),
  };
}
