import type { EntityManager } from '@mikro-orm/core';
import { leanReader, leanDate, UserGroup } from '../../../../db/src';

/** What anyone who sees a user's item or page learns of them; a `User` entity is one too. */
export interface UserProfile {
  id: number;
  username: string;
  name: string | null;
  groupId: number;
  isAdmin: boolean;
  createdAt: Date;
}

/** A user's profile columns as the driver returns them (`created_at` as the database keeps it). */
export interface UserRow {
  id: number;
  username: string;
  name: string | null;
  group_id: number;
  created_at: Date | number | string;
}

/** A lean user row as the profile the doors show. */
export function profileOf(row: UserRow): UserProfile {
  const groupId = Number(row.group_id);
  return {
    id: Number(row.id),
    username: row.username,
    name: row.name,
    groupId,
    isAdmin: groupId === UserGroup.Admin,
    createdAt: leanDate(row.created_at),
  };
}

/**
 * The profiles of these users, in one lean read (the owners of a whole item list, issue #14); ids of
 * users that no longer exist are missing from the map.
 */
export async function userProfiles(
  em: EntityManager,
  ids: readonly number[],
): Promise<Map<number, UserProfile>> {
  const profiles = new Map<number, UserProfile>();
  if (!ids.length) return profiles;
  const rows = await leanReader(em).allKept<UserRow>(
    // `user` is a keyword on MySQL.
    `select id, username, name, group_id, created_at from \`user\` where id in (${ids.map(() => '?').join(', ')})`,
    ids,
  );
  for (const row of rows) profiles.set(Number(row.id), profileOf(row));
  return profiles;
}
