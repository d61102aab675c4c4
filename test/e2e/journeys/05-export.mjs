// Export (#19): the owner opens /item/export/{id}, picks Word and downloads a real .docx (an Office Open XML
// zip holding word/document.xml); a catalog can be chosen in the three-level selector, and the markdown
// zip downloads too.
import fs from 'node:fs';
import { apiSession } from '../api-session.steps.mjs';

export default async function exportJourney(t) {
  const { expect, scenario } = t;
  const stamp = Date.now().toString(36);
  const { gql, register, signedIn } = apiSession(t);

  const alice = await register(`e2e_export_${stamp}`);
  const { createItem: item } = await gql(
    'mutation($input: CreateItemInput!) { createItem(input: $input) { id } }',
    { input: { name: `E2E export ${stamp}` } },
    alice.token,
  );
  const { saveCatalog: guide } = await gql(
    'mutation($input: SaveCatalogInput!) { saveCatalog(input: $input) { id } }',
    { input: { itemId: item.id, name: 'Guide' } },
    alice.token,
  );
  await gql(
    'mutation($input: SavePageInput!) { savePage(input: $input) { id } }',
    {
      input: {
        itemId: item.id,
        catalogId: guide.id,
        title: 'Intro',
        content: '# 简介\n\n| a | b |\n|---|---|\n| 1 | 2 |\n',
      },
    },
    alice.token,
  );

  const { page } = await signedIn(alice, 'alice', { locale: 'en-US' });

  async function download(label) {
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export', exact: true }).click(),
    ]);
    const path = await file.path();
    const bytes = fs.readFileSync(path);
    expect(bytes.subarray(0, 2).toString() === 'PK', `${label}: the download should be a zip package`);
    return { name: file.suggestedFilename(), bytes };
  }

  await scenario(page, 'the export screen downloads a real .docx', async () => {
    await page.goto(`${t.base}/item/export/${item.id}`);
    await page.getByRole('heading', { name: `Export E2E export ${stamp}` }).waitFor();
    const { name, bytes } = await download('word');
    expect(/^showdoc_export_\d{14}\.docx$/.test(name), `unexpected file name ${name}`);
    // Entry names are stored uncompressed in the zip's directory.
    expect(bytes.includes(Buffer.from('word/document.xml')), 'the .docx should hold word/document.xml');
  });

  await scenario(page, 'a catalog chosen in the selector exports as a markdown zip', async () => {
    await page.getByText('Markdown zip').click();
    await page.getByRole('combobox', { name: 'Catalog' }).click();
    await page.getByRole('option', { name: 'Guide' }).click();
    const { name, bytes } = await download('markdown');
    expect(name === 'showdoc.zip', `unexpected file name ${name}`);
    expect(bytes.includes(Buffer.from('Guide/Intro.md')), 'the zip should hold Guide/Intro.md');
    await page.getByText('Downloaded showdoc.zip').waitFor();
  });
}
