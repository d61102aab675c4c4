// The permission matrix: every actor against every item/page/catalog/member/team/template/open-API
// operation, each expectation asserted through both doors (GraphQL and ShowDoc's REST dialect), or through
// the one door that has the operation (the row says why). "deny" means: an error answer (GraphQL `errors`,
// REST a non-zero `error_code`), never HTTP 500, and for writes no change in the database. Rows: below
// (reads, page and catalog writes, members, item settings) and test/permission-matrix.rows.ts (the rest).
// A completeness check derives the operations from the code (GraphQL fields, REST controllers) and fails
// for any that is neither a matrix row nor listed as outside the matrix, so the matrix stays complete.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { GraphQLInputObjectType, GraphQLObjectType } from 'graphql';
import { getNamedType, isInputObjectType, isObjectType } from 'graphql';
import crypto from 'node:crypto';
import { Page, SinglePageLink } from '../db/src';
import { buildServices } from '../api/src/domain/services';
import { buildGraphQLSchema } from '../api/src/graphql/schema';
import { controllers } from '../compat-rest/src/index';
import { testDatabases } from './support/mysql';
import { startTestServer, type TestServer } from './support/server';
import {
  ACTORS,
  B_MARKER,
  LOGGED_IN,
  DEFAULT_PASSWORD,
  EDIT_SCOPED,
  EDIT_WHOLE,
  MANAGE,
  MANAGE_EVEN_ARCHIVED,
  READ_SCOPED,
  READ_WHOLE,
  apiToken,
  buildMatrix,
  catalogCount,
  catalogDeleted,
  catalogName,
  ensureShared,
  gql,
  gqlOutcome,
  itemState,
  memberCount,
  memberExists,
  pageCount,
  pageDeleted,
  pageVersion,
  rest,
  restOutcome,
  shareKey,
  unique,
  write,
  type ActorName,
  type Matrix,
  type Operation,
} from './permission-matrix.support';
import { EXPORT_NOT_PERMISSION_SCOPED, EXPORT_OPERATIONS } from './permission-matrix.export';
import { COMMENT_OPERATIONS } from './permission-matrix.comments';
import { AI_NOT_PERMISSION_SCOPED, MCP_OPERATIONS } from './permission-matrix.ai';
import { FILE_OPERATIONS, FILES_NOT_PERMISSION_SCOPED } from './permission-matrix.files';
import { IMPORT_OPERATIONS } from './permission-matrix.import';
import { MESSAGE_OPERATIONS, MESSAGES_AND_ADMIN_NOT_PERMISSION_SCOPED } from './permission-matrix.messages';
import { MOCK_OPERATIONS } from './permission-matrix.mocks';
import { MORE_OPERATIONS } from './permission-matrix.rows';
import { SHEET_OPERATIONS } from './permission-matrix.sheets';

// Who may do what: the actor sets in permission-matrix.support.ts (spec 000 §4 and §6, 001 §6; the
// policy in api/src/domain/policy/policy.service.ts and the services' scope rules decide it in the code).

const readPage = (
  pick: (f: Matrix['main']) => Page,
  name: string,
  allow: readonly ActorName[],
): Operation => ({
  name,
  allow,
  covers: ['Query.page', 'Page/info'],
  graphql: async (m, a) => {
    const page = pick(m.target(a));
    const answer = await gql(m, a, 'query($id: Int!) { page(id: $id) { id title } }', { id: page.id });
    const ok = gqlOutcome(answer);
    if (ok) expect(answer.data).toEqual({ page: { id: page.id, title: page.title } });
    return ok;
  },
  rest: async (m, a) => {
    const page = pick(m.target(a));
    const answer = await rest(m, a, 'page/info', { page_id: page.id });
    const ok = restOutcome(answer);
    if (ok) expect(answer.body.data.page_title).toBe(page.title);
    return ok;
  },
});

const savePage = (
  pick: (f: Matrix['main']) => Page,
  name: string,
  allow: readonly ActorName[],
): Operation => ({
  name,
  allow,
  covers: ['Mutation.savePage', 'Page/save'],
  graphql: (m, a) => {
    const { item } = m.target(a);
    const page = pick(m.target(a));
    return write(
      () => pageVersion(m, page.id),
      async () =>
        gqlOutcome(
          await gql(m, a, 'mutation($input: SavePageInput!) { savePage(input: $input) { id } }', {
            input: { id: page.id, itemId: item.id, title: page.title, content: unique('edited') },
          }),
        ),
    );
  },
  rest: (m, a) => {
    const { item } = m.target(a);
    const page = pick(m.target(a));
    return write(
      () => pageVersion(m, page.id),
      async () =>
        restOutcome(
          await rest(m, a, 'page/save', {
            page_id: page.id,
            item_id: item.id,
            page_content: unique('edited'),
          }),
        ),
    );
  },
});

