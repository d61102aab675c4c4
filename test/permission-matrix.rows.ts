// More rows of the permission matrix (test/permission-matrix.test.ts): catalog lists and tree writes, item
// details and the marks on one's own item list, leaving, collaborators, teams (the item's side and the
// team's side), page locks, version notes and restores, page order, the recycle bin, templates, the open
// API, global search and copies. Expectations come from the spec (000 §4 and §6, 001 §6) and the wire
// contract's permission notes (compat-api), with Quire's stricter rules where ShowDoc leaked (catalog
// scopes hold on every path; archived items refuse every write).
import { expect } from '@jest/globals';
import {
  ItemMember,
  ItemStar,
  ItemTop,
  Page,
  PageHistory,
  PageLock,
  Team,
  TeamItem,
  TeamItemMember,
  TeamMember,
  TemplateItem,
  type User,
} from '../db/src';
import {
  B_MARKER,
  EDIT_SCOPED,
  EDIT_WHOLE,
  ITEM_MEMBERS,
  LOGGED_IN,
  MANAGE,
  MANAGE_EVEN_ARCHIVED,
  OWNER_USER,
  READ_SCOPED,
  READ_SIGNED_IN,
  READ_WHOLE,
  RELATED,
  TEAM_MANAGE,
  TEAM_MEMBERS,
  TEAM_READ,
  TEAM_RELATED,
  agree,
  catalogCount,
  catalogDeleted,
  catalogName,
  gql,
  gqlOutcome,
  pageCount,
  pageDeleted,
  pageVersion,
  rest,
  restOutcome,
  restText,
  subscriptionCall,
  unique,
  uniqueNumber,
  write,
  type Actor,
  type ItemFixture,
  type Matrix,
  type Operation,
} from './permission-matrix.support';

// ---------------------------------------------------------------------------------------------------
// Reading answers and the database.

/** Every `cat_id` of a REST catalog list, nested `sub` lists included. */
function restCatalogIds(list: unknown): number[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((row: { cat_id?: unknown; sub?: unknown }) => [
    Number(row.cat_id),
    ...restCatalogIds(row.sub),
  ]);
}

/** Every `id` of a GraphQL list answer. */
const gqlIds = (list: unknown): number[] =>
  Array.isArray(list) ? list.map((row: { id?: unknown }) => Number(row.id)) : [];

/** Every `id` of a REST list answer. */
function restIds(list: unknown): number[] {
  return Array.isArray(list) ? list.map((row: { id?: unknown }) => Number(row.id)) : [];
}

const includesAll = (found: number[], wanted: number[]) => wanted.every((id) => found.includes(id));

const pageSNumber = async (m: Matrix, id: number) => (await m.em().findOneOrFail(Page, { id })).sNumber;
const lockHolder = async (m: Matrix, pageId: number) =>
  (await m.em().findOne(PageLock, { page: pageId }))?.user.id ?? null;
/** The newest version of a page (the oldest may be purged by history retention as the rows save). */
const newestVersion = async (m: Matrix, pageId: number) =>
  (await m.em().find(PageHistory, { page: pageId }, { orderBy: { id: 'desc' }, limit: 1 }))[0]!;
const versionComments = async (m: Matrix, id: number) =>
  (await m.em().findOneOrFail(PageHistory, { id })).comments;
const teamState = async (m: Matrix, id: number) => {
  const team = await m.em().findOne(Team, { id });
  return team ? { name: team.name, owner: team.owner.id } : null;
};
const teamMemberRow = (m: Matrix, teamId: number, userId: number) =>
  m.em().findOne(TeamMember, { team: teamId, user: userId });
const teamMemberCount = (m: Matrix, teamId: number, user: User | null) =>
  user ? m.em().count(TeamMember, { team: teamId, user: user.id }) : Promise.resolve(0);
const boundCount = (m: Matrix, teamId: number, itemId: number) =>
  m.em().count(TeamItem, { team: teamId, item: itemId });
/** The actor's rows in an item: as a member and through teams. */
const membershipRows = async (m: Matrix, itemId: number, user: User | null) =>
  user
    ? (await m.em().count(ItemMember, { item: itemId, user: user.id })) +
      (await m.em().count(TeamItemMember, { item: itemId, user: user.id }))
    : 0;
/** Member groups of an item, individual and through teams, in a stable order. */
const memberGroups = async (m: Matrix, itemId: number) => [
  ...(await m.em().find(ItemMember, { item: itemId }, { orderBy: { id: 'asc' } })).map(
    (r) => r.memberGroupId,
  ),
  ...(await m.em().find(TeamItemMember, { item: itemId }, { orderBy: { id: 'asc' } })).map(
    (r) => r.memberGroupId,
  ),
];

/** The other fixture: what an actor's item is not. */
const otherFixture = (m: Matrix, a: Actor): ItemFixture => (a.archived ? m.main : m.archived);

/** Removes or places the actor's own mark (star, pin) on an item. */
async function setMark(
  m: Matrix,
  entity: typeof ItemStar | typeof ItemTop,
  a: Actor,
  itemId: number,
  on: boolean,
): Promise<void> {
  if (!a.user) return;
  const em = m.em();
  await em.nativeDelete(entity, { user: a.user.id, item: itemId });
  if (on) await em.insert(entity, { user: a.user.id, item: itemId, createdAt: new Date() });
}

/** The open-API key pair the actor can read through the REST door (item/getKey); blank when refused. */
async function openKey(m: Matrix, a: Actor): Promise<{ api_key: string; api_token: string }> {
  const answer = await rest(m, a, 'item/getKey', { item_id: m.target(a).item.id });
  if (!restOutcome(answer)) return { api_key: '', api_token: '' };
  return { api_key: answer.body.data.api_key, api_token: answer.body.data.api_token };
}

const ONLY_REST_OPEN_API =
  'the open API is ShowDoc REST only: the actor uses the key pair item/getKey gives it (GraphQL has no open API)';

// ---------------------------------------------------------------------------------------------------
// Catalogs.

