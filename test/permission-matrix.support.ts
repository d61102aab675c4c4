// Fixture, door helpers and row vocabulary of test/permission-matrix.test.ts (rows in that file and in
// test/permission-matrix.rows.ts): one private item (visit password, top-level catalogs A and B with a
// sub-catalog each, pages in A, in B and at the root, a history version, a share link, a template of the
// owner shared to it), an archived copy of it owned by the same owner, a team bound to both, and one actor
// per kind of right, with tokens minted without a password round trip (buildSession).
import { expect } from '@jest/globals';
import type { EntityManager } from '@mikro-orm/core';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import {
  Catalog,
  Item,
  ItemMember,
  MemberGroup,
  Page,
  ItemApiKey,
  PageLock,
  RecycleEntry,
  SinglePageLink,
  Team,
  TeamItem,
  TeamItemMember,
  TeamMember,
  TeamMemberGroup,
  Template,
  TemplateItem,
  User,
} from '../db/src';
import { buildServices } from '../api/src/domain/services';
import { newToken } from '../api/src/domain/accounts/token';
import { VISITOR_COOKIE } from '../server/src/server';
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
  /** Sub-catalogs of A and of B. */
  subA: Catalog;
  subB: Catalog;
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
  /** Owned by the owner; levels 0 and 1 are ordinary members, level 2 is a team admin; bound to both items. */
  team: Team;
  /** The owner's template, shared to the main item. */
  ownerTemplate: Template;
  main: ItemFixture;
  archived: ItemFixture;
  actors: Record<ActorName, Actor>;
  em(): EntityManager;
  /** The fixture an actor's checks target. */
  target(actor: Actor): ItemFixture;
  /** The actor's own login password (what confirmations ask for). */
  loginPassword(actor: Actor): string;
  /** An item (active or archived) with the same memberships as the main item, for destructive checks. */
  freshItem(archived: boolean): Promise<Item>;
  /** An item owned by `user` (by the heir for a visitor), with no members. */
  freshOwnItem(user: User | null): Promise<Item>;
  freshPage(fixture: ItemFixture, catalog: Catalog | null, author: User | null): Promise<Page>;
  /** A page of `catalog` in the recycle bin (deleted by the owner). */
  freshDeletedPage(fixture: ItemFixture, catalog: Catalog | null): Promise<Page>;
  freshCatalog(fixture: ItemFixture, parent: Catalog): Promise<Catalog>;
  freshMember(fixture: ItemFixture): Promise<ItemMember>;
  freshUser(): Promise<User>;
  /** A team like the matrix team (same creator, members and groups), bound to nothing. */
  freshTeam(): Promise<Team>;
  /** A team created by `user` (by the heir for a visitor), without members. */
  freshOwnTeam(user: User | null): Promise<Team>;
  /** A template of `user` (of the heir for a visitor), shared nowhere. */
  freshTemplate(user: User | null): Promise<Template>;
  /** Makes `user` hold a live lock of the page (replacing any lock of it); no user: the page is unlocked. */
  setLock(pageId: number, user: User | null): Promise<void>;
}