const OPERATIONS: Operation[] = [
  readPage((f) => f.pageB, 'read page outside scope (catalog B)', READ_WHOLE),
  readPage((f) => f.pageA, 'read page in scope (catalog A)', READ_SCOPED),
  // Root pages lie outside every catalog scope (issue #15; ShowDoc showed them to scoped members).
  readPage((f) => f.pageRoot, 'read root page', READ_WHOLE),
  {
    name: 'read menu',
    allow: READ_SCOPED,
    covers: ['Query.item', 'Query.itemMenu', 'Item/info'],
    graphql: async (m, a) =>
      gqlOutcome(
        await gql(m, a, 'query($id: Int!) { item(id: $id) { id } itemMenu(itemId: $id) { pages { id } } }', {
          id: m.target(a).item.id,
        }),
      ),
    rest: async (m, a) => restOutcome(await rest(m, a, 'item/info', { item_id: m.target(a).item.id })),
  },
  {
    // Allowed = the menu answers and lists page B; a scoped member's menu leaves catalog B out.
    name: 'menu lists page outside scope',
    allow: READ_WHOLE,
    covers: ['Query.itemMenu', 'Item/info'],
    graphql: async (m, a) => {
      const answer = await gql(
        m,
        a,
        `query($id: Int!) { itemMenu(itemId: $id) {
          pages { title } catalogs { name pages { title } catalogs { pages { title } } } } }`,
        { id: m.target(a).item.id },
      );
      return gqlOutcome(answer) && JSON.stringify(answer.data).includes(B_MARKER);
    },
    rest: async (m, a) => {
      const answer = await rest(m, a, 'item/info', { item_id: m.target(a).item.id });
      return restOutcome(answer) && JSON.stringify(answer.body.data).includes(B_MARKER);
    },
  },
  {
    // Allowed = page B is found; a scoped member's search leaves catalog B out.
    name: 'search finds page outside scope',
    allow: READ_WHOLE,
    // ShowDoc's item/search is a login endpoint (compat-api §3.15): the visit password alone does not open it.
    restAllow: READ_WHOLE.filter((a) => a !== 'anonymous with visit password'),
    covers: ['Query.search', 'Item/search'],
    graphql: async (m, a) => {
      const answer = await gql(
        m,
        a,
        'query($id: Int!, $q: String!) { search(itemId: $id, query: $q) { edges { node { page { id } } } } }',
        { id: m.target(a).item.id, q: B_MARKER },
      );
      return gqlOutcome(answer) && JSON.stringify(answer.data).includes(`"id":${m.target(a).pageB.id}`);
    },
    rest: async (m, a) => {
      const answer = await rest(m, a, 'item/search', { item_id: m.target(a).item.id, keyword: B_MARKER });
      return (
        restOutcome(answer) &&
        (answer.body.data.pages as Array<{ page_id: string }>).some(
          (p) => Number(p.page_id) === m.target(a).pageB.id,
        )
      );
    },
  },
  {
    name: 'page history outside scope (catalog B)',
    allow: READ_WHOLE,
    covers: ['Query.pageHistory', 'Page/history'],
    graphql: async (m, a) =>
      gqlOutcome(
        await gql(m, a, 'query($id: Int!) { pageHistory(pageId: $id) { id } }', { id: m.target(a).pageB.id }),
      ),
    rest: async (m, a) => restOutcome(await rest(m, a, 'page/history', { page_id: m.target(a).pageB.id })),
  },
  {
    name: 'page diff outside scope (catalog B)',
    allow: READ_WHOLE,
    covers: ['Query.pageDiff', 'Page/diff'],
    graphql: async (m, a) =>
      gqlOutcome(
        await gql(
          m,
          a,
          'query($p: Int!, $v: Int!) { pageDiff(pageId: $p, versionId: $v) { version { id } } }',
          {
            p: m.target(a).pageB.id,
            v: m.target(a).versionId,
          },
        ),
      ),
    rest: async (m, a) =>
      restOutcome(
        await rest(m, a, 'page/diff', {
          page_id: m.target(a).pageB.id,
          page_history_id: m.target(a).versionId,
        }),
      ),
  },
  {
    name: 'read share link (catalog B)',
    // Both doors show the link to those who may manage it, the page's editors, only: ShowDoc's page/info
    // answered `unique_key` to every reader (compat-api §4.1); Quire sends "" to the others (issue #15).
    allow: EDIT_WHOLE,
    covers: ['Query.pageShareLink', 'Page/info'],
    graphql: async (m, a) => {
      await ensureShared(m, m.target(a).pageB.id);
      const answer = await gql(m, a, 'query($id: Int!) { pageShareLink(pageId: $id) { key } }', {
        id: m.target(a).pageB.id,
      });
      return gqlOutcome(answer) && !!(answer.data?.pageShareLink as { key?: string } | null)?.key;
    },
    rest: async (m, a) => {
      await ensureShared(m, m.target(a).pageB.id);
      const answer = await rest(m, a, 'page/info', { page_id: m.target(a).pageB.id });
      return restOutcome(answer) && !!answer.body.data.unique_key;
    },
  },
  {
    name: 'share page (catalog B)',
    allow: EDIT_WHOLE,
    covers: ['Mutation.sharePage', 'Page/createSinglePage'],
    graphql: (m, a) =>
      write(
        () => shareKey(m, m.target(a).pageB.id),
        async () =>
          gqlOutcome(
            await gql(m, a, 'mutation($id: Int!) { sharePage(pageId: $id, expireDays: 0) { key } }', {
              id: m.target(a).pageB.id,
            }),
          ),
      ),
    rest: (m, a) =>
      write(
        () => shareKey(m, m.target(a).pageB.id),
        async () =>
          restOutcome(
            await rest(m, a, 'page/createSinglePage', {
              page_id: m.target(a).pageB.id,
              isCreateSiglePage: 'true',
              expire_days: 0,
            }),
          ),
      ),
  },
  {
    name: 'unshare page (catalog B)',
    allow: EDIT_WHOLE,
    covers: ['Mutation.unsharePage', 'Page/createSinglePage'],
    graphql: async (m, a) => {
      await ensureShared(m, m.target(a).pageB.id);
      return write(
        () => shareKey(m, m.target(a).pageB.id),
        async () =>
          gqlOutcome(
            await gql(m, a, 'mutation($id: Int!) { unsharePage(pageId: $id) }', { id: m.target(a).pageB.id }),
          ),
      );
    },
    rest: async (m, a) => {
      await ensureShared(m, m.target(a).pageB.id);
      return write(
        () => shareKey(m, m.target(a).pageB.id),
        async () =>
          restOutcome(
            await rest(m, a, 'page/createSinglePage', {
              page_id: m.target(a).pageB.id,
              isCreateSiglePage: 'false',
            }),
          ),
      );
    },
  },
  savePage((f) => f.pageB, 'save page outside scope (catalog B)', EDIT_WHOLE),
  savePage((f) => f.pageA, 'save page in scope (catalog A)', EDIT_SCOPED),
  savePage((f) => f.pageRoot, 'save root page', EDIT_WHOLE),
  {
    name: 'create page in catalog B',
    allow: EDIT_WHOLE,
    covers: ['Mutation.savePage', 'Page/save'],
    graphql: (m, a) => {
      const { item, catB } = m.target(a);
      const title = unique('new page');
      return write(
        () => pageCount(m, item.id, title),
        async () =>
          gqlOutcome(
            await gql(m, a, 'mutation($input: SavePageInput!) { savePage(input: $input) { id } }', {
              input: { itemId: item.id, catalogId: catB.id, title, content: 'new' },
            }),
          ),
      );
    },
    rest: (m, a) => {
      const { item, catB } = m.target(a);
      const title = unique('new page');
      return write(
        () => pageCount(m, item.id, title),
        async () =>
          restOutcome(
            await rest(m, a, 'page/save', {
              item_id: item.id,
              cat_id: catB.id,
              page_title: title,
              page_content: 'new',
            }),
          ),
      );
    },
  },
  {
    // Managers delete any page; an editor only the pages they last edited (page.service `delete`).
    name: "delete the owner's page in catalog B",
    allow: MANAGE,
    covers: ['Mutation.deletePage', 'Page/delete'],
    graphql: async (m, a) => {
      const page = await m.freshPage(m.target(a), m.target(a).catB, m.owner);
      return write(
        () => pageDeleted(m, page.id),
        async () =>
          gqlOutcome(await gql(m, a, 'mutation($id: Int!) { deletePage(id: $id) }', { id: page.id })),
      );
    },
    rest: async (m, a) => {
      const page = await m.freshPage(m.target(a), m.target(a).catB, m.owner);
      return write(
        () => pageDeleted(m, page.id),
        async () => restOutcome(await rest(m, a, 'page/delete', { page_id: page.id })),
      );
    },
  },
  {
    name: 'delete own page in scope (catalog A)',
    allow: EDIT_SCOPED,
    covers: ['Mutation.deletePage', 'Page/delete'],
    graphql: async (m, a) => {
      const page = await m.freshPage(m.target(a), m.target(a).catA, a.user ?? m.owner);
      return write(
        () => pageDeleted(m, page.id),
        async () =>
          gqlOutcome(await gql(m, a, 'mutation($id: Int!) { deletePage(id: $id) }', { id: page.id })),
      );
    },
    rest: async (m, a) => {
      const page = await m.freshPage(m.target(a), m.target(a).catA, a.user ?? m.owner);
      return write(
        () => pageDeleted(m, page.id),
        async () => restOutcome(await rest(m, a, 'page/delete', { page_id: page.id })),
      );
    },
  },
  {
    name: 'rename catalog B',
    allow: EDIT_WHOLE,
    covers: ['Mutation.saveCatalog', 'Catalog/save'],
    graphql: (m, a) => {
      const { item, catB } = m.target(a);
      return write(
        () => catalogName(m, catB.id),
        async () =>
          gqlOutcome(
            await gql(m, a, 'mutation($input: SaveCatalogInput!) { saveCatalog(input: $input) { id } }', {
              input: { id: catB.id, itemId: item.id, name: unique('B') },
            }),
          ),
      );
    },
    rest: (m, a) => {
      const { item, catB } = m.target(a);
      return write(
        () => catalogName(m, catB.id),
        async () =>
          restOutcome(
            await rest(m, a, 'catalog/save', { item_id: item.id, cat_id: catB.id, cat_name: unique('B') }),
          ),
      );
    },
  },
  {
    name: 'create catalog in scope (under A)',
    allow: EDIT_SCOPED,
    covers: ['Mutation.saveCatalog', 'Catalog/save'],
    graphql: (m, a) => {
      const { item, catA } = m.target(a);
      const name = unique('sub');
      return write(
        () => catalogCount(m, item.id, name),
        async () =>
          gqlOutcome(
            await gql(m, a, 'mutation($input: SaveCatalogInput!) { saveCatalog(input: $input) { id } }', {
              input: { itemId: item.id, parentId: catA.id, name },
            }),
          ),
      );
    },
    rest: (m, a) => {
      const { item, catA } = m.target(a);
      const name = unique('sub');
      return write(
        () => catalogCount(m, item.id, name),
        async () =>
          restOutcome(
            await rest(m, a, 'catalog/save', { item_id: item.id, cat_name: name, parent_cat_id: catA.id }),
          ),
      );
    },
  },
  ...(['B', 'A'] as const).map((which): Operation => ({
    name: which === 'B' ? 'delete catalog outside scope (under B)' : 'delete catalog in scope (under A)',
    allow: which === 'B' ? EDIT_WHOLE : EDIT_SCOPED,
    covers: ['Mutation.deleteCatalog', 'Catalog/delete'],
    graphql: async (m, a) => {
      const f = m.target(a);
      const catalog = await m.freshCatalog(f, which === 'B' ? f.catB : f.catA);
      return write(
        () => catalogDeleted(m, catalog.id),
        async () =>
          gqlOutcome(await gql(m, a, 'mutation($id: Int!) { deleteCatalog(id: $id) }', { id: catalog.id })),
      );
    },
    rest: async (m, a) => {
      const f = m.target(a);
      const catalog = await m.freshCatalog(f, which === 'B' ? f.catB : f.catA);
      return write(
        () => catalogDeleted(m, catalog.id),
        async () => restOutcome(await rest(m, a, 'catalog/delete', { cat_id: catalog.id })),
      );
    },
  })),
  {
    name: 'list members',
    allow: MANAGE_EVEN_ARCHIVED,
    covers: ['Query.itemMembers', 'Member/getList'],
    graphql: async (m, a) =>
      gqlOutcome(
        await gql(m, a, 'query($id: Int!) { itemMembers(itemId: $id) { id } }', { id: m.target(a).item.id }),
      ),
    rest: async (m, a) => {
      const answer = await rest(m, a, 'member/getList', { item_id: m.target(a).item.id });
      return restOutcome(answer) && Array.isArray(answer.body.data) && answer.body.data.length > 0;
    },
  },
  {
    name: 'add member',
    allow: MANAGE,
    covers: ['Mutation.addItemMembers', 'Member/save'],
    graphql: async (m, a) => {
      const user = await m.freshUser();
      const { item } = m.target(a);
      return write(
        () => memberCount(m, item.id, user.id),
        async () =>
          gqlOutcome(
            await gql(
              m,
              a,
              'mutation($input: AddItemMembersInput!) { addItemMembers(input: $input) { added { id } } }',
              {
                input: { itemId: item.id, usernames: [user.username], memberGroupId: 0 },
              },
            ),
          ),
      );
    },
    rest: async (m, a) => {
      const user = await m.freshUser();
      const { item } = m.target(a);
      return write(
        () => memberCount(m, item.id, user.id),
        async () =>
          restOutcome(
            await rest(m, a, 'member/save', {
              item_id: item.id,
              username: user.username,
              member_group_id: 0,
            }),
          ),
      );
    },
  },
  {
    name: 'remove member',
    allow: MANAGE,
    covers: ['Mutation.removeItemMember', 'Member/delete'],
    graphql: async (m, a) => {
      const member = await m.freshMember(m.target(a));
      return write(
        () => memberExists(m, member.id),
        async () =>
          gqlOutcome(await gql(m, a, 'mutation($id: Int!) { removeItemMember(id: $id) }', { id: member.id })),
      );
    },
    rest: async (m, a) => {
      const member = await m.freshMember(m.target(a));
      return write(
        () => memberExists(m, member.id),
        async () =>
          restOutcome(
            await rest(m, a, 'member/delete', { item_id: m.target(a).item.id, item_member_id: member.id }),
          ),
      );
    },
  },
  {
    name: 'item settings (rename item)',
    allow: MANAGE,
    covers: ['Mutation.updateItem', 'Item/update'],
    graphql: (m, a) =>
      write(
        () => itemState(m, m.target(a).item.id),
        async () =>
          gqlOutcome(
            await gql(
              m,
              a,
              'mutation($id: Int!, $name: String!) { updateItem(id: $id, input: { name: $name }) { id } }',
              {
                id: m.target(a).item.id,
                name: unique('renamed'),
              },
            ),
          ),
      ),
    rest: (m, a) =>
      write(
        () => itemState(m, m.target(a).item.id),
        async () =>
          restOutcome(
            await rest(m, a, 'item/update', { item_id: m.target(a).item.id, item_name: unique('renamed') }),
          ),
      ),
  },
  {
    name: 'read item API key',
    allow: MANAGE_EVEN_ARCHIVED,
    covers: ['Query.itemApiKey', 'Item/getKey'],
    graphql: async (m, a) =>
      gqlOutcome(
        await gql(m, a, 'query($id: Int!) { itemApiKey(itemId: $id) { apiKey } }', {
          id: m.target(a).item.id,
        }),
      ),
    rest: async (m, a) => restOutcome(await rest(m, a, 'item/getKey', { item_id: m.target(a).item.id })),
  },
  {
    name: 'reset item API key',
    allow: MANAGE,
    covers: ['Mutation.resetItemApiKey', 'Item/resetKey'],
    graphql: (m, a) =>
      write(
        () => apiToken(m, m.target(a).item.id),
        async () =>
          gqlOutcome(
            await gql(m, a, 'mutation($id: Int!) { resetItemApiKey(itemId: $id) { apiKey } }', {
              id: m.target(a).item.id,
            }),
          ),
      ),
    rest: (m, a) =>
      write(
        () => apiToken(m, m.target(a).item.id),
        async () => restOutcome(await rest(m, a, 'item/resetKey', { item_id: m.target(a).item.id })),
      ),
  },
  {
    name: 'recycle bin',
    allow: MANAGE,
    covers: ['Query.recycleBin', 'Recycle/getList'],
    graphql: async (m, a) =>
      gqlOutcome(
        await gql(m, a, 'query($id: Int!) { recycleBin(itemId: $id) { title } }', {
          id: m.target(a).item.id,
        }),
      ),
    rest: async (m, a) => restOutcome(await rest(m, a, 'recycle/getList', { item_id: m.target(a).item.id })),
  },
  {
    // For editors (a scoped editor sees only the entries of the scope); archived items refuse it.
    name: 'change log',
    allow: EDIT_SCOPED,
    covers: ['Query.changeLog', 'Item/getChangeLog'],
    graphql: async (m, a) =>
      gqlOutcome(
        await gql(m, a, 'query($id: Int!) { changeLog(itemId: $id) { totalCount } }', {
          id: m.target(a).item.id,
        }),
      ),
    rest: async (m, a) =>
      restOutcome(await rest(m, a, 'item/getChangeLog', { item_id: m.target(a).item.id })),
  },
  // Destructive item operations: each check on a fresh item with the main item's memberships (archived
  // for the owner of the archived item). The owner's login password confirms them, whoever asks.
  {
    name: 'archive item',
    allow: MANAGE,
    covers: ['Mutation.archiveItem', 'Item/archive'],
    graphql: async (m, a) => {
      const item = await m.freshItem(a.archived);
      return write(
        () => itemState(m, item.id),
        async () =>
          gqlOutcome(
            await gql(
              m,
              a,
              'mutation($id: Int!, $pw: String!) { archiveItem(id: $id, password: $pw) { id } }',
              {
                id: item.id,
                pw: DEFAULT_PASSWORD,
              },
            ),
          ),
      );
    },
    rest: async (m, a) => {
      const item = await m.freshItem(a.archived);
      return write(
        () => itemState(m, item.id),
        async () =>
          restOutcome(await rest(m, a, 'item/archive', { item_id: item.id, password: DEFAULT_PASSWORD })),
      );
    },
  },
  {
    // Transfer and delete stay possible on an archived item (policy `allowArchived`, as in ShowDoc).
    name: 'transfer item',
    allow: MANAGE_EVEN_ARCHIVED,
    covers: ['Mutation.transferItem', 'Item/attorn'],
    graphql: async (m, a) => {
      const item = await m.freshItem(a.archived);
      return write(
        () => itemState(m, item.id),
        async () =>
          gqlOutcome(
            await gql(
              m,
              a,
              'mutation($id: Int!, $pw: String!, $to: String!) { transferItem(id: $id, password: $pw, username: $to) { id } }',
              { id: item.id, pw: DEFAULT_PASSWORD, to: m.heir.username },
            ),
          ),
      );
    },
    rest: async (m, a) => {
      const item = await m.freshItem(a.archived);
      return write(
        () => itemState(m, item.id),
        async () =>
          restOutcome(
            await rest(m, a, 'item/attorn', {
              item_id: item.id,
              password: DEFAULT_PASSWORD,
              username: m.heir.username,
            }),
          ),
      );
    },
  },
  {
    name: 'delete item',
    allow: MANAGE_EVEN_ARCHIVED,
    covers: ['Mutation.deleteItem', 'Item/delete'],
    graphql: async (m, a) => {
      const item = await m.freshItem(a.archived);
      return write(
        () => itemState(m, item.id),
        async () =>
          gqlOutcome(
            await gql(m, a, 'mutation($id: Int!, $pw: String!) { deleteItem(id: $id, password: $pw) }', {
              id: item.id,
              pw: DEFAULT_PASSWORD,
            }),
          ),
      );
    },
    rest: async (m, a) => {
      const item = await m.freshItem(a.archived);
      return write(
        () => itemState(m, item.id),
        async () =>
          restOutcome(await rest(m, a, 'item/delete', { item_id: item.id, password: DEFAULT_PASSWORD })),
      );
    },
  },
];

