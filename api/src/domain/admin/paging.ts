import { DomainError } from '../errors';

export const MAX_ADMIN_PAGE_SIZE = 100;

export interface Paging {
  /** 1-based. */
  page: number;
  count: number;
}

/** A page number and size the administrator's lists accept: page ≥ 1, 1..100 rows. */
export function checkPaging({ page, count }: Paging): { offset: number; limit: number } {
  if (!Number.isSafeInteger(page) || page < 1)
    throw new DomainError('BadInput', { en: 'The page number starts at 1', zh: '页码从 1 开始' });
  if (!Number.isSafeInteger(count) || count < 1 || count > MAX_ADMIN_PAGE_SIZE) {
    throw new DomainError('BadInput', {
      en: `A page holds 1 to ${MAX_ADMIN_PAGE_SIZE} rows`,
      zh: `每页数量须在 1 到 ${MAX_ADMIN_PAGE_SIZE} 之间`,
    });
  }
  return { offset: (page - 1) * count, limit: count };
}

/** A LIKE pattern matching `text` anywhere; `!` escapes the wildcards on SQLite and MySQL alike. */
export function containsPattern(text: string): string {
  return `%${text
    .trim()
    .slice(0, 200)
    .toLowerCase()
    .replace(/[!%_]/g, (c) => `!${c}`)}%`;
}