const MEMBER_ROWS: Array<[ActorName, number, 'A' | null]> = [
  ['read-only member', MemberGroup.ReadOnly, null],
  ['scoped read-only member', MemberGroup.ReadOnly, 'A'],
  ['edit member', MemberGroup.Edit, null],
  ['scoped edit member', MemberGroup.Edit, 'A'],
  ['item admin member', MemberGroup.Admin, null],
];
/** Team members: their group in the team's items, and in the team itself (level 2 is a team admin). */
const TEAM_ROWS: Array<[ActorName, number, number]> = [
  ['team member level 0', MemberGroup.ReadOnly, TeamMemberGroup.Member],
  ['team member level 1', MemberGroup.Edit, TeamMemberGroup.Member],
  ['team member level 2', MemberGroup.Admin, TeamMemberGroup.Admin],
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

  let counter = 0;
  /** A team of the owner with the team rows' members and groups. */
  const createTeam = async (name: string): Promise<Team> => {
    const fork = em();
    const created = fork.create(Team, { name, owner: fork.getReference(User, owner.id) });
    fork.persist(created);
    for (const [actor, , teamGroup] of TEAM_ROWS) {
      fork.persist(
        fork.create(TeamMember, {
          team: created,
          user: fork.getReference(User, users[actor]!.id),
          teamMemberGroupId: teamGroup,
        }),
      );
    }
    await fork.flush();
    return created;
  };
  const team = await createTeam('matrix team');

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
    const subA = await services.catalogs.save(ownerViewer, {
      itemId: item.id,
      name: 'Sub A',
      parentId: catA.id,
    });
    const subB = await services.catalogs.save(ownerViewer, {
      itemId: item.id,
      name: 'Sub B',
      parentId: catB.id,
    });
    await services.pages.save(ownerViewer, {
      itemId: item.id,
      id: pageB.id,
      content: 'second version of page B',
    });
    const version = (await services.history.list(ownerViewer, pageB.id)).versions[0]!;
    await services.shares.share(ownerViewer, pageB.id, 0);
    await grantMemberships(item, catA);
    if (archived) await em().nativeUpdate(Item, { id: item.id }, { isArchived: true });
    return { item, catA, catB, subA, subB, pageA, pageB, pageRoot, versionId: version.id };
  };

  const main = await buildFixture(false);
  const archived = await buildFixture(true);
  const createTemplate = async (user: User | null): Promise<Template> => {
    const fork = em();
    const template = fork.create(Template, {
      owner: fork.getReference(User, (user ?? heir).id),
      title: `matrix template ${++counter}`,
      content: 'template',
    });
    await fork.persist(template).flush();
    return template;
  };
  const ownerTemplate = await createTemplate(owner);
  {
    const fork = em();
    fork.persist(
      fork.create(TemplateItem, {
        template: fork.getReference(Template, ownerTemplate.id),
        item: fork.getReference(Item, main.item.id),
        sharedBy: fork.getReference(User, owner.id),
      }),
    );
    await fork.flush();
  }

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

  return {
    server,
    owner,
    heir,
    users,
    team,
    ownerTemplate,
    main,
    archived,
    actors,
    em,
    target: (actor) => (actor.archived ? archived : main),
    loginPassword: (actor) => (actor.name === 'site admin' ? ADMIN.password : DEFAULT_PASSWORD),
    async freshItem(isArchived) {
      const item = await buildItem(em(), owner, { password: VISIT_PASSWORD, isArchived });
      await grantMemberships(item, null);
      return item;
    },
    freshOwnItem: (user) => buildItem(em(), user ?? heir, { password: VISIT_PASSWORD }),
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
    async freshDeletedPage(fixture, catalog) {
      const fork = em();
      const deletedAt = new Date();
      const page = fork.create(Page, {
        title: `deleted page ${++counter}`,
        content: 'deleted',
        item: fork.getReference(Item, fixture.item.id),
        catalog: catalog ? fork.getReference(Catalog, catalog.id) : null,
        author: fork.getReference(User, owner.id),
        authorName: owner.username,
        deletedAt,
      });
      fork.persist(page);
      fork.persist(
        fork.create(RecycleEntry, {
          item: fork.getReference(Item, fixture.item.id),
          page,
          title: page.title,
          deletedBy: fork.getReference(User, owner.id),
          deletedByName: owner.username,
          deletedAt,
        }),
      );
      await fork.flush();
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
    freshTeam: () => createTeam(`fresh team ${++counter}`),
    async freshOwnTeam(user) {
      const fork = em();
      const created = fork.create(Team, {
        name: `own team ${++counter}`,
        owner: fork.getReference(User, (user ?? heir).id),
      });
      await fork.persist(created).flush();
      return created;
    },
    freshTemplate: createTemplate,
    async setLock(pageId, user) {
      const fork = em();
      await fork.nativeDelete(PageLock, { page: pageId });
      if (!user) return;
      fork.persist(
        fork.create(PageLock, {
          page: fork.getReference(Page, pageId),
          user: fork.getReference(User, user.id),
          lockedUntil: new Date(Date.now() + 60 * 60 * 1000),
        }),
      );
      await fork.flush();
    },
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

/**
 * A GraphQL subscription as the actor (token in the connection params, the visitor cookie on the upgrade).
 * `trigger` runs until an event arrives, the subscription is refused, or `ms` pass.
 */
export async function subscriptionCall(
  server: TestServer,
  actor: Pick<Actor, 'token' | 'visitorCookie'>,
  query: string,
  variables: Record<string, unknown>,
  trigger: () => Promise<void>,
  ms = 5000,
): Promise<{ delivered: boolean; errors: unknown[] }> {
  const cookie = actor.visitorCookie ? `${VISITOR_COOKIE}=${actor.visitorCookie}` : null;
  class ActorWebSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, cookie ? { headers: { cookie } } : {});
    }
  }
  const client = createClient({
    url: `${server.url.replace('http', 'ws')}/graphql`,
    webSocketImpl: ActorWebSocket,
    connectionParams: { token: actor.token ?? '' },
    retryAttempts: 0,
  });
  let delivered = false;
  let finished = false;
  const errors: unknown[] = [];
  const unsubscribe = client.subscribe(
    { query, variables },
    {
      next: (value) => {
        if (value.errors?.length) errors.push(...value.errors);
        else delivered = true;
      },
      error: (err) => void errors.push(err),
      complete: () => void (finished = true),
    },
  );
  try {
    const until = Date.now() + ms;
    while (!delivered && !finished && !errors.length && Date.now() < until) {
      await trigger();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    unsubscribe();
    await client.dispose();
  }
  return { delivered, errors };
}