// ---------------------------------------------------------------------------------------------------
// Completeness: the operations the code offers, and what is deliberately outside the matrix.

const ALL_OPERATIONS: Operation[] = [
  ...OPERATIONS,
  ...MORE_OPERATIONS,
  ...FILE_OPERATIONS,
  ...MCP_OPERATIONS,
  ...IMPORT_OPERATIONS,
  ...MESSAGE_OPERATIONS,
  ...MOCK_OPERATIONS,
  ...EXPORT_OPERATIONS,
  ...COMMENT_OPERATIONS,
  ...SHEET_OPERATIONS,
];

/**
 * Operations that no item or team permission decides (a user's own things, public by design). Every
 * other operation the code offers must be a matrix row: there is no "not yet covered" list, so a new
 * operation fails the completeness test until it has rows (or a reason here).
 */
const NOT_PERMISSION_SCOPED: Record<string, string> = {
  'Item/itemList': "the caller's own items",
  'Item/pwd': 'checks a visit password (the unlock itself; its effect is the "with visit password" actor)',
  'Mutation.unlockItem': 'same as Item/pwd',
  'Page/infoByKey': 'public by design: whoever holds the share key',
  'Page/sqlToMarkdownTable': 'a text conversion, no stored data (any signed-in user)',
  'ItemGroup/save': "the caller's own item groups",
  'ItemGroup/getList': "the caller's own item groups",
  'ItemGroup/delete': "the caller's own item groups",
  'ItemGroup/saveSort': "the caller's own item groups",
  'Template/save': "the caller's own templates",
  'Template/getMyList': "the caller's own templates",
  'Template/getList': "the caller's own templates",
  'Template/delete': "the caller's own templates",
  'Mutation.saveTemplate': "the caller's own templates",
  'Mutation.deleteTemplate': "the caller's own templates",
  'Member/getMyAllList': "the caller's own collaborators",
  'Mutation.saveItemGroup': "the caller's own item groups",
  'Mutation.deleteItemGroup': "the caller's own item groups",
  ...FILES_NOT_PERMISSION_SCOPED,
  ...EXPORT_NOT_PERMISSION_SCOPED,
  ...AI_NOT_PERMISSION_SCOPED,
  ...MESSAGES_AND_ADMIN_NOT_PERMISSION_SCOPED,
};

