import type { EntityManager } from '@mikro-orm/core';
import type { Viewer } from '../viewer';
import { QUIRE_VERSION } from '../version';

export interface AboutSite {
  version: string;
  /** The last migration applied (migrations run at start). */
  schemaVersion: string;
  /** Quire does not download and overwrite itself (ShowDoc's adminUpdate): always false. */
  updateAvailable: false;
}

export async function aboutSite(em: EntityManager, viewer: Viewer): Promise<AboutSite> {
  viewer.requireAdmin();
  const rows: Array<{ name: string }> = await em
    .getConnection()
    .execute('select name from quire_migrations order by id desc limit 1', [], 'all');
  return { version: QUIRE_VERSION, schemaVersion: rows[0]?.name ?? '', updateAvailable: false };
}