/** ShowDoc's REST dialect for the endpoints that answer plain text (`open/updateDbItem`). */
export async function restText(
  server: TestServer,
  actor: Pick<Actor, 'token'>,
  route: string,
  fields: Record<string, string | number>,
): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (actor.token) headers['x-api-token'] = actor.token;
  const response = await fetch(`${server.url}/server/index.php?s=/api/${route}`, {
    method: 'POST',
    headers,
    body: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString(),
  });
  return { status: response.status, text: await response.text() };
}

// ---------------------------------------------------------------------------------------------------
// Who may do what: actor sets the rows' expectations are made of (spec 000 §4 and §6, 001 §6).

/** May read the whole item: visit rights without a catalog scope (archived items stay readable). */
export const READ_WHOLE: readonly ActorName[] = [
  'anonymous with visit password',
  'read-only member',
  'edit member',
  'item admin member',
  'team member level 0',
  'team member level 1',
  'team member level 2',
  'owner',
  'site admin',
  'owner of archived item',
];
/** May read inside catalog A (scoped members reach no root page, issue #15). */
export const READ_SCOPED: readonly ActorName[] = [
  ...READ_WHOLE,
  'scoped read-only member',
  'scoped edit member',
];
/** May write anywhere in the (active) item. */
export const EDIT_WHOLE: readonly ActorName[] = [
  'edit member',
  'item admin member',
  'team member level 1',
  'team member level 2',
  'owner',
  'site admin',
];
/** May write inside catalog A (not root pages: they are outside every scope). */
export const EDIT_SCOPED: readonly ActorName[] = [...EDIT_WHOLE, 'scoped edit member'];
/** Manages the (active) item. */
export const MANAGE: readonly ActorName[] = [
  'item admin member',
  'team member level 2',
  'owner',
  'site admin',
];
/** Manager actions that stay possible on an archived item (policy `allowArchived`): delete, transfer, key. */
export const MANAGE_EVEN_ARCHIVED: readonly ActorName[] = [...MANAGE, 'owner of archived item'];
/** Signed in (whatever their rights in the item). */
export const LOGGED_IN: readonly ActorName[] = ACTORS.filter(
  (a) => a !== 'anonymous' && a !== 'anonymous with visit password',
);
/** May read the item and is signed in (marks on one's own item list: star, pin). */
export const READ_SIGNED_IN: readonly ActorName[] = READ_SCOPED.filter((a) => LOGGED_IN.includes(a));
/** Reach the item as owner, member or team member: it is in their item list. */
export const RELATED: readonly ActorName[] = LOGGED_IN.filter((a) => a !== 'stranger' && a !== 'site admin');
/** Members of the item (not its owner): who may leave it. */
export const ITEM_MEMBERS: readonly ActorName[] = RELATED.filter(
  (a) => a !== 'owner' && a !== 'owner of archived item',
);
/** The owner's user, whichever item they target (team creator, template owner). */
export const OWNER_USER: readonly ActorName[] = ['owner', 'owner of archived item'];
/** Ordinary members (levels 0, 1) and the team admin (level 2) of the matrix team. */
export const TEAM_MEMBERS: readonly ActorName[] = [
  'team member level 0',
  'team member level 1',
  'team member level 2',
];
/** In the matrix team's own list: its creator and its members. */
export const TEAM_RELATED: readonly ActorName[] = [...TEAM_MEMBERS, ...OWNER_USER];
/** May read the matrix team (policy `requireRead`): its creator, members and site admins. */
export const TEAM_READ: readonly ActorName[] = [...TEAM_RELATED, 'site admin'];
/** Manage the matrix team (spec 000 §6 "team manager"): creator, team admin, site admin. */
export const TEAM_MANAGE: readonly ActorName[] = ['team member level 2', 'site admin', ...OWNER_USER];

// ---------------------------------------------------------------------------------------------------
// Door outcomes.

export type Gql = Awaited<ReturnType<typeof graphqlCall>>;

/** true: success; false: a GraphQL error that is not a crash. */
export function gqlOutcome(answer: Gql): boolean {
  expect(answer.status).toBeLessThan(500);
  if (answer.errors?.length) {
    for (const error of answer.errors) expect(error.extensions?.code).not.toBe('INTERNAL_SERVER_ERROR');
    return false;
  }
  expect(answer.data).toBeTruthy();
  return true;
}