const ID_ARGS = new Set([
  'itemId',
  'pageId',
  'catalogId',
  'itemIds',
  'teamId',
  'templateId',
  'sourceId',
  'commentId',
]);

/** GraphQL Query/Mutation/Subscription fields that address an item, page, catalog, member, team or template. */
async function graphqlOperations(): Promise<string[]> {
  const schema = await buildGraphQLSchema();
  const found: string[] = [];
  const types = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()];
  for (const type of types.filter((t): t is GraphQLObjectType => !!t)) {
    for (const field of Object.values(type.getFields())) {
      const names = field.args.flatMap((arg) => {
        const named = getNamedType(arg.type);
        return isInputObjectType(named)
          ? [arg.name, ...Object.keys((named as GraphQLInputObjectType).getFields())]
          : [arg.name];
      });
      const addressed =
        names.some((n) => ID_ARGS.has(n)) ||
        (/item|page|catalog|member|team|template/i.test(field.name) && names.includes('id'));
      if (addressed) found.push(`${type.name}.${field.name}`);
    }
  }
  return found.sort();
}

/**
 * Controllers no item or team permission concerns (accounts, site-wide settings, cron). Every other
 * controller is read whole, so a new one (attachments, export, admin...) needs rows or reasons.
 */
const OUTSIDE_CONTROLLERS = new Set([
  'Common',
  'User',
  'PublicSquare',
  'ScriptCron',
  // Sign-in from outside (a secret-key link, an OAuth2 provider): accounts, not items.
  'ExtLogin',
  // The caller's own reminders and the site's announcements.
  'Message',
  // Site administration: every action is refused to anyone but a site administrator, on both doors
  // (test/compat/admin.test.ts); AdminItem, which addresses items, is listed operation by operation.
  'AdminUser',
  'AdminSetting',
  'AdminUpdate',
  'AdminMessage',
]);