const catalogRows: Operation[] = [
  {
    // Allowed = every list answers and names catalog B and its sub-catalog; a scoped member's lists
    // leave catalog B out (ShowDoc's secondCatList did not).
    name: 'catalog lists show catalog B',
    allow: READ_WHOLE,
    covers: [
      'Query.catalogs',
      'Catalog/catListGroup',
      'Catalog/catListName',
      'Catalog/catList',
      'Catalog/secondCatList',
    ],
    graphql: async (m, a) => {
      const { item, catB, subB } = m.target(a);
      const answer = await gql(m, a, 'query($id: Int!) { catalogs(itemId: $id) { id } }', { id: item.id });
      return gqlOutcome(answer) && includesAll(gqlIds(answer.data?.catalogs), [catB.id, subB.id]);
    },
    rest: async (m, a) => {
      const { item, catB, subB } = m.target(a);
      const outcomes: boolean[] = [];
      for (const route of ['catalog/catListGroup', 'catalog/catListName', 'catalog/catList']) {
        const answer = await rest(m, a, route, { item_id: item.id });
        outcomes.push(
          restOutcome(answer) && includesAll(restCatalogIds(answer.body.data), [catB.id, subB.id]),
        );
      }
      const second = await rest(m, a, 'catalog/secondCatList', { item_id: item.id });
      outcomes.push(restOutcome(second) && restCatalogIds(second.body.data).includes(catB.id));
      return agree(outcomes);
    },
  },
  {
    // A scoped member gets catalog A with its whole sub-tree (ShowDoc emptied the `sub`s).
    name: 'catalog lists show catalog A with its sub-catalog',
    allow: READ_SCOPED,
    covers: ['Query.catalogs', 'Catalog/catListGroup', 'Catalog/catListName', 'Catalog/catList'],
    graphql: async (m, a) => {
      const { item, catA, subA } = m.target(a);
      const answer = await gql(m, a, 'query($id: Int!) { catalogs(itemId: $id) { id } }', { id: item.id });
      return gqlOutcome(answer) && includesAll(gqlIds(answer.data?.catalogs), [catA.id, subA.id]);
    },
    rest: async (m, a) => {
      const { item, catA, subA } = m.target(a);
      const outcomes: boolean[] = [];
      for (const route of ['catalog/catListGroup', 'catalog/catListName', 'catalog/catList']) {
        const answer = await rest(m, a, route, { item_id: item.id });
        outcomes.push(
          restOutcome(answer) && includesAll(restCatalogIds(answer.body.data), [catA.id, subA.id]),
        );
      }
      return agree(outcomes);
    },
  },
  ...(['B', 'A'] as const).map((which): Operation => ({
    // Allowed = the sub-catalog is listed; a catalog outside the scope answers no children.
    name: `child catalogs of catalog ${which}`,
    allow: which === 'B' ? READ_WHOLE : READ_SCOPED,
    oneDoor: 'GraphQL has no per-catalog list: its `catalogs` answers whole sub-trees (rows above)',
    covers: ['Catalog/childCatList'],
    rest: async (m, a) => {
      const f = m.target(a);
      const [parent, child] = which === 'B' ? [f.catB, f.subB] : [f.catA, f.subA];
      const answer = await rest(m, a, 'catalog/childCatList', { cat_id: parent.id });
      return restOutcome(answer) && restCatalogIds(answer.body.data).includes(child.id);
    },
  })),
  ...(['B', 'A'] as const).map((which): Operation => ({
    // The sort dialog's page list: editors (compat-api §6.7), inside their scope.
    name: `pages of catalog ${which} (sort dialog)`,
    allow: which === 'B' ? EDIT_WHOLE : EDIT_SCOPED,
    oneDoor: "GraphQL has no such list: a catalog's pages come with the menu (rows of the menu)",
    covers: ['Catalog/getPagesBycat'],
    rest: async (m, a) => {
      const f = m.target(a);
      const [catalog, page] = which === 'B' ? [f.catB, f.pageB] : [f.catA, f.pageA];
      const answer = await rest(m, a, 'catalog/getPagesBycat', { item_id: f.item.id, cat_id: catalog.id });
      return (
        restOutcome(answer) &&
        (answer.body.data as Array<{ page_id: string }>).some((p) => Number(p.page_id) === page.id)
      );
    },
  })),
  {
    // Allowed = catalog B is named; a scoped editor gets 0 (the item root), not a catalog it may not see.
    name: 'default catalog of a new page next to page B',
    allow: EDIT_WHOLE,
    oneDoor: 'GraphQL clients read the catalog from the page itself (Query.page rows)',
    covers: ['Catalog/getDefaultCat'],
    rest: async (m, a) => {
      const { item, pageB, catB } = m.target(a);
      const answer = await rest(m, a, 'catalog/getDefaultCat', { item_id: item.id, page_id: pageB.id });
      return restOutcome(answer) && answer.body.data.default_cat_id === catB.id;
    },
  },
  ...(['B', 'A'] as const).map((which): Operation => ({
    name: `move a page of catalog ${which} in the tree`,
    allow: which === 'B' ? EDIT_WHOLE : EDIT_SCOPED,
    covers: ['Mutation.moveTree', 'Catalog/batUpdate'],
    graphql: (m, a) => {
      const f = m.target(a);
      const [catalog, page] = which === 'B' ? [f.catB, f.pageB] : [f.catA, f.pageA];
      return write(
        () => pageSNumber(m, page.id),
        async () =>
          gqlOutcome(
            await gql(
              m,
              a,
              'mutation($id: Int!, $c: [TreeChangeInput!]!) { moveTree(itemId: $id, changes: $c) { pages } }',
              { id: f.item.id, c: [{ pageId: page.id, parentId: catalog.id, sNumber: uniqueNumber() }] },
            ),
          ),
      );
    },
    rest: (m, a) => {
      const f = m.target(a);
      const [catalog, page] = which === 'B' ? [f.catB, f.pageB] : [f.catA, f.pageA];
      return write(
        () => pageSNumber(m, page.id),
        async () =>
          restOutcome(
            await rest(m, a, 'catalog/batUpdate', {
              item_id: f.item.id,
              cats: JSON.stringify([
                { page_id: page.id, parent_cat_id: catalog.id, s_number: uniqueNumber() },
              ]),
              dragged_id: page.id,
              dragged_type: 'page',
            }),
          ),
      );
    },
  })),
  ...(['B', 'A'] as const).map((which): Operation => ({
    // A fresh catalog (with a page) below catalog B or A, copied next to itself.
    name: `copy a catalog of ${which} within the item`,
    allow: which === 'B' ? EDIT_WHOLE : EDIT_SCOPED,
    covers: ['Mutation.copyCatalog', 'Catalog/copy'],
    graphql: async (m, a) => {
      const f = m.target(a);
      const parent = which === 'B' ? f.catB : f.catA;
      const source = await m.freshCatalog(f, parent);
      return write(
        () => catalogCount(m, f.item.id, source.name),
        async () =>
          gqlOutcome(
            await gql(m, a, 'mutation($input: CopyCatalogInput!) { copyCatalog(input: $input) { id } }', {
              input: { catalogId: source.id, parentId: parent.id },
            }),
          ),
      );
    },
    rest: async (m, a) => {
      const f = m.target(a);
      const parent = which === 'B' ? f.catB : f.catA;
      const source = await m.freshCatalog(f, parent);
      return write(
        () => catalogCount(m, f.item.id, source.name),
        async () =>
          restOutcome(await rest(m, a, 'catalog/copy', { cat_id: source.id, new_p_cat_id: parent.id })),
      );
    },
  })),
  {
    // Copying out is reading: a catalog of B (with its page) into an item the actor owns. Archived items
    // refuse it (copy needs edit on the source, compat-api §6.8).
    name: "copy a catalog of B into one's own item",
    allow: EDIT_WHOLE,
    covers: ['Mutation.copyCatalog', 'Catalog/copy'],
    graphql: async (m, a) => {
      const f = m.target(a);
      const source = await m.freshCatalog(f, f.catB);
      const page = await m.freshPage(f, source, m.owner);
      const dest = await m.freshOwnItem(a.user);
      return write(
        () => pageCount(m, dest.id, page.title),
        async () =>
          gqlOutcome(
            await gql(m, a, 'mutation($input: CopyCatalogInput!) { copyCatalog(input: $input) { id } }', {
              input: { catalogId: source.id, toItemId: dest.id },
            }),
          ),
      );
    },
    rest: async (m, a) => {
      const f = m.target(a);
      const source = await m.freshCatalog(f, f.catB);
      const page = await m.freshPage(f, source, m.owner);
      const dest = await m.freshOwnItem(a.user);
      return write(
        () => pageCount(m, dest.id, page.title),
        async () => restOutcome(await rest(m, a, 'catalog/copy', { cat_id: source.id, to_item_id: dest.id })),
      );
    },
  },
];

// ---------------------------------------------------------------------------------------------------
// Items: settings form, the marks on one's own list, leaving, copies.

