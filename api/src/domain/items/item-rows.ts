import type { EntityManager } from '@mikro-orm/core';
import { leanReader, leanDate } from '../../../../db/src';

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
}

/** The row of `SELECT_ITEMS` as the driver returns it: booleans as 0/1, datetimes as the database keeps them. */
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
};

const SELECT_ITEMS = `select id, name, description, domain, type, password, password_version as passwordVersion,
  owner_id as ownerId, is_archived as isArchived, allow_comment as allowComment, allow_feedback as allowFeedback,
  created_at as createdAt, last_update_at as lastUpdateAt, deleted_at as deletedAt from item`;

/**
 * The user's items that are not deleted, by id: owned ones, and unless `ownedOnly` those reached as an
 * item member or through a team.
 */
export async function relatedItemRows(
  em: EntityManager,
  userId: number,
  ownedOnly: boolean,
): Promise<LeanItem[]> {
  const rows = ownedOnly
    ? await leanReader(em).all<ItemRow>(
        `${SELECT_ITEMS} where owner_id = ? and deleted_at is null order by id`,
        [userId],
      )
    : await leanReader(em).all<ItemRow>(
        `${SELECT_ITEMS} where deleted_at is null and (owner_id = ? or id in (
           select item_id from item_member where user_id = ?
           union select item_id from team_item_member where user_id = ?)) order by id`,
        [userId, userId, userId],
      );
  return rows.map(leanItem);
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
      ? await leanReader(em).get<ItemRow>(`${SELECT_ITEMS} where id = ?`, [key.id])
      : await leanReader(em).get<ItemRow>(`${SELECT_ITEMS} where domain = ? and deleted_at is null`, [
          key.domain,
        ]);
  return row ? leanItem(row) : null;
}

/** Ids of the items in one of the user's item groups (none when the group is someone else's). */
export async function groupItemIds(em: EntityManager, userId: number, groupId: number): Promise<Set<number>> {
  const rows = await leanReader(em).all<{ item_id: number }>(
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
  };
}