/** REST `Controller/action`s of every controller but those above. */
function restOperations(): string[] {
  return Object.entries(controllers)
    .filter(([name]) => !OUTSIDE_CONTROLLERS.has(name))
    .flatMap(([name, actions]) => Object.keys(actions).map((action) => `${name}/${action}`))
    .sort();
}

/**
 * Object fields that hand out an item's content (its menu, a page) after the object was reached through
 * another one: each says where the check happens, so a new such field (a `Catalog.pages`, a `Page.item`)
 * fails the completeness test until someone has looked at it.
 */
const REACHED_THROUGH: Record<string, string> = {
  'Item.menu': 'asks the policy itself (catalogs.menu → requireVisit, scope), however the item was reached',
  'MyItemEdge.node': "the caller's own item list (owned or member)",
  'SearchHit.item': 'search filters by rights and scope inside its query',
  'SearchHit.page': 'search filters by rights and scope inside its query',
  'TeamItem.item': "an item bound to the caller's team; its menu is checked again by Item.menu",
  'PageDiff.current': 'the diff is built from pages.readable (visit, scope, drafts)',
  'AdminItem.item': "the console's item list: site administrators only (adminItems refuses everyone else)",
  'PublicItemPage.items':
    'the public square: open items (no visit password, not deleted) while the site enables the square',
};
const CONTENT_TYPES = new Set(['Item', 'Page', 'MenuTree']);