const itemRows: Operation[] = [
  {
    // The settings form shows the visit password: managers only (compat-api §3.3; GraphQL's field).
    name: 'item details with the visit password',
    allow: MANAGE_EVEN_ARCHIVED,
    covers: ['Query.item', 'Item/detail'],
    graphql: async (m, a) => {
      const answer = await gql(m, a, 'query($id: Int!) { item(id: $id) { password } }', {
        id: m.target(a).item.id,
      });
      return gqlOutcome(answer) && typeof (answer.data?.item as { password?: unknown }).password === 'string';
    },
    rest: async (m, a) => {
      const answer = await rest(m, a, 'item/detail', { item_id: m.target(a).item.id });
      return restOutcome(answer) && typeof answer.body.data.password === 'string';
    },
  },
  {
    // Starring needs the right to read the item (compat-api §3.10) and a login.
    name: 'star the item',
    allow: READ_SIGNED_IN,
    covers: ['Mutation.starItem', 'Item/star'],
    graphql: async (m, a) => {
      const { item } = m.target(a);
      await setMark(m, ItemStar, a, item.id, false);
      return write(
        () => m.em().count(ItemStar, { item: item.id }),
        async () => gqlOutcome(await gql(m, a, 'mutation($id: Int!) { starItem(id: $id) }', { id: item.id })),
      );
    },
    rest: async (m, a) => {
      const { item } = m.target(a);
      await setMark(m, ItemStar, a, item.id, false);
      return write(
        () => m.em().count(ItemStar, { item: item.id }),
        async () => restOutcome(await rest(m, a, 'item/star', { item_id: item.id })),
      );
    },
  },
  {
    // One's own star goes whatever one's rights now are (someone who lost access keeps no stale mark).
    name: 'unstar the item (own star)',
    allow: LOGGED_IN,
    covers: ['Mutation.unstarItem', 'Item/unstar'],
    graphql: async (m, a) => {
      const { item } = m.target(a);
      await setMark(m, ItemStar, a, item.id, true);
      return write(
        () => m.em().count(ItemStar, { item: item.id }),
        async () =>
          gqlOutcome(await gql(m, a, 'mutation($id: Int!) { unstarItem(id: $id) }', { id: item.id })),
      );
    },
    rest: async (m, a) => {
      const { item } = m.target(a);
      await setMark(m, ItemStar, a, item.id, true);
      return write(
        () => m.em().count(ItemStar, { item: item.id }),
        async () => restOutcome(await rest(m, a, 'item/unstar', { item_id: item.id })),
      );
    },
  },
  {
    // Pinning is a mark like a star: on items one may read (ShowDoc checked nothing).
    name: 'pin the item',
    allow: READ_SIGNED_IN,
    covers: ['Mutation.pinItem', 'Item/top'],
    graphql: async (m, a) => {
      const { item } = m.target(a);
      await setMark(m, ItemTop, a, item.id, false);
      return write(
        () => m.em().count(ItemTop, { item: item.id }),
        async () =>
          gqlOutcome(
            await gql(m, a, 'mutation($id: Int!) { pinItem(id: $id, pinned: true) }', { id: item.id }),
          ),
      );
    },
    rest: async (m, a) => {
      const { item } = m.target(a);
      await setMark(m, ItemTop, a, item.id, false);
      return write(
        () => m.em().count(ItemTop, { item: item.id }),
        async () => restOutcome(await rest(m, a, 'item/top', { item_id: item.id, action: 'top' })),
      );
    },
  },
  {
    name: 'unpin the item (own pin)',
    allow: LOGGED_IN,
    covers: ['Mutation.pinItem', 'Item/top'],
    graphql: async (m, a) => {
      const { item } = m.target(a);
      await setMark(m, ItemTop, a, item.id, true);
      return write(
        () => m.em().count(ItemTop, { item: item.id }),
        async () =>
          gqlOutcome(
            await gql(m, a, 'mutation($id: Int!) { pinItem(id: $id, pinned: false) }', { id: item.id }),
          ),
      );
    },
    rest: async (m, a) => {
      const { item } = m.target(a);
      await setMark(m, ItemTop, a, item.id, true);
      return write(
        () => m.em().count(ItemTop, { item: item.id }),
        async () => restOutcome(await rest(m, a, 'item/top', { item_id: item.id, action: 'cancel' })),
      );
    },
  },
  {
    // Sorting one's own list is open to every signed-in user, but ordering an item never puts it in a
    // list: allowed = the item is then in the actor's list (owner, members, team members).
    name: "sort the item into one's list",
    allow: RELATED,
    covers: ['Mutation.sortItems', 'Item/sort', 'Item/myList'],
    graphql: async (m, a) => {
      const { item } = m.target(a);
      const sorted = gqlOutcome(
        await gql(m, a, 'mutation($ids: [Int!]!) { sortItems(itemIds: $ids, groupId: 0) }', {
          ids: [item.id],
        }),
      );
      expect(sorted).toBe(!!a.user);
      const answer = await gql(m, a, 'query { myItems(first: 100) { edges { node { id } } } }');
      if (!gqlOutcome(answer)) return false;
      const edges = (answer.data?.myItems as { edges: Array<{ node: { id: number } }> }).edges;
      return edges.some((e) => e.node.id === item.id);
    },
    rest: async (m, a) => {
      const { item } = m.target(a);
      const sorted = restOutcome(await rest(m, a, 'item/sort', { data: JSON.stringify({ [item.id]: 1 }) }));
      expect(sorted).toBe(!!a.user);
      const answer = await rest(m, a, 'item/myList');
      return (
        restOutcome(answer) &&
        (answer.body.data as Array<{ item_id: string }>).some((i) => Number(i.item_id) === item.id)
      );
    },
  },
  {
    // Members leave; the owner has nothing to leave. Leaving an item reached through a team detaches that
    // item only: the actor stays in the team (issue 6; ShowDoc removed them from the whole team).
    name: 'leave the item',
    allow: ITEM_MEMBERS,
    covers: ['Mutation.leaveItem', 'Item/exitItem'],
    graphql: async (m, a) => {
      const item = await m.freshItem(a.archived);
      const inTeam = await teamMemberCount(m, m.team.id, a.user);
      const left = await write(
        () => membershipRows(m, item.id, a.user),
        async () =>
          gqlOutcome(await gql(m, a, 'mutation($id: Int!) { leaveItem(id: $id) }', { id: item.id })),
      );
      expect(await teamMemberCount(m, m.team.id, a.user)).toBe(inTeam);
      return left;
    },
    rest: async (m, a) => {
      const item = await m.freshItem(a.archived);
      const inTeam = await teamMemberCount(m, m.team.id, a.user);
      const left = await write(
        () => membershipRows(m, item.id, a.user),
        async () => restOutcome(await rest(m, a, 'item/exitItem', { item_id: item.id })),
      );
      expect(await teamMemberCount(m, m.team.id, a.user)).toBe(inTeam);
      return left;
    },
  },
  {
    // Without an item, search covers the items one owns or belongs to; a scope holds there too.
    name: 'global search finds page B',
    allow: RELATED.filter((a) => a !== 'scoped read-only member' && a !== 'scoped edit member'),
    oneDoor: "ShowDoc's item/search always names an item (its row: 'search finds page outside scope')",
    covers: ['Query.search'],
    graphql: async (m, a) => {
      const answer = await gql(
        m,
        a,
        'query($q: String!) { search(query: $q, first: 100) { edges { node { page { id } } } } }',
        { q: B_MARKER },
      );
      return gqlOutcome(answer) && JSON.stringify(answer.data).includes(`"id":${m.target(a).pageB.id}}`);
    },
  },
  {
    // Allowed = the copy holds page B. A copy holds what the copier may read: a scoped editor's copy
    // leaves catalog B out. Archived items refuse it (it needs edit rights). Item/add's plain create form
    // asks no item permission. The item is private, so the copy is given its own visit password.
    name: 'copy the item (the copy holds page B)',
    allow: EDIT_WHOLE,
    covers: ['Mutation.copyItem', 'Item/add'],
    graphql: async (m, a) => {
      const { item, pageB } = m.target(a);
      const answer = await gql(m, a, 'mutation($input: CopyItemInput!) { copyItem(input: $input) { id } }', {
        input: { sourceId: item.id, name: unique('copy'), password: 'copy-pw' },
      });
      if (!gqlOutcome(answer)) return false;
      return (await pageCount(m, (answer.data?.copyItem as { id: number }).id, pageB.title)) > 0;
    },
    rest: async (m, a) => {
      const { item, pageB } = m.target(a);
      const answer = await rest(m, a, 'item/add', {
        copy_item_id: item.id,
        item_name: unique('copy'),
        password: 'copy-pw',
      });
      if (!restOutcome(answer)) return false;
      return (await pageCount(m, Number(answer.body.data.item_id), pageB.title)) > 0;
    },
  },
];

