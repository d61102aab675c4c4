import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Item, leanReader, type User } from '../../../../db/src';
import { buildItem, buildMember, buildUser } from '../../../../test/support/factories';
import { openTestDb, type TestDb } from '../../../../test/support/db';
import { testDatabases } from '../../../../test/support/mysql';
import { itemListStatement, relatedItemRows } from './item-rows';

/** Items of other people on the site: enough that a database would rather use an index than read them all. */
const OTHERS_ITEMS = 1500;

describe.each(testDatabases())('the item list on $name', (target) => {
  let db: TestDb;
  let user: User;
  let mine: Item[];

  beforeAll(async () => {
    db = await openTestDb(target, 'item_rows');
    const em = db.services().em;
    user = await buildUser(em, { username: 'lister' });
    const someoneElse = await buildUser(em, { username: 'someone', email: 'someone@example.com' });
    const owned = await buildItem(em, user);
    await buildItem(em, user, { deletedAt: new Date() });
    const shared = await buildItem(em, someoneElse);
    buildMember(em, shared, user, 1);
    await em.flush();
    mine = [owned, shared];
    const now = new Date();
    await em.insertMany(
      Item,
      Array.from({ length: OTHERS_ITEMS }, (_, i) => ({
        name: `Other ${i}`,
        owner: someoneElse.id,
        createdAt: now,
        lastUpdateAt: now,
      })),
    );
    if (target.url) await em.getConnection().execute('analyze table item, item_member, team_item_member');
  });
  afterAll(async () => db?.close());

  it("lists the user's live items, owned and shared, with the grant of each", async () => {
    const items = await relatedItemRows(db.services().em, user.id, false);
    expect(items.map((i) => i.id)).toEqual(mine.map((i) => i.id));
    expect(items.map((i) => i.viewerGrants?.grants.length)).toEqual([0, 1]);
    const owned = await relatedItemRows(db.services().em, user.id, true);
    expect(owned.map((i) => i.id)).toEqual([mine[0]!.id]);
  });

  it("finds the user's items by index, never reading every item of the site", async () => {
    const em = db.services().em;
    for (const ownedOnly of [false, true]) {
      const { sql, params } = itemListStatement(user.id, ownedOnly);
      if (target.url) {
        const plan = await leanReader(em).all<{ table: string; type: string }>(`explain ${sql}`, params);
        expect(plan.length).toBeGreaterThan(0);
        const scans = plan.filter(
          (row) => ['i', 'item'].includes(row.table) && ['ALL', 'index'].includes(row.type),
        );
        expect(scans).toEqual([]);
      } else {
        const plan = await leanReader(em).all<{ detail: string }>(`explain query plan ${sql}`, params);
        expect(plan.length).toBeGreaterThan(0);
        expect(plan.map((row) => row.detail).filter((detail) => /^SCAN (i|item)\b/.test(detail))).toEqual([]);
      }
    }
  });
});