async function reachedThroughFields(): Promise<string[]> {
  const schema = await buildGraphQLSchema();
  const roots = new Set(['Query', 'Mutation', 'Subscription']);
  const found: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || roots.has(type.name) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      if (CONTENT_TYPES.has(getNamedType(field.type).name)) found.push(`${type.name}.${field.name}`);
    }
  }
  return found.sort();
}

describe('permission matrix completeness', () => {
  test('every field that reaches an item or page through another object says where it is checked', async () => {
    const found = await reachedThroughFields();
    expect(found).toEqual(Object.keys(REACHED_THROUGH).sort());
  });

  test('every operation of the code is a matrix row or deliberately outside the matrix', async () => {
    const covered = new Set(ALL_OPERATIONS.flatMap((op) => op.covers));
    const known = new Set([...covered, ...Object.keys(NOT_PERMISSION_SCOPED)]);
    const discovered = [...(await graphqlOperations()), ...restOperations()];
    expect(discovered.filter((op) => !known.has(op))).toEqual([]);
    // The lists name real operations only (a renamed operation must not hide behind a stale entry).
    const all = new Set(discovered);
    expect([...known].filter((op) => !all.has(op))).toEqual([]);
    // Nothing is both a row and "not permission-scoped".
    expect(Object.keys(NOT_PERMISSION_SCOPED).filter((op) => covered.has(op))).toEqual([]);
  });

  test('discovery finds the operations it should (the check above cannot pass by finding nothing)', async () => {
    const discovered = new Set([...(await graphqlOperations()), ...restOperations()]);
    for (const op of [
      'Query.page',
      'Mutation.deleteTeam',
      'Query.teamItems',
      'Open/getPage',
      'Team/attorn',
    ]) {
      expect(discovered).toContain(op);
    }
  });

  test('every operation has its doors and an expectation for known actors only', () => {
    for (const op of ALL_OPERATIONS) {
      const doors = [op.graphql, op.rest, op.mcp].filter(Boolean).length;
      // Both doors, or one door and the reason the other has no such operation.
      const wellFormed =
        doors === 2 ? op.oneDoor === undefined : doors === 1 && (op.oneDoor ?? '').length > 10;
      expect({ name: op.name, wellFormed }).toEqual({ name: op.name, wellFormed: true });
      if (op.restAllow) expect(op.rest).toBeDefined();
      for (const a of [...op.allow, ...(op.restAllow ?? [])]) expect(ACTORS).toContain(a);
    }
    expect(new Set(ALL_OPERATIONS.map((op) => op.name)).size).toBe(ALL_OPERATIONS.length);
  });
});