// ---------------------------------------------------------------------------------------------------
// Members and teams, from the item's side.

const memberRows: Operation[] = [
  {
    // The @-mention and notification pickers: editors (compat-api §7.4). A read, so the owner of an
    // archived item still sees who worked in it.
    name: "the item's collaborators",
    allow: [...EDIT_SCOPED, 'owner of archived item'],
    covers: ['Query.itemCollaborators', 'Member/getAllList'],
    graphql: async (m, a) =>
      gqlOutcome(
        await gql(m, a, 'query($id: Int!) { itemCollaborators(itemId: $id) { via } }', {
          id: m.target(a).item.id,
        }),
      ),
    rest: async (m, a) => {
      const answer = await rest(m, a, 'member/getAllList', { item_id: m.target(a).item.id });
      return restOutcome(answer) && Array.isArray(answer.body.data) && answer.body.data.length > 0;
    },
  },
  {
    name: "change a member's authority",
    allow: MANAGE,
    oneDoor: "ShowDoc's member/save skips existing members: the REST door has no update",
    covers: ['Mutation.updateItemMember'],
    graphql: async (m, a) => {
      const member = await m.freshMember(m.target(a));
      return write(
        async () => (await m.em().findOneOrFail(ItemMember, { id: member.id })).memberGroupId,
        async () =>
          gqlOutcome(
            await gql(
              m,
              a,
              'mutation($input: UpdateMemberInput!) { updateItemMember(input: $input) { id } }',
              {
                input: { id: member.id, memberGroupId: 1 },
              },
            ),
          ),
      );
    },
  },
  {
    name: 'set all members read-only',
    allow: MANAGE,
    oneDoor: "ShowDoc's client sets members one by one (member/save); only GraphQL has the one-call button",
    covers: ['Mutation.setItemMembersReadOnly'],
    graphql: async (m, a) => {
      const item = await m.freshItem(a.archived);
      return write(
        () => memberGroups(m, item.id),
        async () =>
          gqlOutcome(
            await gql(m, a, 'mutation($id: Int!) { setItemMembersReadOnly(itemId: $id) }', { id: item.id }),
          ),
      );
    },
  },
  {
    name: 'teams bound to the item',
    allow: MANAGE_EVEN_ARCHIVED,
    covers: ['Query.itemTeams', 'TeamItem/getList'],
    graphql: async (m, a) => {
      const answer = await gql(m, a, 'query($id: Int!) { itemTeams(itemId: $id) { teamId } }', {
        id: m.target(a).item.id,
      });
      return gqlOutcome(answer) && JSON.stringify(answer.data).includes(`"teamId":${m.team.id}`);
    },
    rest: async (m, a) => {
      const answer = await rest(m, a, 'teamItem/getList', { item_id: m.target(a).item.id });
      return (
        restOutcome(answer) &&
        (answer.body.data as Array<{ team_id: string }>).some((t) => Number(t.team_id) === m.team.id)
      );
    },
  },
  {
    // The item's side of binding: the actor's own team (which they manage) to the item.
    name: "bind one's own team to the item",
    allow: MANAGE,
    covers: ['Mutation.bindTeamItems', 'TeamItem/save'],
    graphql: async (m, a) => {
      const { item } = m.target(a);
      const team = await m.freshOwnTeam(a.user);
      return write(
        () => boundCount(m, team.id, item.id),
        async () =>
          gqlOutcome(
            await gql(
              m,
              a,
              'mutation($t: Int!, $ids: [Int!]!) { bindTeamItems(teamId: $t, itemIds: $ids) { added { id } } }',
              { t: team.id, ids: [item.id] },
            ),
          ),
      );
    },
    rest: async (m, a) => {
      const { item } = m.target(a);
      const team = await m.freshOwnTeam(a.user);
      return write(
        () => boundCount(m, team.id, item.id),
        async () => restOutcome(await rest(m, a, 'teamItem/save', { team_id: team.id, item_id: item.id })),
      );
    },
  },
  {
    // The team's side of binding: the matrix team to an item the actor owns (team managers only).
    name: "bind the matrix team to one's own item",
    allow: TEAM_MANAGE,
    covers: ['Mutation.bindTeamItems', 'TeamItem/save'],
    graphql: async (m, a) => {
      const item = await m.freshOwnItem(a.user);
      return write(
        () => boundCount(m, m.team.id, item.id),
        async () =>
          gqlOutcome(
            await gql(
              m,
              a,
              'mutation($t: Int!, $ids: [Int!]!) { bindTeamItems(teamId: $t, itemIds: $ids) { added { id } } }',
              { t: m.team.id, ids: [item.id] },
            ),
          ),
      );
    },
    rest: async (m, a) => {
      const item = await m.freshOwnItem(a.user);
      return write(
        () => boundCount(m, m.team.id, item.id),
        async () => restOutcome(await rest(m, a, 'teamItem/save', { team_id: m.team.id, item_id: item.id })),
      );
    },
  },
  {
    // The team's managers and the item's managers may unbind (an owner takes their item back); an
    // archived item's memberships stay as they are, like its members.
    name: 'unbind the matrix team from the item',
    allow: MANAGE,
    covers: ['Mutation.unbindTeamItem', 'TeamItem/delete'],
    graphql: async (m, a) => {
      const item = await m.freshItem(a.archived);
      const link = await m.em().findOneOrFail(TeamItem, { team: m.team.id, item: item.id });
      return write(
        () => boundCount(m, m.team.id, item.id),
        async () =>
          gqlOutcome(await gql(m, a, 'mutation($id: Int!) { unbindTeamItem(id: $id) }', { id: link.id })),
      );
    },
    rest: async (m, a) => {
      const item = await m.freshItem(a.archived);
      const link = await m.em().findOneOrFail(TeamItem, { team: m.team.id, item: item.id });
      return write(
        () => boundCount(m, m.team.id, item.id),
        async () => restOutcome(await rest(m, a, 'teamItem/delete', { id: link.id })),
      );
    },
  },
  {
    // Read by the team's managers and the item's managers (reading stays possible on an archived item).
    name: "team members' rights in the item",
    allow: MANAGE_EVEN_ARCHIVED,
    covers: ['Query.teamItemMembers', 'TeamItemMember/getList'],
    graphql: async (m, a) => {
      const answer = await gql(
        m,
        a,
        'query($i: Int!, $t: Int!) { teamItemMembers(itemId: $i, teamId: $t) { id } }',
        { i: m.target(a).item.id, t: m.team.id },
      );
      return gqlOutcome(answer) && gqlIds(answer.data?.teamItemMembers).length === 3;
    },
    rest: async (m, a) => {
      const answer = await rest(m, a, 'teamItemMember/getList', {
        item_id: m.target(a).item.id,
        team_id: m.team.id,
      });
      return restOutcome(answer) && Array.isArray(answer.body.data) && answer.body.data.length === 3;
    },
  },
  {
    name: "change a team member's rights in the item",
    allow: MANAGE,
    covers: ['Mutation.updateTeamItemMember', 'TeamItemMember/save'],
    graphql: async (m, a) => {
      const item = await m.freshItem(a.archived);
      const row = await m.em().findOneOrFail(TeamItemMember, {
        item: item.id,
        user: m.users['team member level 0']!.id,
      });
      return write(
        async () => (await m.em().findOneOrFail(TeamItemMember, { id: row.id })).memberGroupId,
        async () =>
          gqlOutcome(
            await gql(
              m,
              a,
              'mutation($input: UpdateMemberInput!) { updateTeamItemMember(input: $input) { id } }',
              { input: { id: row.id, memberGroupId: 1 } },
            ),
          ),
      );
    },
    rest: async (m, a) => {
      const item = await m.freshItem(a.archived);
      const row = await m.em().findOneOrFail(TeamItemMember, {
        item: item.id,
        user: m.users['team member level 0']!.id,
      });
      return write(
        async () => (await m.em().findOneOrFail(TeamItemMember, { id: row.id })).memberGroupId,
        async () => restOutcome(await rest(m, a, 'teamItemMember/save', { id: row.id, member_group_id: 1 })),
      );
    },
  },
];

