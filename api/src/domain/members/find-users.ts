import type { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';
import { User } from '../../../../db/src';
import { DomainError } from '../errors';

/** Names one call may add: dialogs send a handful; a bigger list is a mistake or an abuse. */
export const MAX_NAMES_PER_CALL = 100;

/**
 * Splits ShowDoc's username parameter: one name, a comma-separated list, or an array of names. Blank
 * entries are dropped and repeats collapse (case-insensitively), first spelling kept. More than
 * MAX_NAMES_PER_CALL names is refused.
 */
export function splitLogins(raw: string | readonly string[]): string[] {
  const parts = (typeof raw === 'string' ? raw.split(',') : raw.flatMap((r) => r.split(',')))
    .map((p) => p.trim())
    .filter(Boolean);
  const seen = new Set<string>();
  const names = parts.filter((p) => {
    const key = p.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (names.length > MAX_NAMES_PER_CALL) {
    throw new DomainError('BadInput', {
      en: `At most ${MAX_NAMES_PER_CALL} names at once`,
      zh: `一次最多添加 ${MAX_NAMES_PER_CALL} 个用户`,
    });
  }
  return names;
}

/**
 * Users by login name: a username, or an e-mail address when it holds '@' (ShowDoc's member dialogs
 * accept both). Matching ignores case on every database. Names without a user are missing from the map.
 */
export async function findUsersByLogin(em: EntityManager, logins: string[]): Promise<Map<string, User>> {
  const found = new Map<string, User>();
  for (const login of logins) {
    const column = login.includes('@') ? 'email' : 'username';
    const user = await (em as SqlEntityManager)
      .createQueryBuilder(User, 'u')
      .where(`lower(u.${column}) = ?`, [login.toLowerCase()])
      .getSingleResult();
    if (user) found.set(login, user);
  }
  return found;
}
