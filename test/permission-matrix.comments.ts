// Permission-matrix rows for page comments (issue #21, compat-notes §10): readers of page B read and write
// comments there while the item allows them; the author or a manager deletes one; readers watch them live.
// Page B sits in catalog B, outside the scoped members' catalog A.
import { expect } from '@jest/globals';
import { Item, Page, PageComment, User } from '../db/src';
import {
  LOGGED_IN,
  MANAGE,
  READ_SCOPED,
  READ_WHOLE,
  gql,
  gqlOutcome,
  pageCount,
  rest,
  restOutcome,
  restText,
  subscriptionCall,
  uniqueNumber,
  write,
  type Actor,
  type Matrix,
  type Operation,
} from './permission-matrix.support';

/** Signed-in readers of page B, on an item that takes writes (the archived item takes none). */
const COMMENTERS = READ_WHOLE.filter((a) => LOGGED_IN.includes(a) && a !== 'owner of archived item');

/** Runs `check` while the actor's item (and the main item, for live events) allows comments. */
async function withComments<T>(m: Matrix, a: Actor, check: () => Promise<T>): Promise<T> {
  const ids = [m.main.item.id, m.target(a).item.id];
  await m.em().nativeUpdate(Item, { id: { $in: ids } }, { allowComment: true });
  try {
    return await check();
  } finally {
    await m.em().nativeUpdate(Item, { id: { $in: ids } }, { allowComment: false });
  }
}

/** A comment on the page written by the heir: no actor is its author, so only managers may delete it. */
async function heirComment(m: Matrix, page: Page): Promise<number> {
  const em = m.em();
  const comment = em.create(PageComment, {
    page: em.getReference(Page, page.id),
    item: em.getReference(Item, page.item.id),
    user: em.getReference(User, m.heir.id),
    username: m.heir.username,
    content: 'a comment by someone else',
  });
  await em.persist(comment).flush();
  return comment.id;
}

/** The key pair item/getKey gives the actor (empty when it refuses). */
async function openKey(m: Matrix, a: Actor): Promise<{ api_key: string; api_token: string }> {
  const answer = await rest(m, a, 'item/getKey', { item_id: m.target(a).item.id });
  if (!restOutcome(answer)) return { api_key: '', api_token: '' };
  return { api_key: answer.body.data.api_key, api_token: answer.body.data.api_token };
}

/** `open/fromComments` and its alias `fromComments/generate` with the actor's key; true when a page was written. */
async function fromComments(m: Matrix, a: Actor, route: string): Promise<boolean> {
  const { item } = m.target(a);
  const title = `matrix_api_${uniqueNumber()}`;
  const key = await openKey(m, a);
  return write(
    () => pageCount(m, item.id, title),
    async () => {
      const answer = await restText(m.server, a, route, {
        ...key,
        content: `/**\n * showdoc\n * @title ${title}\n * @url /x\n */`,
      });
      expect(answer.status).toBeLessThan(500);
      return answer.text.trim() === '成功';
    },
  );
}

const commentCount = (m: Matrix, pageId: number) =>
  m.em().count(PageComment, { page: pageId, deletedAt: null });