// ---------------------------------------------------------------------------------------------------
// The matrix.

type DoorName = 'GraphQL' | 'REST' | 'MCP';
type Row = { op: Operation; actor: ActorName; door: DoorName; expected: 'allow' | 'deny' };
const ROWS: Row[] = ALL_OPERATIONS.flatMap((op) =>
  ACTORS.flatMap((actor) =>
    ([op.graphql ? 'GraphQL' : null, op.rest ? 'REST' : null, op.mcp ? 'MCP' : null] as const)
      .filter((door): door is DoorName => door !== null)
      .map((door): Row => {
        const allowList = door === 'REST' && op.restAllow ? op.restAllow : op.allow;
        return { op, actor, door, expected: allowList.includes(actor) ? 'allow' : 'deny' };
      }),
  ),
);

// ---------------------------------------------------------------------------------------------------
// The site's `force_login`: every read a visitor could make is refused while it is on, on both doors;
// signed-in actors keep exactly the rights the matrix gives them.

const VISITORS: readonly ActorName[] = ['anonymous', 'anonymous with visit password'];
const READS_OPEN_TO_VISITORS = ALL_OPERATIONS.filter((op) =>
  [...op.allow, ...(op.restAllow ?? [])].some((a) => VISITORS.includes(a)),
);
/** A live link to the page with a well-formed key (`ensureShared` makes placeholder keys `open` refuses). */
async function liveShareKey(m: Matrix, pageId: number): Promise<string> {
  const em = m.em();
  const uniqueKey = crypto.randomBytes(16).toString('hex');
  await em.nativeDelete(SinglePageLink, { page: pageId });
  await em.persist(em.create(SinglePageLink, { page: em.getReference(Page, pageId), uniqueKey })).flush();
  return uniqueKey;
}

