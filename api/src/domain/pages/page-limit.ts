import type { EntityManager } from '@mikro-orm/core';
import { Page, type Item } from '../../../../db/src';
import { DomainError } from '../errors';
import type { SettingsService } from '../settings/settings.service';

/** The site's page quota per item (setting `page_limit_per_item`, 0 = none), for writes adding pages. */
export async function checkPageLimit(
  em: EntityManager,
  settings: SettingsService,
  item: Pick<Item, 'id'>,
  adding: number,
): Promise<void> {
  const limit = await settings.number('page_limit_per_item');
  if (limit <= 0 || adding <= 0) return;
  const count = await em.count(Page, { item: item.id, deletedAt: null });
  if (count + adding > limit) throw new DomainError('PageLimit');
}
