// Write and organise: a page written in the editor with a template and a converted JSON table, saved with
// Ctrl+S, edited again, its history, diff screen and a restore; a second user who sees the edit lock live
// and cannot edit; a newer local draft restored after a reload; a stale save meeting the conflict dialog
// without losing text; copying a page; dragging a page and a catalog in the catalog manager. The md-editor
// chunk must load only once an editor opens.
/* global document, localStorage, window -- used only inside page.evaluate / waitForFunction callbacks */
import { apiSession } from '../api-session.steps.mjs';

const EDITOR_CHUNK = /MdEditorImpl|md-editor|markdown-editor/i;

export default async function writeAndOrganise(t) {
  const { base, expect, scenario } = t;
  const stamp = Date.now().toString(36);

  const { gql, register, signedIn } = apiSession(t);

  // Two users, an item of the first with two catalogs, a page in the first, and the second as editor.
  const alice = await register(`e2e_alice_${stamp}`);
  const bob = await register(`e2e_bob_${stamp}`);
  const { createItem: item } = await gql(
    'mutation($input: CreateItemInput!) { createItem(input: $input) { id } }',
    { input: { name: `E2E write ${stamp}` } },
    alice.token,
  );
  const catalog = async (name) =>
    (
      await gql(
        'mutation($input: SaveCatalogInput!) { saveCatalog(input: $input) { id } }',
        { input: { itemId: item.id, name } },
        alice.token,
      )
    ).saveCatalog.id;
  const alpha = await catalog('Alpha');
  const beta = await catalog('Beta');
  const { savePage: moving } = await gql(
    'mutation($input: SavePageInput!) { savePage(input: $input) { id } }',
    { input: { itemId: item.id, catalogId: alpha, title: 'Moving page', content: 'I move to Beta.' } },
    alice.token,
  );
  await gql(
    'mutation($input: AddItemMembersInput!) { addItemMembers(input: $input) { added { id } } }',
    { input: { itemId: item.id, usernames: [bob.user.username], memberGroupId: 1 } },
    alice.token,
  );

  const { page } = await signedIn(alice, 'alice');
  const requested = [];
  page.on('request', (request) => requested.push(request.url()));
  const editorRequests = () => requested.filter((url) => EDITOR_CHUNK.test(new URL(url).pathname));
  const editorBar = page.getByTestId('editor-bar');
  const content = page.getByLabel('Page content (markdown)');
  const written = { id: 0, path: '' };

  /** Waits for the answer to the named GraphQL operation that `action` causes. */
  async function answerTo(operation, action) {
    const [response] = await Promise.all([
      page.waitForResponse(
        (r) => r.url().endsWith('/graphql') && (r.request().postData() ?? '').includes(`"${operation}"`),
      ),
      action(),
    ]);
    return response.json();
  }
  const saveWithShortcut = async () => {
    const answer = await answerTo('EditorSavePage', () => page.keyboard.press('Control+s'));
    expect(!answer.errors, `the save failed: ${JSON.stringify(answer.errors)}`);
  };
  const closeEditor = async () => {
    const dialog = page.getByRole('dialog', { name: /^(Edit page|New page)$/ });
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
  };

  await scenario(page, 'the item list and the item view load without the md-editor chunk', async () => {
    await page.goto(`${base}/item/index`);
    await page.getByRole('link', { name: `E2E write ${stamp}`, exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith(`/${item.id}`));
    await page.getByText('Moving page').first().waitFor();
    await editorBar.waitFor();
    await page.waitForLoadState('networkidle');
    expect(editorRequests().length === 0, `editor chunk requested early: ${editorRequests().join(', ')}`);
  });

  await scenario(page, 'a new page gets the API template and a JSON table, and Ctrl+S saves it', async () => {
    await editorBar.getByRole('button', { name: 'New page' }).click();
    const dialog = page.getByRole('dialog', { name: 'New page' });
    await dialog.waitFor();
    await content.waitFor();
    expect(editorRequests().length > 0, 'opening the editor did not load the md-editor chunk');
    await dialog.getByLabel('Page title').fill('Write API');
    // The bar offers the shown page's catalog (Alpha); this page goes to the item root.
    await dialog.getByLabel('Catalog', { exact: true }).first().click();
    await page.getByRole('option', { name: 'Item root' }).click();
    await dialog.getByRole('button', { name: 'Insert', exact: true }).click();
    await page.getByRole('menuitem', { name: 'API document template' }).click();
    await dialog.getByRole('button', { name: 'Insert', exact: true }).click();
    await page.getByRole('menuitem', { name: 'JSON to table' }).click();
    const tool = page.getByRole('dialog', { name: 'JSON to table' });
    await tool.getByLabel('JSON').fill('{"user_id": 7, "nickname": "ann"}');
    await tool.getByRole('button', { name: 'Insert', exact: true }).click();
    await tool.waitFor({ state: 'hidden' });
    const text = await content.inputValue();
    expect(text.includes('##### Method'), 'the API template is missing');
    expect(/\|\s*user_id\s*\|/.test(text) && /\|\s*nickname\s*\|/.test(text), `no JSON table in ${text}`);
    // The table starts a block of its own (it once joined the template's last line).
    expect(/\n\n\|Parameter\|/.test(text), `the table is not set apart: ${JSON.stringify(text.slice(-200))}`);
    await content.click();
    await saveWithShortcut();
    await page.waitForURL(
      (url) => /^\/\d+\/\d+$/.test(url.pathname) && !url.pathname.endsWith(`/${moving.id}`),
    );
    written.path = new URL(page.url()).pathname;
    written.id = Number(written.path.split('/')[2]);
    await t.screenshot(page, '01-new-page-saved');
    await closeEditor();
    await page.getByRole('heading', { name: 'Write API' }).first().waitFor();
    await page.getByRole('cell', { name: 'user_id', exact: true }).waitFor();
  });

  await scenario(page, 'editing again saves a second version', async () => {
    await page.getByRole('button', { name: 'Edit the page' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Edit page' });
    await dialog.waitFor();
    await content.waitFor();
    await page.waitForFunction(() => !!document.querySelector('textarea')?.value);
    // The editor shows the lock it holds, with the spec's "cancel lock" button beside Save.
    await dialog.getByText('Locked by you').waitFor();
    await dialog.getByRole('button', { name: 'Cancel lock' }).waitFor();
    const before = await content.inputValue();
    await content.fill(`${before}\nSecond version line`);
    await saveWithShortcut();
    await closeEditor();
    await page.getByText('Second version line').waitFor();
  });

  await scenario(
    page,
    'history lists the first version, the diff screen compares, a restore brings it back',
    async () => {
      await editorBar.getByRole('button', { name: 'More' }).click();
      await page.getByRole('menuitem', { name: 'Page history' }).click();
      const history = page.getByRole('dialog', { name: 'History versions' });
      await history.waitFor();
      const compare = history.getByRole('link', { name: 'Compare' });
      await compare.first().waitFor();
      expect((await compare.count()) === 1, `expected one earlier version, saw ${await compare.count()}`);
      const diffHref = await compare.getAttribute('href');
      await t.screenshot(page, '02-history');

      // The link opens a new tab; this tab follows it instead.
      await history.getByRole('button', { name: 'Close', exact: true }).last().click();
      await page.goto(`${base}${diffHref}`);
      await page.getByText('Current page content').waitFor();
      await page.getByText('History version', { exact: true }).waitFor();
      await page.getByText('Second version line').first().waitFor();
      await t.screenshot(page, '03-diff');
      // Both versions as readers see them: the API template's table rendered on each side.
      await page.getByRole('radiogroup', { name: 'Show' }).getByText('As rendered').click();
      const rendered = page.getByTestId('diff-rendered');
      await rendered.locator('[data-page-content]').nth(1).waitFor();
      const tables = await rendered.locator('[data-page-content] td', { hasText: 'user_id' }).count();
      expect(tables === 2, `expected the user_id cell rendered in both versions, saw ${tables}`);
      const lines = await rendered
        .locator('[data-page-content] p', { hasText: 'Second version line' })
        .count();
      expect(lines === 1, `only the current version has the second line; rendered ${lines} times`);

      await page.goto(`${base}${written.path}`);
      await editorBar.getByRole('button', { name: 'More' }).click();
      await page.getByRole('menuitem', { name: 'Page history' }).click();
      await page
        .getByRole('dialog', { name: 'History versions' })
        .getByRole('button', { name: 'Restore' })
        .click();
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.getByText('Version restored').waitFor();
      await page.getByRole('heading', { name: 'Write API' }).first().waitFor();
      await page.getByText('Second version line').waitFor({ state: 'detached' });
    },
  );

  const { page: bobPage } = await signedIn(bob, 'bob');

  await scenario(page, 'the second user sees the lock holder live and cannot edit', async () => {
    await bobPage.goto(`${base}${written.path}`);
    await bobPage.getByRole('heading', { name: 'Write API' }).first().waitFor();
    const banner = bobPage.getByTestId('page-lock-banner');
    expect(!(await banner.isVisible()), 'a lock banner shows before anyone edits');
    await page.getByRole('button', { name: 'Edit the page' }).first().click();
    await page.getByRole('dialog', { name: 'Edit page' }).waitFor();
    await content.waitFor();
    // No reload: the banner arrives over the subscription.
    await banner.getByText(`${alice.user.username} is editing this page right now.`).waitFor();
    await t.screenshot(bobPage, '04-lock-banner');
    await bobPage.getByRole('button', { name: 'Edit the page' }).first().click();
    await bobPage.getByText(`This page is being edited by ${alice.user.username} (locking)`).waitFor();
    await bobPage.getByRole('dialog', { name: 'Edit page' }).waitFor({ state: 'hidden' });
    await t.screenshot(bobPage, '05-locking-alert');
  });

  await scenario(page, "a stale save shows both texts and keeps everyone's words", async () => {
    const current = (
      await gql('query($id: Int!) { page(id: $id) { version content } }', { id: written.id }, bob.token)
    ).page;
    await gql(
      'mutation($input: SavePageInput!) { savePage(input: $input) { version } }',
      {
        input: {
          id: written.id,
          itemId: item.id,
          title: 'Write API',
          content: `${current.content}\nBob's line from the API`,
          baseVersion: current.version,
        },
      },
      bob.token,
    );
    await content.fill(`${await content.inputValue()}\nAlice's unsaved line`);
    await page.keyboard.press('Control+s');
    const conflict = page.getByRole('dialog', { name: 'Someone saved this page meanwhile' });
    await conflict.waitFor();
    const mine = await conflict.getByRole('textbox', { name: 'Your text' }).inputValue();
    const theirs = await conflict.getByRole('textbox', { name: /^Their saved text/ }).inputValue();
    expect(mine.includes("Alice's unsaved line"), 'my text is missing from the conflict dialog');
    expect(theirs.includes("Bob's line from the API"), 'their text is missing from the conflict dialog');
    await t.screenshot(page, '06-conflict');
    await conflict.getByRole('button', { name: 'Keep mine (save over it)' }).click();
    await conflict.waitFor({ state: 'hidden' });
    const saved = await gql(
      'query($id: Int!) { page(id: $id) { content } pageHistory(pageId: $id) { content } }',
      { id: written.id },
      alice.token,
    );
    expect(saved.page.content.includes("Alice's unsaved line"), 'my text was not saved');
    expect(
      saved.pageHistory.some((version) => version.content.includes("Bob's line from the API")),
      'their text is not kept in the history',
    );
    await closeEditor();
  });

  await scenario(page, 'a reload with a newer local draft offers it, and it is restored', async () => {
    const draftText = `Draft written before the reload ${stamp}`;
    await page.evaluate(
      ({ key, text }) =>
        localStorage.setItem(
          key,
          JSON.stringify({ title: 'Write API', content: text, savedAt: Date.now() + 5000 }),
        ),
      { key: `quire.draft.${item.id}.${written.id}`, text: draftText },
    );
    await page.reload();
    await page.getByRole('button', { name: 'Edit the page' }).first().click();
    const offer = page.getByRole('dialog', { name: 'Unsaved draft' });
    await offer.waitFor();
    await t.screenshot(page, '07-draft-offer');
    await offer.getByRole('button', { name: 'Restore the draft' }).click();
    await page.waitForFunction((text) => document.querySelector('textarea')?.value === text, draftText);
    await saveWithShortcut();
    await closeEditor();
    await page.getByText(draftText).waitFor();
    const left = await page.evaluate(
      (key) => localStorage.getItem(key),
      `quire.draft.${item.id}.${written.id}`,
    );
    expect(left === null, 'the draft is still stored after saving');
  });

  await scenario(page, 'copy page makes a copy through the server and opens it', async () => {
    await editorBar.getByRole('button', { name: 'Copy page' }).click();
    const dialog = page.getByRole('dialog', { name: 'Copy page' });
    await dialog.waitFor();
    const title = dialog.getByLabel('Title of the copy');
    // The source page fills the title in, marked as a copy.
    await page.waitForFunction(() =>
      [...document.querySelectorAll('input')].some((input) => input.value === 'Write API_copy'),
    );
    await title.fill('Write API (copy)');
    await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByRole('heading', { name: 'Write API (copy)' }).first().waitFor();
    const copiedId = Number(new URL(page.url()).pathname.split('/')[2]);
    expect(copiedId > 0 && copiedId !== written.id, `the copy did not open: ${page.url()}`);
  });

  await scenario(
    page,
    'the catalog manager moves a page into another catalog and a catalog up, by keyboard',
    async () => {
      await page.goto(`${base}/catalog/${item.id}`);
      const tree = page.getByTestId('catalog-manager-tree');
      await tree.waitFor();
      const order = () =>
        tree.locator('[data-row]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-row')));
      // Each catalog row offers "sort pages" (spec §2); exact names keep the drag handles apart.
      await tree.getByRole('button', { name: 'Sort pages: Alpha', exact: true }).waitFor();
      const before = await order();
      expect(
        before.indexOf(`p${moving.id}`) === before.indexOf(`c${alpha}`) + 1 &&
          before.indexOf(`c${beta}`) > before.indexOf(`p${moving.id}`),
        `unexpected starting order ${before.join(',')}`,
      );
      // @hello-pangea/dnd's keyboard sensor: lift with Space, move with arrows, drop with Space. With
      // combining on, the first arrow lands on the neighbour (drop inside it), the next one passes it.
      const drag = async (label, key, times) => {
        await tree.getByRole('button', { name: label, exact: true }).focus();
        await page.keyboard.press('Space');
        await page.waitForTimeout(200);
        for (let i = 0; i < times; i += 1) {
          await page.keyboard.press(key);
          await page.waitForTimeout(300);
        }
        const answer = await answerTo('ManagerMoveTree', () => page.keyboard.press('Space'));
        expect(!answer.errors, `the move failed: ${JSON.stringify(answer.errors)}`);
      };
      // Onto Beta: the page moves inside it.
      await drag('Moving page', 'ArrowDown', 1);
      await t.screenshot(page, '08-page-moved');
      // Past Alpha: Beta (with its page) goes above it, still at the top level.
      await drag('Beta', 'ArrowUp', 2);
      await page.reload();
      await tree.waitFor();
      const after = await order();
      await t.screenshot(page, '09-catalog-manager-reloaded');
      expect(
        after.indexOf(`c${beta}`) < after.indexOf(`c${alpha}`) &&
          after.indexOf(`p${moving.id}`) === after.indexOf(`c${beta}`) + 1,
        `unexpected order after reload ${after.join(',')}`,
      );
      const menu = (
        await gql(
          'query($id: Int!) { itemMenu(itemId: $id) { catalogs { id pages { id } } } }',
          { id: item.id },
          alice.token,
        )
      ).itemMenu;
      expect(
        menu.catalogs[0].id === beta && menu.catalogs[0].pages.some((p) => p.id === moving.id),
        `the server's menu disagrees: ${JSON.stringify(menu.catalogs)}`,
      );
    },
  );
  await scenario(
    page,
    'a 200-character catalog name ellipsises and the catalog manager stays in the viewport',
    async () => {
      const long = `Long${'x'.repeat(196)}`;
      await catalog(long);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`${base}/catalog/${item.id}`);
        const row = page.getByText(long, { exact: true });
        await row.waitFor();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow <= 0, `at ${width} px the catalog manager is ${overflow} px wider than the viewport`);
        expect((await row.getAttribute('title')) === long, 'the full name is not offered as a tooltip');
        await t.screenshot(page, `10-long-catalog-name-${width}`);
      }
      await page.getByRole('button', { name: 'New catalog' }).first().click();
      const nameInput = page.getByRole('dialog').getByLabel('Catalog name');
      expect(
        (await nameInput.getAttribute('maxlength')) === '200',
        'the name field does not carry the limit',
      );
      await page.keyboard.press('Escape');
      await page.setViewportSize({ width: 1280, height: 800 });
    },
  );
}
