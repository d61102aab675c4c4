import type { Transaction } from '@mikro-orm/core';

/**
 * The outermost transaction of a (possibly nested, savepoint) knex transaction: the one whose commit the
 * ORM reports (`afterTransactionCommit`), so work recorded under a savepoint waits for it.
 */
export function rootTransactionOf(trx: Transaction): Transaction {
  let current = trx as Record<symbol, unknown>;
  for (let depth = 0; depth < 32; depth++) {
    const parentKey = Object.getOwnPropertySymbols(current).find(
      (s) => s.description === 'parentTransaction',
    );
    const parent = parentKey ? current[parentKey] : undefined;
    if (!parent || typeof parent !== 'object') break;
    current = parent as Record<symbol, unknown>;
  }
  return current as Transaction;
}