// ---------------------------------------------------------------------------------------------------
// Teams, from the team's side (the matrix team, or a fresh one like it for writes). Spec 000 §6: only
// the team manager (creator, team admin, site admin) changes a team; deleting and transferring it are
// its creator's (compat-api §8.1); members read it and may quit. "owner of archived item" is the
// owner's user: the team's creator too.

const teamRows: Operation[] = [
  {
    name: "one's team list shows the matrix team",
    allow: TEAM_RELATED,
    covers: ['Team/getList'],
    graphql: async (m, a) => {
      const answer = await gql(m, a, 'query { teams { id } }');
      return gqlOutcome(answer) && gqlIds(answer.data?.teams).includes(m.team.id);
    },
    rest: async (m, a) => {
      const answer = await rest(m, a, 'team/getList');
      return restOutcome(answer) && restIds(answer.body.data).includes(m.team.id);
    },
  },
  {
    name: "the matrix team's members",
    allow: TEAM_READ,
    covers: ['Query.team', 'Query.teamMembers', 'TeamMember/getList'],
    graphql: async (m, a) => {
      const answer = await gql(
        m,
        a,
        'query($t: Int!) { team(id: $t) { id } teamMembers(teamId: $t) { id } }',
        {
          t: m.team.id,
        },
      );
      return gqlOutcome(answer) && gqlIds(answer.data?.teamMembers).length === 3;
    },
    rest: async (m, a) => {
      const answer = await rest(m, a, 'teamMember/getList', { team_id: m.team.id });
      return restOutcome(answer) && restIds(answer.body.data).length === 3;
    },
  },
  {
    // An item reached through the team keeps its own rules: its visit password shows to its managers
    // only (ShowDoc sent it to every team member).
    name: "the matrix team's items",
    allow: TEAM_READ,
    covers: ['Query.teamItems', 'TeamItem/getListByTeam'],
    graphql: async (m, a) => {
      const { item } = m.target(a);
      const answer = await gql(m, a, 'query($t: Int!) { teamItems(teamId: $t) { item { id password } } }', {
        t: m.team.id,
      });
      if (!gqlOutcome(answer)) return false;
      const found = (answer.data?.teamItems as Array<{ item: { id: number; password: string | null } }>).find(
        (link) => link.item.id === item.id,
      );
      if (found) expect(found.item.password !== null).toBe(MANAGE_EVEN_ARCHIVED.includes(a.name));
      return !!found;
    },
    rest: async (m, a) => {
      const { item } = m.target(a);
      const answer = await rest(m, a, 'teamItem/getListByTeam', { team_id: m.team.id });
      if (!restOutcome(answer)) return false;
      const rows = answer.body.data as Array<{ item_id: string; password?: string }>;
      // ShowDoc's key stays; the visit password never travels in a team's list.
      for (const row of rows) expect(row.password).toBe('');
      return rows.some((row) => Number(row.item_id) === item.id);
    },
  },
  {
    name: 'rename the team',
    allow: TEAM_MANAGE,
    covers: ['Mutation.saveTeam', 'Team/save'],
    graphql: async (m, a) => {
      const team = await m.freshTeam();
      return write(
        () => teamState(m, team.id),
        async () =>
          gqlOutcome(
            await gql(m, a, 'mutation($id: Int!, $n: String!) { saveTeam(id: $id, name: $n) { id } }', {
              id: team.id,
              n: unique('team'),
            }),
          ),
      );
    },
    rest: async (m, a) => {
      const team = await m.freshTeam();
      return write(
        () => teamState(m, team.id),
        async () => restOutcome(await rest(m, a, 'team/save', { id: team.id, team_name: unique('team') })),
      );
    },
  },
  {
    name: 'delete the team',
    allow: OWNER_USER,
    covers: ['Mutation.deleteTeam', 'Team/delete'],
    graphql: async (m, a) => {
      const team = await m.freshTeam();
      return write(
        () => teamState(m, team.id),
        async () =>
          gqlOutcome(await gql(m, a, 'mutation($id: Int!) { deleteTeam(id: $id) }', { id: team.id })),
      );
    },
    rest: async (m, a) => {
      const team = await m.freshTeam();
      return write(
        () => teamState(m, team.id),
        async () => restOutcome(await rest(m, a, 'team/delete', { id: team.id })),
      );
    },
  },
  {
    // Confirmed with the caller's own login password.
    name: 'transfer the team',
    allow: OWNER_USER,
    covers: ['Mutation.transferTeam', 'Team/attorn'],
    graphql: async (m, a) => {
      const team = await m.freshTeam();
      return write(
        () => teamState(m, team.id),
        async () =>
          gqlOutcome(
            await gql(
              m,
              a,
              'mutation($t: Int!, $u: String!, $pw: String!) { transferTeam(teamId: $t, username: $u, password: $pw) { id } }',
              { t: team.id, u: m.heir.username, pw: m.loginPassword(a) },
            ),
          ),
      );
    },
    rest: async (m, a) => {
      const team = await m.freshTeam();
      return write(
        () => teamState(m, team.id),
        async () =>
          restOutcome(
            await rest(m, a, 'team/attorn', {
              team_id: team.id,
              username: m.heir.username,
              password: m.loginPassword(a),
            }),
          ),
      );
    },
  },
  {
    // Allowed = the actor's membership is gone. ShowDoc answers success to anyone (nothing to quit for a
    // non-member): that counts as "not allowed" here, as long as nothing changed.
    name: 'quit the team',
    allow: TEAM_MEMBERS,
    covers: ['Mutation.leaveTeam', 'Team/exitTeam'],
    graphql: async (m, a) => {
      const team = await m.freshTeam();
      const before = await teamMemberCount(m, team.id, a.user);
      const ok = gqlOutcome(await gql(m, a, 'mutation($id: Int!) { leaveTeam(id: $id) }', { id: team.id }));
      const after = await teamMemberCount(m, team.id, a.user);
      if (!ok) expect(after).toBe(before);
      return ok && after < before;
    },
    rest: async (m, a) => {
      const team = await m.freshTeam();
      const before = await teamMemberCount(m, team.id, a.user);
      const ok = restOutcome(await rest(m, a, 'team/exitTeam', { id: team.id }));
      const after = await teamMemberCount(m, team.id, a.user);
      if (!ok) expect(after).toBe(before);
      return ok && after < before;
    },
  },
  {
    name: 'add a team member',
    allow: TEAM_MANAGE,
    covers: ['Mutation.addTeamMembers', 'TeamMember/save'],
    graphql: async (m, a) => {
      const team = await m.freshTeam();
      const user = await m.freshUser();
      return write(
        () => teamMemberCount(m, team.id, user),
        async () =>
          gqlOutcome(
            await gql(
              m,
              a,
              'mutation($input: AddTeamMembersInput!) { addTeamMembers(input: $input) { added { id } } }',
              { input: { teamId: team.id, usernames: [user.username] } },
            ),
          ),
      );
    },
    rest: async (m, a) => {
      const team = await m.freshTeam();
      const user = await m.freshUser();
      return write(
        () => teamMemberCount(m, team.id, user),
        async () =>
          restOutcome(
            await rest(m, a, 'teamMember/save', { team_id: team.id, member_username: user.username }),
          ),
      );
    },
  },
  {
    name: 'remove a team member',
    allow: TEAM_MANAGE,
    covers: ['Mutation.removeTeamMember', 'TeamMember/delete'],
    graphql: async (m, a) => {
      const team = await m.freshTeam();
      const row = (await teamMemberRow(m, team.id, m.users['team member level 0']!.id))!;
      return write(
        async () => !!(await m.em().findOne(TeamMember, { id: row.id })),
        async () =>
          gqlOutcome(await gql(m, a, 'mutation($id: Int!) { removeTeamMember(id: $id) }', { id: row.id })),
      );
    },
    rest: async (m, a) => {
      const team = await m.freshTeam();
      const row = (await teamMemberRow(m, team.id, m.users['team member level 0']!.id))!;
      return write(
        async () => !!(await m.em().findOne(TeamMember, { id: row.id })),
        async () => restOutcome(await rest(m, a, 'teamMember/delete', { id: row.id })),
      );
    },
  },
  {
    name: "change a team member's group",
    allow: TEAM_MANAGE,
    oneDoor: "ShowDoc's teamMember/save refuses existing members: the REST door has no update",
    covers: ['Mutation.updateTeamMember'],
    graphql: async (m, a) => {
      const team = await m.freshTeam();
      const row = (await teamMemberRow(m, team.id, m.users['team member level 0']!.id))!;
      return write(
        async () => (await m.em().findOneOrFail(TeamMember, { id: row.id })).teamMemberGroupId,
        async () =>
          gqlOutcome(
            await gql(
              m,
              a,
              'mutation($id: Int!) { updateTeamMember(id: $id, teamMemberGroupId: 2) { id } }',
              {
                id: row.id,
              },
            ),
          ),
      );
    },
  },
];

