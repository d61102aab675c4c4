import { Field, ObjectType } from 'type-graphql';
import { DomainError } from '../domain';

/** Relay's page info, shared by every connection type. */
@ObjectType({ description: 'Where a page of a connection sits in the whole list' })
export class PageInfo {
  @Field({ description: 'More results follow endCursor' })
  hasNextPage!: boolean;

  @Field({ description: 'More results precede startCursor' })
  hasPreviousPage!: boolean;

  @Field(() => String, { nullable: true, description: 'Cursor of the first edge; null if empty' })
  startCursor!: string | null;

  @Field(() => String, { nullable: true, description: 'Cursor of the last edge; null if empty' })
  endCursor!: string | null;
}

/**
 * A connection with no edges: what the executor completes in place of a kept text, which then takes its
 * place (catalogs/menu-json.ts).
 */
export function emptyConnection<E>(): { edges: E[]; pageInfo: PageInfo; totalCount: number } {
  return {
    edges: [],
    pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
    totalCount: 0,
  };
}

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

/** An opaque cursor naming one row by its kind and id (stable while the list is re-ordered). */
export function encodeCursor(kind: string, id: number): string {
  return Buffer.from(`${kind}:${id}`).toString('base64url');
}

function decodeCursor(kind: string, cursor: string): number {
  const match = new RegExp(`^${kind}:(\\d+)$`).exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) throw new DomainError('BadInput', { en: 'The cursor is not valid here', zh: '分页游标无效' });
  return Number(match[1]);
}

/**
 * One page of an already ordered list: `first` rows after the row named by `after`. A cursor whose
 * row is no longer in the list starts again from the top.
 */
export function slicePage<T>(
  rows: T[],
  idOf: (row: T) => number,
  kind: string,
  first: number = DEFAULT_PAGE_SIZE,
  after?: string | null,
): { rows: T[]; cursors: string[]; pageInfo: PageInfo } {
  if (!Number.isSafeInteger(first) || first < 0 || first > MAX_PAGE_SIZE) {
    throw new DomainError('BadInput', {
      en: `first must be between 0 and ${MAX_PAGE_SIZE}`,
      zh: `first 必须在 0 到 ${MAX_PAGE_SIZE} 之间`,
    });
  }
  let start = 0;
  if (after) {
    const afterId = decodeCursor(kind, after);
    start = rows.findIndex((row) => idOf(row) === afterId) + 1;
  }
  const page = rows.slice(start, start + first);
  const cursors = page.map((row) => encodeCursor(kind, idOf(row)));
  return {
    rows: page,
    cursors,
    pageInfo: {
      hasNextPage: start + page.length < rows.length,
      hasPreviousPage: start > 0,
      startCursor: cursors[0] ?? null,
      endCursor: cursors[cursors.length - 1] ?? null,
    },
  };
}
