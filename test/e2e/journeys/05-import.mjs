// Import (#19): the owner opens an item's Import dialog from its manage menu, picks a Postman collection
// into this item and drops an OpenAPI file into a new item, sees the progress and the result link, and
// opens an imported page; a zip with a `../` entry is refused with the clear error and changes nothing.
/* global window, document, DataTransfer, File, DragEvent, MutationObserver -- used only inside page callbacks, which run in the page */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import yazl from 'yazl';
import { apiSession } from '../api-session.steps.mjs';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'import', 'fixtures');

/**
 * A zip whose one entry climbs out of the archive (`../evil.md`). yazl refuses to write such a name, so the
 * entry is written as `xx/evil.md` and the name's bytes (same length, in both headers) replaced.
 */
function traversalZip() {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from('# evil\n'), 'xx/evil.md');
  zip.end();
  const chunks = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (c) => chunks.push(c));
    zip.outputStream.on('end', () => {
      const bytes = Buffer.concat(chunks);
      const safe = Buffer.from('xx/evil.md');
      for (let at = bytes.indexOf(safe); at >= 0; at = bytes.indexOf(safe, at + 1)) {
        bytes.write('../evil.md', at, 'latin1');
      }
      resolve(bytes);
    });
    zip.outputStream.on('error', reject);
  });
}

export default async function importJourney(t) {
  const { expect, scenario } = t;
  const stamp = Date.now().toString(36);
  const { gql, register, signedIn } = apiSession(t);

  const alice = await register(`e2e_import_${stamp}`);
  const itemName = `E2E import ${stamp}`;
  const { createItem: item } = await gql(
    'mutation($input: CreateItemInput!) { createItem(input: $input) { id } }',
    { input: { name: itemName } },
    alice.token,
  );
  await gql(
    'mutation($input: SavePageInput!) { savePage(input: $input) { id } }',
    { input: { itemId: item.id, title: 'Welcome', content: 'before the import' } },
    alice.token,
  );

  /** Page titles of an item's menu, catalog paths included (`Users/Auth/Login 登录`). */
  async function titlesOf(itemId) {
    const level = (depth) =>
      depth ? `id name pages { title } catalogs { ${level(depth - 1)} }` : 'id name pages { title }';
    const { item: found } = await gql(
      `query($id: Int!) { item(id: $id) { menu { pages { title } catalogs { ${level(3)} } } } }`,
      { id: itemId },
      alice.token,
    );
    const out = found.menu.pages.map((p) => p.title);
    const walk = (catalogs, prefix) => {
      for (const c of catalogs ?? []) {
        out.push(...c.pages.map((p) => `${prefix}${c.name}/${p.title}`));
        walk(c.catalogs, `${prefix}${c.name}/`);
      }
    };
    walk(found.menu.catalogs, '');
    return out.sort();
  }
  async function itemCount() {
    const { myItems } = await gql('{ myItems(first: 100) { edges { node { id } } } }', {}, alice.token);
    return myItems.edges.length;
  }

  const { page } = await signedIn(alice, 'alice', { locale: 'en-US' });

  async function openImportDialog() {
    await page.goto(`${t.base}/${item.id}`);
    await page.getByRole('button', { name: 'Manage the item' }).click();
    await page.getByRole('menuitem', { name: 'Import' }).click();
    await page.getByRole('dialog', { name: `Import into ${itemName}` }).waitFor();
    // The progress line may show for a moment only: the page records whether it ever appeared.
    await page.evaluate(() => {
      window.__importProgressSeen = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="import-progress"]')) window.__importProgressSeen = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
  }
  async function expectProgressSeen() {
    expect(
      await page.evaluate(() => window.__importProgressSeen),
      'the import should show its progress while it runs',
    );
  }

  await scenario(page, 'a Postman collection picked in the Import dialog goes into this item', async () => {
    await openImportDialog();
    await page.getByTestId('import-file').setInputFiles(path.join(FIXTURES, 'postman-v2.1.json'));
    await page.getByText('postman-v2.1.json').waitFor();
    await page.getByRole('radio', { name: `This item (${itemName})` }).check();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByTestId('import-done').waitFor({ timeout: 30_000 });
    await expectProgressSeen();
    const titles = await titlesOf(item.id);
    expect(titles.includes('Welcome'), 'the page written before stays');
    expect(titles.includes('Users/Auth/Login 登录'), `the nested request is a page: ${titles.join(', ')}`);
    await page.getByTestId('import-open').click();
    await page.waitForURL(new RegExp(`/${item.id}(\\?|/|$)`));
    // The menu shows the imported tree (read again after the import): the folders are catalogs.
    await page.getByText('Users', { exact: true }).click();
    await page.getByText('Auth', { exact: true }).click();
    await page.getByText('Login 登录').first().click();
    await page.getByText('Signs a user in').first().waitFor();
  });

  await scenario(page, 'an OpenAPI file dropped on the dialog becomes a new item', async () => {
    const before = await itemCount();
    await openImportDialog();
    const yaml = fs.readFileSync(path.join(FIXTURES, 'petstore-3.0.yaml'), 'utf8');
    await page
      .getByRole('button', { name: 'Drop a file here or click to choose one' })
      .evaluate((zone, text) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([text], 'petstore-3.0.yaml', { type: 'application/yaml' }));
        zone.dispatchEvent(
          new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }),
        );
      }, yaml);
    await page.getByText('petstore-3.0.yaml').waitFor();
    await page.getByRole('radio', { name: 'A new item' }).check();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByTestId('import-done').waitFor({ timeout: 30_000 });
    await expectProgressSeen();
    expect((await itemCount()) === before + 1, 'one new item');
    const href = await page.getByTestId('import-open').getAttribute('href');
    const newId = Number(/\/(\d+)$/.exec(href ?? '')?.[1]);
    expect(newId > 0 && newId !== item.id, `the result links the new item, not this one: ${href}`);
    expect(
      (await titlesOf(newId)).some((title) => title.endsWith('Find pet by ID')),
      'an operation page',
    );
    await page.getByTestId('import-open').click();
    await page.waitForURL(new RegExp(`/${newId}(\\?|/|$)`));
    await page.getByText('Find pet by ID').first().click();
    await page.getByText('/pet/{petId}').first().waitFor();
  });

  await scenario(
    page,
    'a zip with a ../ entry is refused with the clear error and changes nothing',
    async () => {
      const titles = await titlesOf(item.id);
      const items = await itemCount();
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'quire-e2e-import-')), 'evil.zip');
      fs.writeFileSync(file, await traversalZip());
      for (const target of [`This item (${itemName})`, 'A new item']) {
        await openImportDialog();
        await page.getByTestId('import-file').setInputFiles(file);
        await page.getByRole('radio', { name: target }).check();
        await page.getByRole('button', { name: 'Import', exact: true }).click();
        await page.getByTestId('import-error').getByText('The ZIP file contains an unsafe path').waitFor();
      }
      expect(JSON.stringify(await titlesOf(item.id)) === JSON.stringify(titles), 'this item is unchanged');
      expect((await itemCount()) === items, 'no new item');
    },
  );
}