// ---------------------------------------------------------------------------------------------------
// Pages: locks, version notes and restores, order, the recycle bin.

const pageRows: Operation[] = [
  {
    name: 'lock state of page B',
    allow: READ_WHOLE,
    covers: ['Query.pageLock', 'Page/isLock'],
    graphql: async (m, a) =>
      gqlOutcome(
        await gql(m, a, 'query($id: Int!) { pageLock(pageId: $id) { locked } }', {
          id: m.target(a).pageB.id,
        }),
      ),
    rest: async (m, a) => restOutcome(await rest(m, a, 'page/isLock', { page_id: m.target(a).pageB.id })),
  },
  {
    // Lock changes are pushed to those who may read the page (everyone watches the main item's page B:
    // the owner of the archived item reads it as its owner). The owner renews a lock to make events.
    name: "watch page B's lock (subscription)",
    allow: READ_WHOLE,
    oneDoor: 'subscriptions are GraphQL only (graphql-ws over WebSocket)',
    covers: ['Subscription.pageLockChanged'],
    graphql: async (m, a) => {
      const { item, pageB } = m.main;
      await m.setLock(pageB.id, null);
      const { delivered, errors } = await subscriptionCall(
        m.server,
        a,
        'subscription($id: Int!) { pageLockChanged(pageId: $id) { action } }',
        { id: pageB.id },
        async () => {
          expect(
            restOutcome(
              await rest(m, m.actors.owner, 'page/setLock', { page_id: pageB.id, item_id: item.id }),
            ),
          ).toBe(true);
        },
      );
      await m.setLock(pageB.id, null);
      expect(JSON.stringify(errors)).not.toMatch(/INTERNAL_SERVER_ERROR/);
      expect(delivered || errors.length > 0).toBe(true);
      return delivered;
    },
  },
  {
    name: 'lock page B for editing',
    allow: EDIT_WHOLE,
    covers: ['Mutation.acquirePageLock', 'Page/setLock'],
    graphql: async (m, a) => {
      const { pageB } = m.target(a);
      await m.setLock(pageB.id, null);
      return write(
        () => lockHolder(m, pageB.id),
        async () =>
          gqlOutcome(
            await gql(m, a, 'mutation($id: Int!) { acquirePageLock(pageId: $id) { locked } }', {
              id: pageB.id,
            }),
          ),
      );
    },
    rest: async (m, a) => {
      const { item, pageB } = m.target(a);
      await m.setLock(pageB.id, null);
      return write(
        () => lockHolder(m, pageB.id),
        async () => restOutcome(await rest(m, a, 'page/setLock', { page_id: pageB.id, item_id: item.id })),
      );
    },
  },
  {
    // The holder may always release their own lock, even after losing the right to edit.
    name: 'release own lock of page B',
    allow: LOGGED_IN,
    covers: ['Mutation.releasePageLock', 'Page/setLock'],
    graphql: async (m, a) => {
      const { pageB } = m.target(a);
      await m.setLock(pageB.id, a.user);
      return write(
        () => lockHolder(m, pageB.id),
        async () =>
          gqlOutcome(
            await gql(m, a, 'mutation($id: Int!) { releasePageLock(pageId: $id) }', { id: pageB.id }),
          ),
      );
    },
    rest: async (m, a) => {
      const { item, pageB } = m.target(a);
      await m.setLock(pageB.id, a.user);
      return write(
        () => lockHolder(m, pageB.id),
        async () =>
          restOutcome(
            await rest(m, a, 'page/setLock', { page_id: pageB.id, item_id: item.id, lock_to: 1000 }),
          ),
      );
    },
  },
  {
    // Nobody, owner and site admin included, breaks another user's live lock (001 §4: the editor names
    // the holder and stays read-only).
    name: "release another user's lock of page B",
    allow: [],
    covers: ['Mutation.releasePageLock', 'Page/setLock'],
    graphql: async (m, a) => {
      const { pageB } = m.target(a);
      await m.setLock(pageB.id, m.heir);
      const allowed = await write(
        () => lockHolder(m, pageB.id),
        async () =>
          gqlOutcome(
            await gql(m, a, 'mutation($id: Int!) { releasePageLock(pageId: $id) }', { id: pageB.id }),
          ),
      );
      await m.setLock(pageB.id, null);
      return allowed;
    },
    rest: async (m, a) => {
      const { item, pageB } = m.target(a);
      await m.setLock(pageB.id, m.heir);
      const allowed = await write(
        () => lockHolder(m, pageB.id),
        async () =>
          restOutcome(
            await rest(m, a, 'page/setLock', { page_id: pageB.id, item_id: item.id, lock_to: 1000 }),
          ),
      );
      await m.setLock(pageB.id, null);
      return allowed;
    },
  },
  {
    name: 'note on a version of page B',
    allow: EDIT_WHOLE,
    covers: ['Mutation.updatePageVersionComments', 'Page/updateHistoryComments'],
    graphql: async (m, a) => {
      const { pageB } = m.target(a);
      const version = await newestVersion(m, pageB.id);
      return write(
        () => versionComments(m, version.id),
        async () =>
          gqlOutcome(
            await gql(
              m,
              a,
              'mutation($p: Int!, $v: Int!, $c: String!) { updatePageVersionComments(pageId: $p, versionId: $v, comments: $c) { id } }',
              { p: pageB.id, v: version.id, c: unique('note') },
            ),
          ),
      );
    },
    rest: async (m, a) => {
      const { pageB } = m.target(a);
      const version = await newestVersion(m, pageB.id);
      return write(
        () => versionComments(m, version.id),
        async () =>
          restOutcome(
            await rest(m, a, 'page/updateHistoryComments', {
              page_id: pageB.id,
              page_history_id: version.id,
              page_comments: unique('note'),
            }),
          ),
      );
    },
  },
  {
    name: 'restore a version of page B',
    allow: EDIT_WHOLE,
    oneDoor: "ShowDoc's client restores a version by saving its content (page/save: the save rows)",
    covers: ['Mutation.restorePageVersion'],
    graphql: async (m, a) => {
      const { pageB } = m.target(a);
      const version = await newestVersion(m, pageB.id);
      return write(
        () => pageVersion(m, pageB.id),
        async () =>
          gqlOutcome(
            await gql(
              m,
              a,
              'mutation($p: Int!, $v: Int!) { restorePageVersion(pageId: $p, versionId: $v) { id } }',
              {
                p: pageB.id,
                v: version.id,
              },
            ),
          ),
      );
    },
  },
  ...(['B', 'A'] as const).map((which): Operation => ({
    name: `sort the pages of catalog ${which}`,
    allow: which === 'B' ? EDIT_WHOLE : EDIT_SCOPED,
    covers: ['Mutation.sortPages', 'Page/sort'],
    graphql: (m, a) => {
      const f = m.target(a);
      const page = which === 'B' ? f.pageB : f.pageA;
      return write(
        () => pageSNumber(m, page.id),
        async () =>
          gqlOutcome(
            await gql(
              m,
              a,
              'mutation($id: Int!, $o: [PageOrderInput!]!) { sortPages(itemId: $id, order: $o) }',
              { id: f.item.id, o: [{ pageId: page.id, sNumber: uniqueNumber() }] },
            ),
          ),
      );
    },
    rest: (m, a) => {
      const f = m.target(a);
      const page = which === 'B' ? f.pageB : f.pageA;
      return write(
        () => pageSNumber(m, page.id),
        async () =>
          restOutcome(
            await rest(m, a, 'page/sort', {
              item_id: f.item.id,
              pages: JSON.stringify({ [page.id]: uniqueNumber() }),
            }),
          ),
      );
    },
  })),
  {
    name: 'copy page B within catalog B',
    allow: EDIT_WHOLE,
    oneDoor: "ShowDoc's client copies a page by saving its content as a new page (page/save: the save rows)",
    covers: ['Mutation.copyPage'],
    graphql: async (m, a) => {
      const { item, catB, pageB } = m.target(a);
      const title = unique('copy of B');
      return write(
        () => pageCount(m, item.id, title),
        async () =>
          gqlOutcome(
            await gql(m, a, 'mutation($input: CopyPageInput!) { copyPage(input: $input) { id } }', {
              input: { pageId: pageB.id, toItemId: item.id, catalogId: catB.id, title },
            }),
          ),
      );
    },
  },
  {
    // Copying out is reading: page B into an item the actor owns.
    name: "copy page B into one's own item",
    allow: READ_WHOLE.filter((a) => LOGGED_IN.includes(a)),
    oneDoor: "ShowDoc's client copies a page by saving its content as a new page (page/save: the save rows)",
    covers: ['Mutation.copyPage'],
    graphql: async (m, a) => {
      const { pageB } = m.target(a);
      const dest = await m.freshOwnItem(a.user);
      const title = unique('copy of B');
      return write(
        () => pageCount(m, dest.id, title),
        async () =>
          gqlOutcome(
            await gql(m, a, 'mutation($input: CopyPageInput!) { copyPage(input: $input) { id } }', {
              input: { pageId: pageB.id, toItemId: dest.id, title },
            }),
          ),
      );
    },
  },
  {
    name: 'recover a page of catalog B from the recycle bin',
    allow: MANAGE,
    covers: ['Mutation.recoverPage', 'Recycle/recover'],
    graphql: async (m, a) => {
      const f = m.target(a);
      const page = await m.freshDeletedPage(f, f.catB);
      return write(
        () => pageDeleted(m, page.id),
        async () =>
          gqlOutcome(
            await gql(m, a, 'mutation($i: Int!, $p: Int!) { recoverPage(itemId: $i, pageId: $p) { id } }', {
              i: f.item.id,
              p: page.id,
            }),
          ),
      );
    },
    rest: async (m, a) => {
      const f = m.target(a);
      const page = await m.freshDeletedPage(f, f.catB);
      return write(
        () => pageDeleted(m, page.id),
        async () =>
          restOutcome(await rest(m, a, 'recycle/recover', { item_id: f.item.id, page_id: page.id })),
      );
    },
  },
];

