// Permission-matrix rows for page subscriptions and webhooks (issue #18): editors of page B manage who is
// notified of its saves, readers of page B follow it for themselves, managers of the item keep its webhooks.
// Page B sits in catalog B, outside the scoped members' catalog A.
import { Page, Subscription, User, Webhook } from '../db/src';
import {
  EDIT_WHOLE,
  LOGGED_IN,
  MANAGE,
  READ_WHOLE,
  gql,
  gqlOutcome,
  rest,
  restOutcome,
  write,
  type Actor,
  type Matrix,
  type Operation,
} from './permission-matrix.support';

/** Readers of page B who are signed in: only they can follow it. */
const READ_WHOLE_SIGNED_IN = READ_WHOLE.filter((a) => LOGGED_IN.includes(a));

/** The owner of page B's item: a reader of page B whom editors may subscribe. */
const subscriberOf = (m: Matrix) => m.main.item.owner.id;

async function subscribed(m: Matrix, pageId: number, userId: number): Promise<boolean> {
  return (
    (await m.em().count(Subscription, {
      page: m.em().getReference(Page, pageId),
      user: m.em().getReference(User, userId),
    })) > 0
  );
}

async function setSubscribed(m: Matrix, pageId: number, userId: number, on: boolean): Promise<void> {
  const em = m.em();
  await em.nativeDelete(Subscription, { page: pageId, user: userId });
  if (on) {
    em.create(Subscription, {
      page: em.getReference(Page, pageId),
      user: em.getReference(User, userId),
      actionType: 'update',
    });
    await em.flush();
  }
}

/**
 * An editor's change of page B's subscribers, through GraphQL `mutation` and REST `route`: the owner starts
 * subscribed (`startSubscribed`) or not, and the write must flip that exactly when it is allowed.
 */
function subscriberWrite(name: string, startSubscribed: boolean, mutation: string, route: string): Operation {
  const run = async (m: Matrix, a: Actor, call: (pageId: number, user: number) => Promise<boolean>) => {
    const { pageB } = m.target(a);
    const user = subscriberOf(m);
    await setSubscribed(m, pageB.id, user, startSubscribed);
    return write(
      () => subscribed(m, pageB.id, user),
      () => call(pageB.id, user),
    );
  };
  return {
    name,
    allow: EDIT_WHOLE,
    covers: [`Mutation.${mutation}`, `Subscription/${route.split('/')[1]}`],
    graphql: (m, a) =>
      run(m, a, async (id, user) =>
        gqlOutcome(
          await gql(
            m,
            a,
            `mutation($id: Int!, $users: [Int!]!) { ${mutation}(pageId: $id, userIds: $users) { userId } }`,
            { id, users: [user] },
          ),
        ),
      ),
    rest: (m, a) =>
      run(m, a, async (id, user) =>
        restOutcome(await rest(m, a, route, { page_id: id, uids: String(user) })),
      ),
  };
}

export const MESSAGE_OPERATIONS: Operation[] = [
  {
    name: 'subscribers of page B',
    allow: EDIT_WHOLE,
    covers: ['Query.pageSubscribers', 'Subscription/getPageList'],
    graphql: async (m, a) =>
      gqlOutcome(
        await gql(m, a, 'query($id: Int!) { pageSubscribers(pageId: $id) { userId } }', {
          id: m.target(a).pageB.id,
        }),
      ),
    rest: async (m, a) =>
      restOutcome(await rest(m, a, 'subscription/getPageList', { page_id: m.target(a).pageB.id })),
  },
  subscriberWrite('subscribe a reader to page B', false, 'addPageSubscribers', 'subscription/savePage'),
  subscriberWrite(
    'unsubscribe a reader from page B',
    true,
    'removePageSubscribers',
    'subscription/deletePage',
  ),
  {
    name: 'follow page B (oneself)',
    allow: READ_WHOLE_SIGNED_IN,
    oneDoor: 'following a page oneself is a Quire addition (ShowDoc subscribes through editors only)',
    covers: ['Mutation.followPage'],
    graphql: async (m, a) => {
      const { pageB } = m.target(a);
      const user = a.user?.id ?? 0;
      if (user) await setSubscribed(m, pageB.id, user, false);
      return write(
        () => (user ? subscribed(m, pageB.id, user) : Promise.resolve(false)),
        async () =>
          gqlOutcome(
            await gql(m, a, 'mutation($id: Int!) { followPage(pageId: $id, follow: true) }', {
              id: pageB.id,
            }),
          ),
      );
    },
  },
  {
    name: 'whether one follows page B',
    allow: READ_WHOLE_SIGNED_IN,
    oneDoor: 'following a page oneself is a Quire addition (ShowDoc subscribes through editors only)',
    covers: ['Query.followingPage'],
    graphql: async (m, a) =>
      gqlOutcome(
        await gql(m, a, 'query($id: Int!) { followingPage(pageId: $id) }', { id: m.target(a).pageB.id }),
      ),
  },
  {
    name: "the item's webhooks",
    allow: MANAGE,
    oneDoor: 'webhooks are a Quire addition (ShowDoc has none)',
    covers: ['Query.itemWebhooks'],
    graphql: async (m, a) =>
      gqlOutcome(
        await gql(m, a, 'query($id: Int!) { itemWebhooks(itemId: $id) { id } }', { id: m.target(a).item.id }),
      ),
  },
  {
    name: 'add a webhook to the item',
    allow: MANAGE,
    oneDoor: 'webhooks are a Quire addition (ShowDoc has none)',
    covers: ['Mutation.createWebhook'],
    graphql: async (m, a) => {
      const { item } = m.target(a);
      // A public address written as a number: no name to resolve, and the SSRF guard lets it through.
      const url = `https://93.184.215.14/matrix/${a.name.replace(/\W+/g, '-')}`;
      return write(
        () => m.em().count(Webhook, { item: item.id, url }),
        async () =>
          gqlOutcome(
            await gql(m, a, 'mutation($input: CreateWebhookInput!) { createWebhook(input: $input) { id } }', {
              input: { itemId: item.id, url },
            }),
          ),
      );
    },
  },
];

/** Decided by no item permission: site administration and the caller's own messages. */
export const MESSAGES_AND_ADMIN_NOT_PERMISSION_SCOPED: Record<string, string> = {
  'Mutation.adminDeleteItem':
    'site administrators only: every other user is refused on both doors (test/compat/admin.test.ts)',
  'Mutation.adminHardDeleteItem': 'same as Mutation.adminDeleteItem',
  'Mutation.adminRecoverItem': 'same as Mutation.adminDeleteItem',
  'Mutation.adminTransferItem': 'same as Mutation.adminDeleteItem',
  'AdminItem/attorn': 'same as Mutation.adminDeleteItem',
  'AdminItem/deleteItem': 'same as Mutation.adminDeleteItem',
  'AdminItem/getList': 'same as Mutation.adminDeleteItem',
  'AdminItem/hardDeleteItem': 'same as Mutation.adminDeleteItem',
  'AdminItem/recoverItem': 'same as Mutation.adminDeleteItem',
};
