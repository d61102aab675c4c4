import type { EntityManager } from '@mikro-orm/core';

/**
 * Runs `work` in one transaction on the request's EntityManager itself (not a fork), so every service
 * sharing that EntityManager (the change log, the policy) writes inside it. Nested calls join the
 * outer transaction. Validate before changing entities: a rollback does not undo in-memory changes.
 */
export async function inTransaction<T>(em: EntityManager, work: () => Promise<T>): Promise<T> {
  if (em.isInTransaction()) return work();
  await em.begin();
  try {
    const result = await work();
    await em.commit();
    return result;
  } catch (err) {
    await em.rollback();
    throw err;
  }
}
