// A member whose grants differ per catalog (reads the whole item as a plain member, edits catalog A
// through a team; or edits A directly and only reads B through a team) writes only where an edit grant
// applies, through both doors. The permission matrix's actors each hold one grant; this is the mix.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EntityManager } from '@mikro-orm/core';
import { Catalog, MemberGroup, Page, Team, TeamItemMember, type Item } from '../db/src';
import { buildCatalog, buildItem, buildMember, buildSession, buildUser } from './support/factories';
import { testDatabases } from './support/mysql';
import { startTestServer, type TestServer } from './support/server';

describe.each(testDatabases())('members with grants that differ per catalog, on $name', (target) => {
  let server: TestServer;
  let em: () => EntityManager;
  let item: Item;
  let catA: Catalog, catB: Catalog;
  /** Reads everything as a read-only member, edits A through a team. */
  let wideReaderToken: string;
  /** Edits A as a member, reads B through a team. */
  let twoScopesToken: string;

  beforeAll(async () => {
    server = await startTestServer(target, 'mixedgrants');
    em = () => server.db.orm.em.fork();
    const e = em();
    const owner = await buildUser(e);
    const wideReader = await buildUser(e);
    const twoScopes = await buildUser(e);
    item = await buildItem(e, owner, { password: 'pw' });
    catA = await buildCatalog(e, item, { name: 'A' });
    catB = await buildCatalog(e, item, { name: 'B' });
    const team = e.create(Team, { name: 'Writers', owner });
    buildMember(e, item, wideReader, MemberGroup.ReadOnly);
    e.create(TeamItemMember, { team, item, user: wideReader, memberGroupId: MemberGroup.Edit }).catalogs.add(
      e.getReference(Catalog, catA.id),
    );
    buildMember(e, item, twoScopes, MemberGroup.Edit, [catA]);
    e.create(TeamItemMember, {
      team,
      item,
      user: twoScopes,
      memberGroupId: MemberGroup.ReadOnly,
    }).catalogs.add(e.getReference(Catalog, catB.id));
    await e.flush();
    wideReaderToken = await buildSession(e, wideReader);
    twoScopesToken = await buildSession(e, twoScopes);
  });
  afterAll(async () => server?.close());

  const viaGraphQL = async (token: string, catalog: Catalog, title: string) => {
    const answer = await server.graphql<{ savePage: { id: number } }>(
      'mutation($input: SavePageInput!) { savePage(input: $input) { id } }',
      { input: { itemId: item.id, catalogId: catalog.id, title, content: 'text' } },
      token,
    );
    return answer.errors ? (answer.errors[0]?.extensions?.code ?? 'error') : 'saved';
  };
  const viaRest = async (token: string, catalog: Catalog, title: string) => {
    const answer = await server.form('/api/page/save', {
      item_id: item.id,
      cat_id: catalog.id,
      page_title: title,
      page_content: 'text',
      user_token: token,
    });
    return answer.body.error_code === 0 ? 'saved' : `error ${answer.body.error_code}`;
  };
  const pagesTitled = (title: string) => em().count(Page, { item: item.id, title });

  it.each([
    ['reads all, edits A through a team', () => wideReaderToken],
    ['edits A, reads B through a team', () => twoScopesToken],
  ])('%s: saves in A, is refused in B through both doors, and reads B', async (_name, token) => {
    expect(await viaGraphQL(token(), catA, `gql in A ${_name}`)).toBe('saved');
    expect(await viaRest(token(), catA, `rest in A ${_name}`)).toBe('saved');
    expect(await viaGraphQL(token(), catB, `gql in B ${_name}`)).toBe('FORBIDDEN');
    expect(await viaRest(token(), catB, `rest in B ${_name}`)).toMatch(/^error 10\d{3}$/);
    expect(await pagesTitled(`gql in B ${_name}`)).toBe(0);
    expect(await pagesTitled(`rest in B ${_name}`)).toBe(0);

    const menu = await server.graphql<{ item: { menu: { catalogs: Array<{ name: string }> } } }>(
      'query($id: Int) { item(id: $id) { menu { catalogs { name } } } }',
      { id: item.id },
      token(),
    );
    expect(menu.data?.item.menu.catalogs.map((c) => c.name)).toEqual(['A', 'B']);
  });
});
