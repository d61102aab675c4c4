import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EntityManager } from '@mikro-orm/core';
import type { AbstractSqlConnection } from '@mikro-orm/knex';
import {
  Catalog,
  Item,
  ItemMember,
  ItemVisitGrant,
  MemberGroup,
  Team,
  TeamItemMember,
  User,
  UserGroup,
} from '../../../../db/src';
import { openTestDb, type TestDb } from '../../../../test/support/db';
import { testDatabases } from '../../../../test/support/mysql';
import { DomainError } from '../errors';
import { Viewer } from '../viewer';
import { requireWritableScope } from './scope';
import { PolicyService } from './policy.service';
import { buildMember } from '../../../../test/support/factories';
import { expectCode } from '../../../../test/support/domain-errors';

describe.each(testDatabases())('policy on $name', (target) => {
  let db: TestDb;
  let em: EntityManager;
  let owner: User, admin: User, stranger: User, reader: User, editor: User, itemAdmin: User, teamUser: User;
  let mixedUser: User;
  let open: Item, locked: Item, archived: Item, deleted: Item;
  let catA: Catalog, catB: Catalog;

  const user = (username: string, groupId: number = UserGroup.Member) =>
    em.create(User, { username, passwordHash: 'not-used', groupId });
  const policy = () => new PolicyService(db.services().em);

  beforeAll(async () => {
    db = await openTestDb(target, 'policy');
    em = db.services().em;
    owner = user('owner');
    admin = user('site-admin', UserGroup.Admin);
    stranger = user('stranger');
    reader = user('reader');
    editor = user('editor');
    itemAdmin = user('item-admin');
    teamUser = user('team-user');
    mixedUser = user('mixed-user');
    open = em.create(Item, { name: 'Open', owner });
    locked = em.create(Item, { name: 'Locked', owner, password: 's3cret' });
    archived = em.create(Item, { name: 'Archived', owner, isArchived: true });
    deleted = em.create(Item, { name: 'Deleted', owner, deletedAt: new Date() });
    catA = em.create(Catalog, { name: 'A', item: locked });
    catB = em.create(Catalog, { name: 'B', item: locked });
    await em.flush();
    const scoped = em.create(ItemMember, { item: locked, user: reader, memberGroupId: MemberGroup.ReadOnly });
    scoped.catalogs.add(catA);
    buildMember(em, locked, editor, MemberGroup.Edit);
    const scopedAdmin = em.create(ItemMember, {
      item: locked,
      user: itemAdmin,
      memberGroupId: MemberGroup.Admin,
    });
    scopedAdmin.catalogs.add(catB);
    buildMember(em, archived, editor, MemberGroup.Edit);
    const team = em.create(Team, { name: 'T', owner });
    const viaTeam = em.create(TeamItemMember, {
      team,
      item: locked,
      user: teamUser,
      memberGroupId: MemberGroup.ReadOnly,
    });
    viaTeam.catalogs.add(catB);
    const alsoDirect = em.create(ItemMember, {
      item: locked,
      user: teamUser,
      memberGroupId: MemberGroup.Edit,
    });
    alsoDirect.catalogs.add(catA);
    // Reads the whole item as a plain member, edits catalog A through a team.
    buildMember(em, locked, mixedUser, MemberGroup.ReadOnly);
    const editsA = em.create(TeamItemMember, {
      team,
      item: locked,
      user: mixedUser,
      memberGroupId: MemberGroup.Edit,
    });
    editsA.catalogs.add(catA);
    await em.flush();
  });
  afterAll(async () => db?.close());

  it('gives the owner and site administrators everything', async () => {
    expect(await policy().rights(new Viewer(owner), locked)).toMatchObject({
      visit: true,
      edit: true,
      manage: true,
      isOwner: true,
      catalogScope: null,
    });
    expect(await policy().rights(new Viewer(admin), locked)).toMatchObject({
      visit: true,
      edit: true,
      manage: true,
      isOwner: false,
    });
  });

  it('lets anyone read an open item but not edit it', async () => {
    expect(await policy().rights(Viewer.anonymous(), open)).toMatchObject({
      visit: true,
      edit: false,
      manage: false,
    });
    await expectCode(policy().requireEdit(new Viewer(stranger), open.id), 'ItemEditDenied');
    await expectCode(policy().requireEdit(Viewer.anonymous(), open.id), 'LoginRequired');
  });

  it('locks a private item until the right visit password comes with the request', async () => {
    await expectCode(policy().requireVisit(Viewer.anonymous(), locked.id), 'ItemVisitDenied');
    await expectCode(
      policy().requireVisit(Viewer.anonymous().withVisitPassword('wrong'), locked.id),
      'ItemVisitDenied',
    );
    await expectCode(
      policy().requireVisit(Viewer.anonymous().withVisitPassword(''), locked.id),
      'ItemVisitDenied',
    );
    const { rights } = await policy().requireVisit(Viewer.anonymous().withVisitPassword('s3cret'), locked.id);
    expect(rights).toMatchObject({ visit: true, edit: false });
  });

  it('remembers an unlock for the session that made it, until the grant expires', async () => {
    const session = new Viewer(null, 'a'.repeat(64));
    await expectCode(policy().requireVisit(session, locked.id), 'ItemVisitDenied');
    const services = db.services();
    await services.policy.grantVisit(session, await services.em.findOneOrFail(Item, locked.id));
    await expect(policy().requireVisit(session, locked.id)).resolves.toBeDefined();
    await expectCode(policy().requireVisit(new Viewer(null, 'b'.repeat(64)), locked.id), 'ItemVisitDenied');
    const grants = db.services().em;
    const grant = await grants.findOneOrFail(ItemVisitGrant, { sessionKey: session.sessionKey! });
    grant.expiresAt = new Date(Date.now() - 1000);
    await grants.flush();
    await expectCode(policy().requireVisit(session, locked.id), 'ItemVisitDenied');
  });

  it('maps member groups to rights, with a catalog scope only below item admin', async () => {
    expect(await policy().rights(new Viewer(reader), locked)).toMatchObject({
      visit: true,
      edit: false,
      manage: false,
      catalogScope: [catA.id],
    });
    expect(await policy().rights(new Viewer(editor), locked)).toMatchObject({
      visit: true,
      edit: true,
      manage: false,
      catalogScope: null,
    });
    expect(await policy().rights(new Viewer(itemAdmin), locked)).toMatchObject({
      manage: true,
      catalogScope: null,
    });
  });

  it('counts each grant only in its own catalogs: reads the union, edits only where an edit grant applies', async () => {
    // Read-only in B through a team, edit in A directly.
    const rights = await policy().rights(new Viewer(teamUser), locked);
    expect(rights).toMatchObject({ visit: true, edit: true, manage: false, memberGroup: MemberGroup.Edit });
    expect(rights.catalogScope).toEqual([catA.id, catB.id].sort((a, b) => a - b));
    expect(rights.editScope).toEqual([catA.id]);
    expect(PolicyService.inScope(rights, catA.id)).toBe(true);
    expect(PolicyService.inScope(rights, catB.id)).toBe(true);
    expect(PolicyService.inScope(rights, null)).toBe(false);
    expect(PolicyService.inEditScope(rights, catA.id)).toBe(true);
    expect(PolicyService.inEditScope(rights, catB.id)).toBe(false);
    expect(() => requireWritableScope(rights, catA.id, 'page')).not.toThrow();
    expect(() => requireWritableScope(rights, catB.id, 'page')).toThrow(DomainError);
    expect(() => requireWritableScope(rights, catB.id, 'catalog')).toThrow(DomainError);
  });

  it('does not widen a scoped edit grant to the whole item because an unscoped read-only grant exists', async () => {
    const rights = await policy().rights(new Viewer(mixedUser), locked);
    expect(rights).toMatchObject({ visit: true, edit: true, catalogScope: null, editScope: [catA.id] });
    expect(PolicyService.inScope(rights, catB.id)).toBe(true);
    expect(() => requireWritableScope(rights, catA.id, 'catalog')).not.toThrow();
    expect(() => requireWritableScope(rights, catB.id, 'page')).toThrow(DomainError);
    // Root pages stay writable for every editor, as for any scoped editor.
    expect(() => requireWritableScope(rights, null, 'page')).not.toThrow();
    expect(() => requireWritableScope(rights, null, 'catalog')).toThrow(DomainError);
  });

  it('decides a long list of items as it decides each one', async () => {
    // Plain rows stand in for items nobody is a member of (more than SQLite binds parameters for).
    const others = Array.from({ length: 17_000 }, (_, i) => ({
      id: 1_000_000 + i,
      owner: { id: owner.id },
      password: 'x',
      passwordVersion: 0,
      isArchived: false,
      deletedAt: null,
    }));
    for (const who of [reader, teamUser, stranger]) {
      const many = await policy().rightsMany(new Viewer(who), [locked, archived, ...others]);
      expect(many.get(locked.id)).toEqual(await policy().rights(new Viewer(who), locked));
      expect(many.get(archived.id)).toEqual(await policy().rights(new Viewer(who), archived));
      expect(many.get(others[0]!.id)?.visit).toBe(false);
    }
  });

  it('makes an archived item read-only for every writer, but lets the owner delete or transfer it', async () => {
    expect(await policy().rights(new Viewer(owner), archived)).toMatchObject({
      visit: true,
      edit: false,
      manage: false,
      archived: true,
    });
    await expectCode(policy().requireEdit(new Viewer(owner), archived.id), 'ItemArchived');
    await expectCode(policy().requireEdit(new Viewer(editor), archived.id), 'ItemArchived');
    await expectCode(policy().requireEdit(new Viewer(stranger), archived.id), 'ItemEditDenied');
    await expectCode(policy().requireManage(new Viewer(owner), archived.id), 'ItemArchived');
    await expect(
      policy().requireManage(new Viewer(owner), archived.id, { allowArchived: true }),
    ).resolves.toBeDefined();
    await expectCode(
      policy().requireManage(new Viewer(editor), archived.id, { allowArchived: true }),
      'ItemManageDenied',
    );
  });

  it('treats deleted and unknown items as not found, for owners too', async () => {
    await expectCode(policy().requireVisit(new Viewer(owner), deleted.id), 'ItemNotFound');
    await expectCode(policy().requireVisit(new Viewer(owner), 987654), 'ItemNotFound');
    await expectCode(policy().requireVisit(new Viewer(owner), 'no-such-domain'), 'ItemNotFound');
  });

  it('decides on an item read as a plain row exactly as on the entity (the item screen reads rows)', async () => {
    const viewers = [
      new Viewer(owner),
      new Viewer(reader),
      new Viewer(stranger),
      Viewer.anonymous(),
      Viewer.anonymous().withVisitPassword('s3cret'),
    ];
    for (const viewer of viewers) {
      for (const key of [
        open.id,
        locked.id,
        archived.id,
        deleted.id,
        987654,
        String(locked.id),
        'no-such-domain',
      ]) {
        const outcome = (p: Promise<{ item: { id: number }; rights: object }>) =>
          p.then(
            ({ item, rights }) => ({ id: item.id, rights }),
            (err: unknown) => (err instanceof DomainError ? err.codeName : err),
          );
        const fromRow = await outcome(policy().requireVisitRow(viewer, key));
        expect(fromRow).toEqual(await outcome(policy().requireVisit(viewer, key)));
      }
    }
    const { item } = await policy().requireVisitRow(new Viewer(owner), locked.id);
    expect(item).toMatchObject({
      id: locked.id,
      name: 'Locked',
      password: 's3cret',
      owner: { id: owner.id },
    });
  });

  it('loads the rights of many items in a fixed number of queries', async () => {
    const services = db.services();
    const items: Item[] = [];
    for (let i = 0; i < 40; i++) items.push(services.em.create(Item, { name: `bulk ${i}`, owner }));
    await services.em.flush();
    const fresh = db.services();
    const knex = (fresh.em.getConnection() as AbstractSqlConnection).getKnex();
    let queries = 0;
    const count = () => void queries++;
    knex.on('query', count);
    try {
      const loaded = await fresh.em.find(Item, { id: { $in: items.map((i) => i.id) } });
      queries = 0;
      const rights = await fresh.policy.rightsMany(new Viewer(editor, 'c'.repeat(64)), loaded);
      expect(rights.size).toBe(40);
      expect(queries).toBeLessThanOrEqual(3);
    } finally {
      knex.removeListener('query', count);
    }
  });

  it("costs no query for the viewer's own items, and no visit-grant query where membership or an open item decides", async () => {
    const fresh = db.services();
    const knex = (fresh.em.getConnection() as AbstractSqlConnection).getKnex();
    const sqls: string[] = [];
    const listen = (query: { sql: string }) => void sqls.push(query.sql);
    const loaded = await fresh.em.find(Item, { id: { $in: [open.id, locked.id, archived.id] } });
    knex.on('query', listen);
    try {
      const mine = await fresh.policy.rightsMany(new Viewer(owner, 'd'.repeat(64)), loaded);
      expect([...mine.values()].every((r) => r.manage || r.archived)).toBe(true);
      expect(sqls).toEqual([]);
      // A member of the locked item: the member rows decide, no visit grant is looked up.
      const asEditor = db.services();
      const theirs = await asEditor.em.find(Item, { id: { $in: [open.id, locked.id] } });
      const rights = await asEditor.policy.rightsMany(new Viewer(editor, 'e'.repeat(64)), theirs);
      expect(rights.get(locked.id)?.edit).toBe(true);
      expect(sqls.some((q) => /item_visit_grant/.test(q))).toBe(false);
      // A stranger at the locked item: only then the session's unlock is asked.
      const asStranger = db.services();
      const closed = await asStranger.em.find(Item, { id: locked.id });
      sqls.length = 0;
      expect((await asStranger.policy.rights(new Viewer(stranger, 'f'.repeat(64)), closed[0]!)).visit).toBe(
        false,
      );
      expect(sqls.some((q) => /item_visit_grant/.test(q))).toBe(true);
    } finally {
      knex.off('query', listen);
    }
  });
});
