import type { EntityManager } from '@mikro-orm/core';
import { leanReader, rawDate } from '../../../../db/src';

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

/** The `item` row as the driver returns it: booleans as 0/1, datetimes as SQLite or MySQL keep them. */
interface ItemRow {
  id: number;
  name: string;
  description: string;
  domain: string | null;
  type: number;
  password: string;
  password_version: number;
  owner_id: number;
  is_archived: number | boolean;
  allow_comment: number | boolean;
  allow_feedback: number | boolean;
  created_at: Date | number | string;
  last_update_at: Date | number | string;
  deleted_at: Date | number | string | null;
}

const SELECT_ITEMS = `select id, name, description, domain, type, password, password_version, owner_id,
  is_archived, allow_comment, allow_feedback, created_at, last_update_at, deleted_at from item`;

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
    passwordVersion: Number(row.password_version),
    owner: { id: Number(row.owner_id) },
    isArchived: Boolean(row.is_archived),
    allowComment: Boolean(row.allow_comment),
    allowFeedback: Boolean(row.allow_feedback),
    createdAt: rawDate(row.created_at),
    lastUpdateAt: rawDate(row.last_update_at),
    deletedAt: row.deleted_at === null ? null : rawDate(row.deleted_at),
  };
}