export const COMMENT_OPERATIONS: Operation[] = [
  {
    name: 'list the comments of page B',
    allow: READ_WHOLE,
    covers: ['Query.pageComments', 'PageComment/getList'],
    graphql: (m, a) =>
      withComments(m, a, async () =>
        gqlOutcome(
          await gql(m, a, 'query($id: Int!) { pageComments(pageId: $id) { total enabled } }', {
            id: m.target(a).pageB.id,
          }),
        ),
      ),
    rest: (m, a) =>
      withComments(m, a, async () =>
        restOutcome(await rest(m, a, 'page_comment/getList', { page_id: m.target(a).pageB.id })),
      ),
  },
  {
    name: 'comment on page B',
    allow: COMMENTERS,
    covers: ['Mutation.addPageComment', 'PageComment/add'],
    graphql: (m, a) =>
      withComments(m, a, () => {
        const { pageB } = m.target(a);
        return write(
          () => commentCount(m, pageB.id),
          async () =>
            gqlOutcome(
              await gql(m, a, 'mutation($id: Int!) { addPageComment(pageId: $id, content: "Hi") { id } }', {
                id: pageB.id,
              }),
            ),
        );
      }),
    rest: (m, a) =>
      withComments(m, a, () => {
        const { pageB } = m.target(a);
        return write(
          () => commentCount(m, pageB.id),
          async () => restOutcome(await rest(m, a, 'page_comment/add', { page_id: pageB.id, content: 'Hi' })),
        );
      }),
  },
  {
    // Managers delete anyone's comment; archived items take no writes, their owner included.
    name: "delete someone else's comment on page B",
    allow: MANAGE,
    covers: ['Mutation.deletePageComment', 'PageComment/delete'],
    graphql: (m, a) =>
      withComments(m, a, async () => {
        const id = await heirComment(m, m.target(a).pageB);
        return write(
          () => commentCount(m, m.target(a).pageB.id),
          async () =>
            gqlOutcome(await gql(m, a, 'mutation($id: Int!) { deletePageComment(commentId: $id) }', { id })),
        );
      }),
    rest: (m, a) =>
      withComments(m, a, async () => {
        const id = await heirComment(m, m.target(a).pageB);
        return write(
          () => commentCount(m, m.target(a).pageB.id),
          async () => restOutcome(await rest(m, a, 'page_comment/delete', { comment_id: id })),
        );
      }),
  },
  {
    // Everyone watches the main item's page B (the owner of the archived item reads it as its owner);
    // the owner's comments make the events.
    name: "watch page B's comments (subscription)",
    allow: READ_WHOLE,
    oneDoor: 'subscriptions are GraphQL only (graphql-ws over WebSocket)',
    covers: ['Subscription.pageCommentChanged'],
    graphql: (m, a) =>
      withComments(m, a, async () => {
        const { pageB } = m.main;
        const { delivered, errors } = await subscriptionCall(
          m.server,
          a,
          'subscription($id: Int!) { pageCommentChanged(pageId: $id) { action } }',
          { id: pageB.id },
          async () => {
            expect(
              restOutcome(
                await rest(m, m.actors.owner, 'page_comment/add', { page_id: pageB.id, content: 'ping' }),
              ),
            ).toBe(true);
          },
        );
        expect(JSON.stringify(errors)).not.toMatch(/INTERNAL_SERVER_ERROR/);
        expect(delivered || errors.length > 0).toBe(true);
        return delivered;
      }),
  },
  {
    // The key pair is the item managers' (item/getKey); archived items take no writes.
    name: 'open API: API docs from code comments',
    allow: MANAGE,
    oneDoor: 'the open API is ShowDoc REST only (GraphQL has no open API)',
    covers: ['Open/fromComments'],
    rest: (m, a) => fromComments(m, a, 'open/fromComments'),
  },
  {
    name: 'open API: API docs from code comments (fromComments/generate)',
    allow: MANAGE,
    oneDoor: 'the open API is ShowDoc REST only (GraphQL has no open API)',
    covers: ['FromComments/generate'],
    rest: (m, a) => fromComments(m, a, 'fromComments/generate'),
  },
  {
    // Readers export what they may read: a scoped member's document holds catalog A only.
    name: "export the item's API pages as OpenAPI 3.1",
    allow: READ_SCOPED,
    oneDoor: 'a Quire addition (ShowDoc has no OpenAPI export); GraphQL and its HTTP download',
    covers: ['Query.openApiExport'],
    graphql: async (m, a) =>
      gqlOutcome(
        await gql(m, a, 'query($id: Int!) { openApiExport(itemId: $id) { operationCount } }', {
          id: m.target(a).item.id,
        }),
      ),
  },
];
