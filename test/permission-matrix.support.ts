// Fixture and door helpers of test/permission-matrix.test.ts: one private item (visit password, top-level
// catalogs A and B, pages in A, in B and at the root, a history version, a share link), an archived copy of
// it owned by the same owner, and one actor per kind of right, with tokens minted without a password round
// trip (buildSession).
import type { EntityManager } from '@mikro-orm/core';
import {
  Catalog,
  Item,
  ItemMember,
  MemberGroup,
  Page,
  SinglePageLink,
  Team,
  TeamItem,
  TeamItemMember,
  TeamMember,
  TeamMemberGroup,
  User,
} from '../db/src';
import { buildServices } from '../api/src/domain/services';
import { newToken } from '../api/src/domain/accounts/token';
import { VISITOR_COOKIE } from '../api/src/server';
import { buildItem, buildSession, buildUser, viewerOf, DEFAULT_PASSWORD } from './support/factories';
import { ADMIN, TEST_CAPTCHA, type TestServer } from './support/server';

export const VISIT_PASSWORD = 'visit-me';
/** A word only in page B's title: search finds page B by it. */
export const B_MARKER = 'zebraquill';

export const ACTORS = [
  'anonymous',
  'anonymous with visit password',
  'stranger',
  'read-only member',
  'scoped read-only member',
  'edit member',
  'scoped edit member',
  'item admin member',
  'team member level 0',
  'team member level 1',
  'team member level 2',
  'owner',
  'site admin',
  'owner of archived item',
] as const;
export type ActorName = (typeof ACTORS)[number];

export interface Actor {
  name: ActorName;
  user: User | null;
  token?: string;
  /** REST: `_item_pwd`; GraphQL: the visitor cookie of a session that unlocked the item. */
  visitPassword?: string;
  visitorCookie?: string;
  /** Which item the actor's checks target. */
  archived: boolean;
}

export interface ItemFixture {
  item: Item;
  catA: Catalog;
  catB: Catalog;
  pageA: Page;
  pageB: Page;
  pageRoot: Page;
  versionId: number;
}

export interface Matrix {
  server: TestServer;
  owner: User;
  heir: User;
  users: Partial<Record<ActorName, User>>;
  team: Team;
  main: ItemFixture;
  archived: ItemFixture;
  actors: Record<ActorName, Actor>;
  em(): EntityManager;
  /** The fixture an actor's checks target. */
  target(actor: Actor): ItemFixture;
  /** An item (active or archived) with the same memberships as the main item, for destructive checks. */
  freshItem(archived: boolean): Promise<Item>;
  freshPage(fixture: ItemFixture, catalog: Catalog | null, author: User | null): Promise<Page>;
  freshCatalog(fixture: ItemFixture, parent: Catalog): Promise<Catalog>;
  freshMember(fixture: ItemFixture): Promise<ItemMember>;
  freshUser(): Promise<User>;
}

const MEMBER_ROWS: Array<[ActorName, number, 'A' | null]> = [
  ['read-only member', MemberGroup.ReadOnly, null],
  ['scoped read-only member', MemberGroup.ReadOnly, 'A'],
  ['edit member', MemberGroup.Edit, null],
  ['scoped edit member', MemberGroup.Edit, 'A'],
  ['item admin member', MemberGroup.Admin, null],
];
const TEAM_ROWS: Array<[ActorName, number]> = [
  ['team member level 0', MemberGroup.ReadOnly],
  ['team member level 1', MemberGroup.Edit],
  ['team member level 2', MemberGroup.Admin],
];