const OPEN_SHARE_LINK: Operation = {
  name: 'open the share link of page B',
  allow: ACTORS,
  covers: ['Query.sharedPage', 'Page/infoByKey'],
  graphql: async (m, a) => {
    const key = await liveShareKey(m, m.target(a).pageB.id);
    return gqlOutcome(await gql(m, a, 'query($key: String!) { sharedPage(key: $key) { content } }', { key }));
  },
  rest: async (m, a) => {
    const key = await liveShareKey(m, m.target(a).pageB.id);
    return restOutcome(await rest(m, a, 'page/infoByKey', { unique_key: key }));
  },
};
const FORCE_LOGIN_ROWS: Row[] = [...READS_OPEN_TO_VISITORS, OPEN_SHARE_LINK].flatMap((op) =>
  ACTORS.flatMap((actor) =>
    ([op.graphql ? 'GraphQL' : null, op.rest ? 'REST' : null] as const)
      .filter((door): door is 'GraphQL' | 'REST' => door !== null)
      .map((door): Row => {
        const allowList = door === 'REST' && op.restAllow ? op.restAllow : op.allow;
        const allowed = allowList.includes(actor) && LOGGED_IN.includes(actor);
        return { op, actor, door, expected: allowed ? 'allow' : 'deny' };
      }),
  ),
);

describe.each(testDatabases())('permission matrix on $name', (database) => {
  let server: TestServer;
  let matrix: Matrix;

  beforeAll(async () => {
    server = await startTestServer(database, 'permmatrix');
    // Page B is saved once per allowed actor and door (GraphQL, REST, MCP): more versions than the default
    // 20 kept, which would prune the version the diff rows read. Retention is not this matrix's subject.
    await buildServices(server.db.orm.em.fork()).settings.set({ history_version_count: '1000' });
    matrix = await buildMatrix(server);
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  test.each(
    ROWS.map((row) => [`${row.op.name} × ${row.actor} via ${row.door} → ${row.expected}`, row] as const),
  )('%s', async (_name, row) => {
    const actor = matrix.actors[row.actor];
    const door = row.door === 'GraphQL' ? row.op.graphql! : row.door === 'REST' ? row.op.rest! : row.op.mcp!;
    const allowed = await door(matrix, actor);
    expect(allowed ? 'allow' : 'deny').toBe(row.expected);
  });

  describe('with force_login on', () => {
    const setForceLogin = (value: '0' | '1') =>
      buildServices(server.db.orm.em.fork()).settings.set({ force_login: value });
    beforeAll(() => setForceLogin('1'));
    afterAll(() => setForceLogin('0'));

    test('the rows cover reads on both doors (the check cannot pass by finding nothing)', () => {
      expect(READS_OPEN_TO_VISITORS.length).toBeGreaterThan(5);
      expect(FORCE_LOGIN_ROWS.filter((r) => r.door === 'REST').length).toBeGreaterThan(20);
    });

    test.each(
      FORCE_LOGIN_ROWS.map(
        (row) => [`${row.op.name} × ${row.actor} via ${row.door} → ${row.expected}`, row] as const,
      ),
    )('%s', async (_name, row) => {
      const actor = matrix.actors[row.actor];
      const door =
        row.door === 'GraphQL' ? row.op.graphql! : row.door === 'REST' ? row.op.rest! : row.op.mcp!;
      const allowed = await door(matrix, actor);
      expect(allowed ? 'allow' : 'deny').toBe(row.expected);
    });
  });
});
