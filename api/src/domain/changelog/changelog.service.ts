import type { EntityManager } from '@mikro-orm/core';
import {
  ItemChangeLog,
  type ChangeAction,
  type ChangeObject,
  type Item,
  type User,
} from '../../../../db/src';

/** The newest entries kept per item (spec 000 §9). */
export const CHANGE_LOG_KEEP = 300;

export interface ChangeEntry {
  action: (typeof ChangeAction)[number];
  objectType: (typeof ChangeObject)[number];
  objectId: number;
  objectName: string;
  remark?: string;
}

export class ChangeLogService {
  constructor(private readonly em: EntityManager) {}

  /** Records who changed what; call inside the write's transaction (it flushes with it). */
  async record(item: Item, user: User | null, entry: ChangeEntry): Promise<void> {
    this.em.persist(
      this.em.create(ItemChangeLog, {
        item,
        user,
        actionType: entry.action,
        objectType: entry.objectType,
        objectId: entry.objectId,
        objectName: entry.objectName.slice(0, 255),
        remark: (entry.remark ?? '').slice(0, 255),
      }),
    );
    await this.em.flush();
    await this.trim(item.id);
  }

  private async trim(itemId: number): Promise<void> {
    const cutoff = await this.em.find(
      ItemChangeLog,
      { item: itemId },
      { orderBy: { id: 'desc' }, offset: CHANGE_LOG_KEEP, limit: 1, fields: ['id'] },
    );
    if (cutoff[0]) await this.em.nativeDelete(ItemChangeLog, { item: itemId, id: { $lte: cutoff[0].id } });
  }
}