/** true: `error_code` 0; false: a business error envelope (never HTTP 500 / 10500). */
export function restOutcome(answer: DoorAnswer): boolean {
  expect(answer.status).toBeLessThan(500);
  expect(typeof answer.body?.error_code).toBe('number');
  expect(answer.body.error_code).not.toBe(10500);
  if (answer.body.error_code !== 0) {
    expect(typeof answer.body.error_message).toBe('string');
    return false;
  }
  return true;
}

/** A write's effect must follow its answer: changed when allowed, untouched when denied. */
export async function write<T>(
  before: () => Promise<T>,
  run: () => Promise<boolean>,
  after: () => Promise<T> = before,
): Promise<boolean> {
  const previous = await before();
  const allowed = await run();
  const now = await after();
  if (allowed) expect(now).not.toEqual(previous);
  else expect(now).toEqual(previous);
  return allowed;
}

/** Several endpoints of one door that must agree (aliases, list shapes of one read). */
export function agree(outcomes: boolean[]): boolean {
  expect(outcomes).toEqual(outcomes.map(() => outcomes[0]));
  return outcomes[0]!;
}

// ---------------------------------------------------------------------------------------------------
// Operations.

export type Door = (m: Matrix, actor: Actor) => Promise<boolean>;

export interface Operation {
  name: string;
  /** Actors allowed; every other actor is denied. */
  allow: readonly ActorName[];
  /** Only where ShowDoc's wire contract differs from GraphQL (commented at the row). */
  restAllow?: readonly ActorName[];
  graphql?: Door;
  rest?: Door;
  /** The MCP door (`/mcp` tools/call as the actor's login): rows of their own, with `oneDoor` saying so. */
  mcp?: Door;
  /** Why the row has one door only: the other door has no such operation. */
  oneDoor?: string;
  /** GraphQL fields and REST `Controller/action`s this row exercises (the completeness check reads it). */
  covers: string[];
}

let uniqueCounter = 0;
export const unique = (prefix: string) => `${prefix} ${process.pid}-${++uniqueCounter}`;
/** A fresh positive number (orders, positions). */
export const uniqueNumber = () => 1000 + ++uniqueCounter;

export const gql = (m: Matrix, actor: Actor, query: string, variables: Record<string, unknown> = {}) =>
  graphqlCall(m.server, actor, query, variables);
export const rest = (m: Matrix, actor: Actor, route: string, fields: Record<string, string | number> = {}) =>
  restCall(m.server, actor, route, fields);

// ---------------------------------------------------------------------------------------------------
// What the database says (a write's effect is checked there, not in its answer).

export const pageVersion = async (m: Matrix, id: number) =>
  (await m.em().findOneOrFail(Page, { id })).version;
export const pageDeleted = async (m: Matrix, id: number) =>
  !!(await m.em().findOneOrFail(Page, { id })).deletedAt;
export const catalogName = async (m: Matrix, id: number) =>
  (await m.em().findOneOrFail(Catalog, { id })).name;
export const catalogDeleted = async (m: Matrix, id: number) =>
  !!(await m.em().findOneOrFail(Catalog, { id })).deletedAt;
export const catalogCount = (m: Matrix, itemId: number, name: string) =>
  m.em().count(Catalog, { item: itemId, name, deletedAt: null });
export const pageCount = (m: Matrix, itemId: number, title: string) =>
  m.em().count(Page, { item: itemId, title, deletedAt: null });
export const shareKey = async (m: Matrix, pageId: number) =>
  (await m.em().findOne(SinglePageLink, { page: pageId }))?.uniqueKey ?? null;
export const itemState = async (m: Matrix, id: number) => {
  const item = await m.em().findOneOrFail(Item, { id });
  return { name: item.name, owner: item.owner.id, archived: item.isArchived, deleted: !!item.deletedAt };
};
export const memberCount = (m: Matrix, itemId: number, userId: number) =>
  m.em().count(ItemMember, { item: itemId, user: userId });
export const memberExists = async (m: Matrix, id: number) => !!(await m.em().findOne(ItemMember, { id }));
export const apiToken = async (m: Matrix, itemId: number) =>
  (await m.em().findOne(ItemApiKey, { item: itemId }))?.apiToken ?? null;

/** Makes sure page B has a live share link (an earlier allowed row may have revoked it). */
export async function ensureShared(m: Matrix, pageId: number): Promise<void> {
  if (await shareKey(m, pageId)) return;
  const em = m.em();
  em.persist(em.create(SinglePageLink, { page: em.getReference(Page, pageId), uniqueKey: unique('k') }));
  await em.flush();
}

export { DEFAULT_PASSWORD };
