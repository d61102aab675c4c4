import { helper, type EventArgs, type EventSubscriber } from '@mikro-orm/core';

/**
 * SQLite stores datetimes as epoch milliseconds. MikroORM keeps a loaded entity's snapshot with the
 * hydrated `Date` values but computes the current state with those dates turned into numbers, so every
 * loaded datetime looked changed and every flush rewrote untouched rows (`user`, `item`, `created_at`...).
 * Turning the snapshot's dates into what the comparison produces (the platform's `processDateProperty`)
 * after each load makes an unchanged entity compare equal; on MySQL that conversion keeps the `Date`.
 */
export class DateSnapshotSubscriber implements EventSubscriber {
  onLoad({ entity, em }: EventArgs<object>): void {
    const wrapped = helper(entity);
    const snapshot = wrapped.__originalEntityData as Record<string, unknown> | undefined;
    if (!snapshot) return;
    const platform = em.getPlatform();
    for (const prop of wrapped.__meta.props) {
      if (prop.runtimeType !== 'Date') continue;
      const value = snapshot[prop.name];
      if (value instanceof Date) snapshot[prop.name] = platform.processDateProperty(value);
    }
  }
}
