import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Catalog, type Item } from '../../../../db/src';
import { openTestDb, type TestDb } from '../../../../test/support/db';
import { buildCatalog, buildItem, buildUser } from '../../../../test/support/factories';
import { testDatabases } from '../../../../test/support/mysql';
import { loadCatalogChainIds, loadCatalogPath } from './catalog-tree';

describe.each(testDatabases())('catalog paths on $name', (target) => {
  let db: TestDb;
  let item: Item, other: Item;
  let a: Catalog, a1: Catalog, a1x: Catalog;

  beforeAll(async () => {
    db = await openTestDb(target, 'catalog_tree');
    const em = db.services().em;
    const owner = await buildUser(em);
    item = await buildItem(em, owner);
    other = await buildItem(em, owner);
    a = await buildCatalog(em, item, { name: 'A' });
    a1 = await buildCatalog(em, item, { name: 'A1', parent: a });
    a1x = await buildCatalog(em, item, { name: 'A1x', parent: a1 });
  });
  afterAll(async () => db?.close());

  const path = async (itemId: number, catalogId: number) => {
    const em = db.services().em;
    const catalogs = await loadCatalogPath(em, itemId, catalogId);
    // The ids-only walk of page saves agrees in every case.
    expect(await loadCatalogChainIds(em, itemId, catalogId)).toEqual(catalogs?.map((c) => c.id) ?? null);
    return catalogs?.map((c) => c.name) ?? null;
  };

  it('walks from the top level down to the catalog', async () => {
    expect(await path(item.id, a1x.id)).toEqual(['A', 'A1', 'A1x']);
    expect(await path(item.id, a.id)).toEqual(['A']);
  });

  it('finds no path to unknown catalogs, those of another item, or below a deleted or foreign parent', async () => {
    const em = db.services().em;
    expect(await path(item.id, 987654321)).toBeNull();
    expect(await path(other.id, a1x.id)).toBeNull();
    const gone = await buildCatalog(em, item, { name: 'gone' });
    const orphan = await buildCatalog(em, item, { name: 'orphan', parent: gone });
    expect(await path(item.id, orphan.id)).toEqual(['gone', 'orphan']);
    await em.nativeUpdate(Catalog, { id: gone.id }, { deletedAt: new Date() });
    expect(await path(item.id, orphan.id)).toBeNull();
    const foreign = await buildCatalog(em, other, { name: 'foreign' });
    const smuggled = await buildCatalog(em, item, { name: 'smuggled', parent: foreign });
    expect(await path(item.id, smuggled.id)).toBeNull();
  });

  it('gives up on a loop of old data instead of walking it forever', async () => {
    const em = db.services().em;
    const loopA = await buildCatalog(em, item, { name: 'loop A' });
    const loopB = await buildCatalog(em, item, { name: 'loop B', parent: loopA });
    await em.nativeUpdate(Catalog, { id: loopA.id }, { parent: loopB.id });
    expect(await path(item.id, loopB.id)).toBeNull();
  });

  it('follows a parent changed in the unit of work but not yet flushed, as the caller sees it', async () => {
    const em = db.services().em;
    const b = await buildCatalog(em, item, { name: 'B' });
    const moving = await em.findOneOrFail(Catalog, { id: a1x.id });
    moving.parent = em.getReference(Catalog, b.id);
    // The ids first: the entity walk's `findOne` flushes the change.
    expect(await loadCatalogChainIds(em, item.id, a1x.id)).toEqual([b.id, a1x.id]);
    const chain = await loadCatalogPath(em, item.id, a1x.id);
    expect(chain?.map((c) => c.name)).toEqual(['B', 'A1x']);
  });
});