export async function buildMatrix(server: TestServer): Promise<Matrix> {
  const em = () => server.db.orm.em.fork();
  const setup = em();
  const owner = await buildUser(setup);
  const heir = await buildUser(setup);
  const users: Partial<Record<ActorName, User>> = { owner };
  for (const name of ['stranger', ...MEMBER_ROWS.map((r) => r[0]), ...TEAM_ROWS.map((r) => r[0])] as const) {
    users[name] = await buildUser(setup);
  }
  const admin = await setup.findOneOrFail(User, { username: ADMIN.username });
  users['site admin'] = admin;

  const team = setup.create(Team, { name: 'matrix team', owner: setup.getReference(User, owner.id) });
  setup.persist(team);
  for (const [name] of TEAM_ROWS) {
    setup.persist(
      setup.create(TeamMember, {
        team,
        user: setup.getReference(User, users[name]!.id),
        teamMemberGroupId: TeamMemberGroup.Member,
      }),
    );
  }
  await setup.flush();

  /** Members and team bindings of the main item, on `item` (catalog A: the scope of scoped members). */
  const grantMemberships = async (item: Item, catA: Catalog | null) => {
    const fork = em();
    for (const [name, group, scope] of MEMBER_ROWS) {
      const member = fork.create(ItemMember, {
        item: fork.getReference(Item, item.id),
        user: fork.getReference(User, users[name]!.id),
        memberGroupId: group,
      });
      if (scope && catA) member.catalogs.add(fork.getReference(Catalog, catA.id));
      fork.persist(member);
    }
    fork.persist(
      fork.create(TeamItem, {
        team: fork.getReference(Team, team.id),
        item: fork.getReference(Item, item.id),
      }),
    );
    for (const [name, group] of TEAM_ROWS) {
      fork.persist(
        fork.create(TeamItemMember, {
          team: fork.getReference(Team, team.id),
          item: fork.getReference(Item, item.id),
          user: fork.getReference(User, users[name]!.id),
          memberGroupId: group,
        }),
      );
    }
    await fork.flush();
  };

  const buildFixture = async (archived: boolean): Promise<ItemFixture> => {
    const services = buildServices(em());
    const ownerViewer = await viewerOf(services.em, owner);
    const item = await buildItem(services.em, owner, { password: VISIT_PASSWORD });
    const catA = await services.catalogs.save(ownerViewer, { itemId: item.id, name: 'Catalog A' });
    const catB = await services.catalogs.save(ownerViewer, { itemId: item.id, name: 'Catalog B' });
    const save = (title: string, catalogId: number | null) =>
      services.pages.save(ownerViewer, { itemId: item.id, title, content: `${title} content`, catalogId });
    const pageA = await save('matrix page A', catA.id);
    const pageB = await save(`matrix page B ${B_MARKER}`, catB.id);
    const pageRoot = await save('matrix root page', null);
    await services.pages.save(ownerViewer, {
      itemId: item.id,
      id: pageB.id,
      content: 'second version of page B',
    });
    const version = (await services.history.list(ownerViewer, pageB.id)).versions[0]!;
    await services.shares.share(ownerViewer, pageB.id, 0);
    await grantMemberships(item, catA);
    if (archived) await em().nativeUpdate(Item, { id: item.id }, { isArchived: true });
    return { item, catA, catB, pageA, pageB, pageRoot, versionId: version.id };
  };

  const main = await buildFixture(false);
  const archived = await buildFixture(true);

  const actors = {} as Record<ActorName, Actor>;
  for (const name of ACTORS) {
    const user = name === 'owner of archived item' ? owner : (users[name] ?? null);
    actors[name] = {
      name,
      user,
      token: user ? await buildSession(em(), user) : undefined,
      archived: name === 'owner of archived item',
    };
  }
  // The visitor unlocks the main item the way each door does it: REST resends `_item_pwd`, GraphQL
  // unlocks once for its browser session (visitor cookie).
  const visitor = newToken();
  const unlocked = await graphqlCall(
    server,
    { visitorCookie: visitor },
    `mutation($id: Int!, $pw: String!, $c: String!) {
      unlockItem(itemId: $id, password: $pw, captchaId: 0, captcha: $c) { id } }`,
    { id: main.item.id, pw: VISIT_PASSWORD, c: TEST_CAPTCHA },
  );
  if (unlocked.errors) throw new Error(`unlockItem failed: ${JSON.stringify(unlocked.errors)}`);
  Object.assign(actors['anonymous with visit password'], {
    visitPassword: VISIT_PASSWORD,
    visitorCookie: visitor,
  });

  let counter = 0;
  return {
    server,
    owner,
    heir,
    users,
    team,
    main,
    archived,
    actors,
    em,
    target: (actor) => (actor.archived ? archived : main),
    async freshItem(isArchived) {
      const item = await buildItem(em(), owner, { password: VISIT_PASSWORD, isArchived });
      await grantMemberships(item, null);
      return item;
    },
    async freshPage(fixture, catalog, author) {
      const fork = em();
      const page = fork.create(Page, {
        title: `fresh page ${++counter}`,
        content: 'fresh',
        item: fork.getReference(Item, fixture.item.id),
        catalog: catalog ? fork.getReference(Catalog, catalog.id) : null,
        author: author ? fork.getReference(User, author.id) : null,
        authorName: author?.username ?? '',
      });
      await fork.persist(page).flush();
      return page;
    },
    async freshCatalog(fixture, parent) {
      const fork = em();
      const catalog = fork.create(Catalog, {
        name: `fresh catalog ${++counter}`,
        item: fork.getReference(Item, fixture.item.id),
        parent: fork.getReference(Catalog, parent.id),
        level: parent.level + 1,
      });
      await fork.persist(catalog).flush();
      return catalog;
    },
    async freshMember(fixture) {
      const fork = em();
      const user = await buildUser(fork);
      const member = fork.create(ItemMember, {
        item: fork.getReference(Item, fixture.item.id),
        user,
        memberGroupId: MemberGroup.ReadOnly,
      });
      await fork.persist(member).flush();
      return member;
    },
    freshUser: () => buildUser(em()),
  };
}

export interface DoorAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- wire answers are checked field by field
  body: any;
}

/** GraphQL as the actor (bearer token, or the visitor cookie of an unlocked session). */
export async function graphqlCall(
  server: TestServer,
  actor: Pick<Actor, 'token' | 'visitorCookie'>,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<{
  status: number;
  data?: Record<string, unknown> | null;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
}> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (actor.token) headers.authorization = `Bearer ${actor.token}`;
  if (actor.visitorCookie) headers.cookie = `${VISITOR_COOKIE}=${actor.visitorCookie}`;
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ query, variables }),
  });
  const text = await response.text();
  let body: { data?: Record<string, unknown> | null; errors?: [] } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    throw new Error(`GraphQL answered HTTP ${response.status} with non-JSON: ${text.slice(0, 200)}`);
  }
  return { status: response.status, ...body };
}

/** ShowDoc's REST dialect as the actor (`user_token` header, `_item_pwd` in the form). */
export async function restCall(
  server: TestServer,
  actor: Pick<Actor, 'token' | 'visitPassword'>,
  route: string,
  fields: Record<string, string | number> = {},
): Promise<DoorAnswer> {
  const headers: Record<string, string> = {};
  if (actor.token) headers['x-api-token'] = actor.token;
  const all = actor.visitPassword ? { ...fields, _item_pwd: actor.visitPassword } : fields;
  return server.form(`/server/index.php?s=/api/${route}`, all, headers);
}

export { DEFAULT_PASSWORD, SinglePageLink };
