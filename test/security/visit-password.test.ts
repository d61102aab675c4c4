// Issue #15, the visit password: a catalog-scoped editor must not learn it by copying the item (and then
// read pages outside the scope with `_item_pwd`), and an unlock must not outlive a change of the password.
// Each attack is replayed through both doors, on SQLite and on MariaDB when TEST_MYSQL_URL is set.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EntityManager } from '@mikro-orm/core';
import { Item, MemberGroup, Page, User, type Catalog } from '../../db/src';
import {
  buildCatalog,
  buildItem,
  buildMember,
  buildPage,
  buildSession,
  buildUser,
} from '../support/factories';
import { testDatabases } from '../support/mysql';
import { startTestServer, TEST_CAPTCHA, type TestServer } from '../support/server';

const SOURCE_PASSWORD = 'source-secret';

describe.each(testDatabases())('the visit password, on $name', (target) => {
  let server: TestServer;
  let em: () => EntityManager;
  let ownerToken: string;
  /** Edits catalog A only. */
  let scopedToken: string;
  /** Signed in, but no member: reads the item only by unlocking it. */
  let strangerToken: string;

  beforeAll(async () => {
    server = await startTestServer(target, 'secvisitpw');
    em = () => server.db.orm.em.fork();
    const e = em();
    const owner = await buildUser(e);
    const scoped = await buildUser(e);
    const stranger = await buildUser(e);
    ownerToken = await buildSession(e, owner);
    scopedToken = await buildSession(e, scoped);
    strangerToken = await buildSession(e, stranger);
    // The owner's own private item for the scope escape; each unlock test gets an item of its own.
    scopeItem = await buildItem(e, owner, { password: SOURCE_PASSWORD });
    catA = await buildCatalog(e, scopeItem, { name: 'A' });
    const catB = await buildCatalog(e, scopeItem, { name: 'B' });
    pageB = await buildPage(e, scopeItem, { catalog: catB, title: 'Outside the scope' });
    buildMember(e, scopeItem, scoped, MemberGroup.Edit, [catA]);
    await e.flush();
    ownerId = owner.id;
  });
  afterAll(async () => server?.close());

  let scopeItem: Item;
  let catA: Catalog;
  let pageB: Page;
  let ownerId: number;

  const itemCount = () => em().count(Item, {});
  /** REST `page/info` of a visitor without a token who sends `_item_pwd`: the page's title or an error. */
  const readWithPassword = async (pageId: number, password: string) => {
    const answer = await server.form('/api/page/info', { page_id: pageId, _item_pwd: password });
    return answer.body.error_code === 0
      ? (answer.body.data.page_title as string)
      : `error ${answer.body.error_code}`;
  };

  describe('copying the item as a catalog-scoped editor', () => {
    it('through GraphQL: no copy without a new password, and the copy never shows the source password', async () => {
      const before = await itemCount();
      const refused = await server.graphql(
        'mutation($input: CopyItemInput!) { copyItem(input: $input) { id } }',
        { input: { sourceId: scopeItem.id, name: 'Escape' } },
        scopedToken,
      );
      expect(refused.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
      expect(await itemCount()).toBe(before);

      const copied = await server.graphql<{ copyItem: { id: number; password: string | null } }>(
        'mutation($input: CopyItemInput!) { copyItem(input: $input) { id password } }',
        { input: { sourceId: scopeItem.id, name: 'Escape', password: 'my-own' } },
        scopedToken,
      );
      expect(copied.errors).toBeUndefined();
      const learned = copied.data!.copyItem.password ?? '';
      expect(learned).toBe('my-own');
      expect(learned).not.toBe(SOURCE_PASSWORD);
      // The attack's last step, with whatever the copy revealed: the page outside the scope stays closed.
      expect(await readWithPassword(pageB.id, learned)).toMatch(/^error /);
      const unlocked = await server.graphql(
        'mutation($id: Int, $pw: String!, $c: String!) { unlockItem(itemId: $id, password: $pw, captchaId: 0, captcha: $c) { id } }',
        { id: scopeItem.id, pw: learned, c: TEST_CAPTCHA },
      );
      expect(unlocked.errors?.[0]?.extensions?.code).toBeDefined();
    });

    it('through REST: item/add copy_item_id asks for a new password, item/detail shows only that', async () => {
      const before = await itemCount();
      const refused = await server.form('/api/item/add', {
        copy_item_id: scopeItem.id,
        item_name: 'Escape',
        user_token: scopedToken,
      });
      expect(refused.body.error_code).toBe(10101);
      expect(await itemCount()).toBe(before);

      const added = await server.form('/api/item/add', {
        copy_item_id: scopeItem.id,
        item_name: 'Escape',
        password: 'rest-own',
        user_token: scopedToken,
      });
      expect(added.body.error_code).toBe(0);
      const detail = await server.form('/api/item/detail', {
        item_id: added.body.data.item_id,
        user_token: scopedToken,
      });
      expect(detail.body.error_code).toBe(0);
      expect(detail.body.data.password).toBe('rest-own');
      expect(await readWithPassword(pageB.id, detail.body.data.password)).toMatch(/^error /);
      // The copy holds only what the scoped editor may read: catalog A, nothing of B.
      const copy = await em().findOneOrFail(Item, { id: Number(added.body.data.item_id) });
      expect(copy.owner.id).not.toBe(ownerId);
      expect(await em().count(Page, { item: copy, title: pageB.title })).toBe(0);
    });

    it('still lets the source be read with its real password (the check is not simply closed)', async () => {
      expect(await readWithPassword(pageB.id, SOURCE_PASSWORD)).toBe(pageB.title);
    });
  });

  describe('an unlock after the owner changes the visit password', () => {
    const unlockMutation =
      'mutation($id: Int, $pw: String!, $c: String!) { unlockItem(itemId: $id, password: $pw, captchaId: 0, captcha: $c) { id } }';

    async function privateItem(): Promise<{ item: Item; page: Page }> {
      const e = em();
      const owner = await e.findOneOrFail(User, { id: ownerId });
      const item = await buildItem(e, owner, { password: 'first-pw' });
      const page = await buildPage(e, item, { title: `Private page ${item.id}` });
      return { item, page };
    }
    const readGraphQL = async (pageId: number, headers: { token?: string; cookie?: string }) => {
      const response = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(headers.token ? { authorization: `Bearer ${headers.token}` } : {}),
          ...(headers.cookie ? { cookie: headers.cookie } : {}),
        },
        body: JSON.stringify({
          query: 'query($id: Int!) { page(id: $id) { title } }',
          variables: { id: pageId },
        }),
      });
      const body = (await response.json()) as {
        data?: { page: { title: string } } | null;
        errors?: Array<{ extensions?: { code?: string } }>;
      };
      return body.data?.page.title ?? `error ${body.errors?.[0]?.extensions?.code}`;
    };
    const readRest = async (pageId: number, token: string) => {
      const answer = await server.form('/api/page/info', { page_id: pageId, user_token: token });
      return answer.body.error_code === 0
        ? (answer.body.data.page_title as string)
        : `error ${answer.body.error_code}`;
    };

    it('ends the grant of a signed-in session, on both doors (password changed through GraphQL)', async () => {
      const { item, page } = await privateItem();
      const unlocked = await server.graphql(
        unlockMutation,
        { id: item.id, pw: 'first-pw', c: TEST_CAPTCHA },
        strangerToken,
      );
      expect(unlocked.errors).toBeUndefined();
      expect(await readGraphQL(page.id, { token: strangerToken })).toBe(page.title);
      expect(await readRest(page.id, strangerToken)).toBe(page.title);

      const changed = await server.graphql(
        'mutation($id: Int!) { updateItem(id: $id, input: { password: "second-pw" }) { id } }',
        { id: item.id },
        ownerToken,
      );
      expect(changed.errors).toBeUndefined();
      expect(await readGraphQL(page.id, { token: strangerToken })).toBe('error ITEM_PASSWORD_REQUIRED');
      expect(await readRest(page.id, strangerToken)).toMatch(/^error /);

      // Unlocking again with the new password opens it again.
      const again = await server.graphql(
        unlockMutation,
        { id: item.id, pw: 'second-pw', c: TEST_CAPTCHA },
        strangerToken,
      );
      expect(again.errors).toBeUndefined();
      expect(await readGraphQL(page.id, { token: strangerToken })).toBe(page.title);
    });

    it("ends a visitor cookie's grant (password changed through REST item/update)", async () => {
      const { item, page } = await privateItem();
      const response = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: unlockMutation,
          variables: { id: item.id, pw: 'first-pw', c: TEST_CAPTCHA },
        }),
      });
      const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!;
      expect(cookie).toMatch(/^quire_visitor=./);
      expect(await readGraphQL(page.id, { cookie })).toBe(page.title);

      const changed = await server.form('/api/item/update', {
        item_id: item.id,
        password: 'second-pw',
        user_token: ownerToken,
      });
      expect(changed.body.error_code).toBe(0);
      expect(await readGraphQL(page.id, { cookie })).toBe('error ITEM_PASSWORD_REQUIRED');
    });

    it('keeps the grant when the settings are saved with the same password', async () => {
      const { item, page } = await privateItem();
      await server.graphql(unlockMutation, { id: item.id, pw: 'first-pw', c: TEST_CAPTCHA }, strangerToken);
      const saved = await server.form('/api/item/update', {
        item_id: item.id,
        item_name: 'Renamed',
        password: 'first-pw',
        user_token: ownerToken,
      });
      expect(saved.body.error_code).toBe(0);
      expect(await readGraphQL(page.id, { token: strangerToken })).toBe(page.title);
    });
  });
});