// ---------------------------------------------------------------------------------------------------
// Templates.

const templateRows: Operation[] = [
  {
    // For the item's editors (compat-api §10); archived items are not edited.
    name: 'templates shared to the item',
    allow: EDIT_SCOPED,
    covers: ['Query.itemTemplates', 'Template/getItemList'],
    graphql: async (m, a) =>
      gqlOutcome(
        await gql(m, a, 'query($id: Int!) { itemTemplates(itemId: $id) { id } }', {
          id: m.target(a).item.id,
        }),
      ),
    rest: async (m, a) =>
      restOutcome(await rest(m, a, 'template/getItemList', { item_id: m.target(a).item.id })),
  },
  {
    name: "share one's own template to the item",
    allow: EDIT_SCOPED,
    covers: ['Mutation.shareTemplate', 'Template/shareToItem'],
    graphql: async (m, a) => {
      const { item } = m.target(a);
      const template = await m.freshTemplate(a.user);
      return write(
        () => m.em().count(TemplateItem, { template: template.id, item: item.id }),
        async () =>
          gqlOutcome(
            await gql(
              m,
              a,
              'mutation($t: Int!, $ids: [Int!]!) { shareTemplate(templateId: $t, itemIds: $ids) { id } }',
              { t: template.id, ids: [item.id] },
            ),
          ),
      );
    },
    rest: async (m, a) => {
      const { item } = m.target(a);
      const template = await m.freshTemplate(a.user);
      return write(
        () => m.em().count(TemplateItem, { template: template.id, item: item.id }),
        async () =>
          restOutcome(
            await rest(m, a, 'template/shareToItem', { template_id: template.id, item_id: item.id }),
          ),
      );
    },
  },
  {
    name: "where the owner's template is shared",
    allow: OWNER_USER,
    oneDoor: "GraphQL reaches a template's shares only through one's own templates (myTemplates)",
    covers: ['Template/getShareItemList'],
    rest: async (m, a) => {
      const answer = await rest(m, a, 'template/getShareItemList', { template_id: m.ownerTemplate.id });
      return restOutcome(answer) && answer.body.data.length > 0;
    },
  },
];

// ---------------------------------------------------------------------------------------------------
// The open API: a key pair opens exactly one item with full rights, reads even while archived, writes
// only while active (compat-api §18). Whoever may read the key (managers) may use it; a user token alone
// opens nothing.

const DB_HEADERS = {
  info: 'TABLE_NAME\tTABLE_COMMENT\tENGINE\tTABLE_COLLATION',
  detail: 'TABLE_NAME\tCOLUMN_NAME\tCOLUMN_DEFAULT\tIS_NULLABLE\tCOLUMN_TYPE\tCOLUMN_COMMENT',
};

const openApiRows: Operation[] = [
  {
    name: 'open API: read page B',
    allow: MANAGE_EVEN_ARCHIVED,
    oneDoor: ONLY_REST_OPEN_API,
    covers: ['Open/getPage'],
    rest: async (m, a) => {
      const { pageB } = m.target(a);
      const answer = await rest(m, a, 'open/getPage', { ...(await openKey(m, a)), page_id: pageB.id });
      return restOutcome(answer) && Number(answer.body.data.page_id) === pageB.id;
    },
  },
  {
    name: 'open API: catalog tree',
    allow: MANAGE_EVEN_ARCHIVED,
    oneDoor: ONLY_REST_OPEN_API,
    covers: ['Open/getCatalogTree'],
    rest: async (m, a) => {
      const answer = await rest(m, a, 'open/getCatalogTree', await openKey(m, a));
      return restOutcome(answer) && JSON.stringify(answer.body.data).includes(B_MARKER);
    },
  },
  {
    // The three names of one endpoint must agree.
    name: 'open API: update a page by title',
    allow: MANAGE,
    oneDoor: ONLY_REST_OPEN_API,
    covers: ['Open/updatePage', 'Open/updateItem', 'Item/updateByApi'],
    rest: async (m, a) => {
      const { item } = m.target(a);
      const key = await openKey(m, a);
      const outcomes: boolean[] = [];
      for (const route of ['open/updatePage', 'open/updateItem', 'item/updateByApi']) {
        const title = unique('api page');
        outcomes.push(
          await write(
            () => pageCount(m, item.id, title),
            async () =>
              restOutcome(await rest(m, a, route, { ...key, page_title: title, page_content: 'by api' })),
          ),
        );
      }
      return agree(outcomes);
    },
  },
  {
    name: 'open API: database dictionary',
    allow: MANAGE,
    oneDoor: ONLY_REST_OPEN_API,
    covers: ['Open/updateDbItem'],
    rest: async (m, a) => {
      const { item } = m.target(a);
      const table = `matrix_table_${uniqueNumber()}`;
      const key = await openKey(m, a);
      return write(
        () => pageCount(m, item.id, table),
        async () => {
          const answer = await restText(m.server, a, 'open/updateDbItem', {
            ...key,
            table_info: `${DB_HEADERS.info}\n${table}\tmatrix\tInnoDB\tutf8mb4_general_ci\n`,
            table_detail: `${DB_HEADERS.detail}\n${table}\tid\t\tNO\tint(11)\tid\n`,
            table_index: '',
          });
          expect(answer.status).toBeLessThan(500);
          return answer.text.trim() === '成功';
        },
      );
    },
  },
  {
    name: 'open API: delete a page of catalog B',
    allow: MANAGE,
    oneDoor: ONLY_REST_OPEN_API,
    covers: ['Open/deletePage'],
    rest: async (m, a) => {
      const f = m.target(a);
      const page = await m.freshPage(f, f.catB, m.owner);
      const key = await openKey(m, a);
      return write(
        () => pageDeleted(m, page.id),
        async () => restOutcome(await rest(m, a, 'open/deletePage', { ...key, page_id: page.id })),
      );
    },
  },
  {
    name: 'open API: create a catalog',
    allow: MANAGE,
    oneDoor: ONLY_REST_OPEN_API,
    covers: ['Open/createCatalog'],
    rest: async (m, a) => {
      const { item } = m.target(a);
      const name = unique('api catalog');
      const key = await openKey(m, a);
      return write(
        () => catalogCount(m, item.id, name),
        async () => restOutcome(await rest(m, a, 'open/createCatalog', { ...key, cat_name: name })),
      );
    },
  },
  {
    name: 'open API: rename a catalog of B',
    allow: MANAGE,
    oneDoor: ONLY_REST_OPEN_API,
    covers: ['Open/updateCatalog'],
    rest: async (m, a) => {
      const f = m.target(a);
      const catalog = await m.freshCatalog(f, f.catB);
      const key = await openKey(m, a);
      return write(
        () => catalogName(m, catalog.id),
        async () =>
          restOutcome(
            await rest(m, a, 'open/updateCatalog', {
              ...key,
              cat_id: catalog.id,
              cat_name: unique('renamed'),
            }),
          ),
      );
    },
  },
  {
    name: 'open API: delete a catalog of B',
    allow: MANAGE,
    oneDoor: ONLY_REST_OPEN_API,
    covers: ['Open/deleteCatalog'],
    rest: async (m, a) => {
      const f = m.target(a);
      const catalog = await m.freshCatalog(f, f.catB);
      const key = await openKey(m, a);
      return write(
        () => catalogDeleted(m, catalog.id),
        async () => restOutcome(await rest(m, a, 'open/deleteCatalog', { ...key, cat_id: catalog.id })),
      );
    },
  },
  {
    // Whatever key the actor holds, the other item's pages and catalogs stay out of its reach.
    name: "open API: one item's key opens nothing of another item",
    allow: [],
    oneDoor: ONLY_REST_OPEN_API,
    covers: ['Open/getPage', 'Open/deletePage', 'Open/deleteCatalog'],
    rest: async (m, a) => {
      const other = otherFixture(m, a);
      const key = await openKey(m, a);
      const page = await m.freshPage(other, other.catB, m.owner);
      const catalog = await m.freshCatalog(other, other.catB);
      const read = restOutcome(await rest(m, a, 'open/getPage', { ...key, page_id: other.pageB.id }));
      const deletedPage = await write(
        () => pageDeleted(m, page.id),
        async () => restOutcome(await rest(m, a, 'open/deletePage', { ...key, page_id: page.id })),
      );
      const deletedCatalog = await write(
        () => catalogDeleted(m, catalog.id),
        async () => restOutcome(await rest(m, a, 'open/deleteCatalog', { ...key, cat_id: catalog.id })),
      );
      return read || deletedPage || deletedCatalog;
    },
  },
];

export const MORE_OPERATIONS: Operation[] = [
  ...catalogRows,
  ...itemRows,
  ...memberRows,
  ...teamRows,
  ...pageRows,
  ...templateRows,
  ...openApiRows,
];
