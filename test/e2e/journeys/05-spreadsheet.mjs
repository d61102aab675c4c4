// Spreadsheet items (issue #20): A creates a spreadsheet item, types in cells on two sheets, merges two
// cells; the grid saves by itself (checked through the API and after a reload, where the merge is drawn,
// also one stored without its cell's span); B, an editor, opens it and sees A's name as the lock holder,
// and gets the grid when A leaves; A imports an .xlsx with merges and widths, exports it back, and the
// workbook read with exceljs has the same values, merges and widths; a sheet using every feature of the
// format goes through the grid and back with only the edit changed.
/* global document -- used only inside page.evaluate callbacks, which run in the page */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import { apiSession } from '../api-session.steps.mjs';

const PAGE_QUERY = 'query($id: Int!) { page(id: $id) { title content version } }';

export default async function spreadsheet(t) {
  const { base, scenario } = t;
  const stamp = Date.now().toString(36);
  const { gql, register, signedIn } = apiSession(t);

  const alice = await register(`e2e_sheet_a_${stamp}`);
  const bob = await register(`e2e_sheet_b_${stamp}`);
  const { createItem: item } = await gql(
    'mutation($input: CreateItemInput!) { createItem(input: $input) { id } }',
    { input: { name: `E2E sheet ${stamp}`, type: 4 } },
    alice.token,
  );
  await gql(
    'mutation($input: AddItemMembersInput!) { addItemMembers(input: $input) { added { id } } }',
    { input: { itemId: item.id, usernames: [bob.user.username], memberGroupId: 1 } },
    alice.token,
  );
  const { item: withMenu } = await gql(
    'query($id: Int!) { item(id: $id) { menu { pages { id } } } }',
    { id: item.id },
    alice.token,
  );
  const pageId = withMenu.menu.pages[0].id;
  const stored = async () =>
    JSON.parse((await gql(PAGE_QUERY, { id: pageId }, alice.token)).page.content || '[]');
  const waitStored = async (check, what) => {
    for (let i = 0; i < 40; i++) {
      const sheets = await stored();
      if (check(sheets)) return sheets;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error(`the grid did not save ${what}`);
  };
  const cellText = (sheets, s, r, c) => sheets[s]?.rows?.[String(r)]?.cells?.[String(c)]?.text;

  const { page } = await signedIn(alice, 'alice');
  const overlay = () => page.locator('.x-spreadsheet-overlayer').first();
  // Cell centres: a 60 px index column, a 25 px header row, 100 × 25 px cells.
  const cell = (r, c) => ({ x: 60 + c * 100 + 50, y: 25 + r * 25 + 12 });
  const typeInto = async (r, c, text) => {
    await overlay().click({ position: cell(r, c) });
    // The first key opens the grid's cell editor; the rest go into it once it has the focus.
    await page.keyboard.press(text[0]);
    await page.locator('.x-spreadsheet-editor textarea').first().waitFor();
    await page.waitForTimeout(100);
    await page.keyboard.type(text.slice(1), { delay: 20 });
    await page.keyboard.press('Enter');
  };

  // The grid is a canvas: a merged cell is painted over the grid line between its columns, which stays
  // unpainted (transparent) between two separate cells.
  const paintedAt = (r, c) =>
    page.evaluate(
      ({ x, y }) => {
        const canvas = document.querySelector('[data-testid="sheet-grid"] canvas.x-spreadsheet-table');
        if (!canvas) return 0;
        const ratio = canvas.width / canvas.getBoundingClientRect().width;
        const pixel = canvas
          .getContext('2d')
          .getImageData(Math.round(x * ratio), Math.round(y * ratio), 1, 1);
        return pixel.data[3];
      },
      { x: 60 + (c + 1) * 100, y: 25 + r * 25 + 12 },
    );
  const drawnMerged = async (r, c) => {
    let alpha = 0;
    for (let i = 0; i < 20 && alpha === 0; i++) {
      alpha = await paintedAt(r, c);
      if (alpha === 0) await page.waitForTimeout(250);
    }
    assert.ok(alpha > 0, `the cell at row ${r + 1}, column ${c + 1} is drawn merged with the next column`);
    // The control: A2 and B2 are separate cells, the line between them unpainted.
    assert.equal(await paintedAt(1, 0), 0);
  };

  await scenario(
    page,
    'A types in cells on two sheets and merges two cells; the grid saves by itself',
    async () => {
      await page.goto(`${base}/${item.id}`);
      await page.locator('[data-testid="sheet-grid"][data-editable="true"]').waitFor();
      await overlay().waitFor();
      await typeInto(0, 0, 'Alpha');
      await typeInto(1, 0, 'Beta');
      await overlay().click({ position: cell(0, 0) });
      await overlay().click({ position: cell(0, 1), modifiers: ['Shift'] });
      await page.locator('.x-spreadsheet-toolbar-btn[data-tooltip^="Merge cells"]').first().click();
      await page
        .locator('.x-spreadsheet-bottombar .x-spreadsheet-icon', {
          has: page.locator('.x-spreadsheet-icon-img.add'),
        })
        .first()
        .click();
      await typeInto(0, 0, 'Gamma');
      const sheets = await waitStored(
        (s) => s.length === 2 && cellText(s, 1, 0, 0) === 'Gamma' && (s[0].merges ?? []).includes('A1:B1'),
        'both sheets and the merge',
      );
      assert.equal(cellText(sheets, 0, 0, 0), 'Alpha');
      assert.equal(cellText(sheets, 0, 1, 0), 'Beta');
      await page.locator('[data-testid="sheet-status"][data-status="saved"]').waitFor();
    },
  );

  await scenario(page, 'after a reload the grid shows the saved sheets', async () => {
    await page.reload();
    await page.locator('[data-testid="sheet-grid"][data-editable="true"]').waitFor();
    const sheets = await stored();
    assert.equal(sheets.length, 2);
    await page.locator('.x-spreadsheet-bottombar li', { hasText: sheets[1].name }).first().waitFor();
    assert.deepEqual(sheets[0].merges, ['A1:B1']);
    assert.deepEqual(sheets[0].rows['0'].cells['0'].merge, [0, 1]);
    await drawnMerged(0, 0);
  });

  await scenario(
    page,
    "a stored merge without its cell's span (as ShowDoc's API writers leave it) is drawn merged after a reload",
    async () => {
      const { page: current } = await gql(PAGE_QUERY, { id: pageId }, alice.token);
      const sheets = JSON.parse(current.content);
      delete sheets[0].rows['0'].cells['0'].merge;
      await gql(
        'mutation($input: SavePageInput!) { savePage(input: $input) { version } }',
        {
          input: {
            id: pageId,
            itemId: item.id,
            title: current.title,
            content: JSON.stringify(sheets),
            baseVersion: current.version,
          },
        },
        alice.token,
      );
      await page.reload();
      await page.locator('[data-testid="sheet-grid"][data-editable="true"]').waitFor();
      await drawnMerged(0, 0);
      // Opening it saved nothing: the page is still the version the API wrote.
      await page.waitForTimeout(5500);
      assert.equal((await gql(PAGE_QUERY, { id: pageId }, alice.token)).page.version, current.version + 1);
    },
  );

  const { page: bobPage } = await signedIn(bob, 'bob');
  await scenario(
    bobPage,
    "B opens the spreadsheet and sees A's name as the lock holder, read-only",
    async () => {
      await bobPage.goto(`${base}/${item.id}`);
      await bobPage.getByTestId('sheet-lock-holder').getByText(alice.user.username).waitFor();
      await bobPage.locator('[data-testid="sheet-grid"][data-editable="false"]').waitFor();
    },
  );

  await scenario(bobPage, "when A leaves the spreadsheet, B's grid turns editable by itself", async () => {
    // A's screen releases the lock on leave; B, told over the subscription, takes it.
    await page.goto(`${base}/item/index`);
    await bobPage.locator('[data-testid="sheet-grid"][data-editable="true"]').waitFor();
    assert.equal(await bobPage.getByTestId('sheet-lock-holder').count(), 0);
    await bobPage.goto(`${base}/item/index`);
    await page.goto(`${base}/${item.id}`);
    await page.locator('[data-testid="sheet-grid"][data-editable="true"]').waitFor();
  });

  await scenario(page, 'A imports an .xlsx with merges and widths and exports it back the same', async () => {
    const source = new ExcelJS.Workbook();
    const ws = source.addWorksheet('Imported');
    ws.getCell('A1').value = 'Quarter';
    ws.getCell('B1').value = 'Revenue';
    ws.getCell('A2').value = 'Q1';
    ws.getCell('B2').value = 1200;
    ws.mergeCells('A3:B4');
    ws.getCell('A3').value = 'merged note';
    ws.getColumn(1).width = 24;
    ws.getColumn(2).width = 13.5;
    source.addWorksheet('Second').getCell('C3').value = 'other sheet';
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'quire-e2e-sheet-')), 'fixture.xlsx');
    await source.xlsx.writeFile(file);

    page.once('dialog', (dialog) => void dialog.accept());
    const chooser = page.waitForEvent('filechooser');
    // A failed click must fail this step, not leave a rejection that ends the whole run.
    chooser.catch(() => undefined);
    await page.getByTestId('sheet-import').click();
    await (await chooser).setFiles(file);
    await page.getByText('Workbook imported').waitFor();
    const sheets = await waitStored((s) => s[0]?.name === 'Imported', 'the import');
    assert.deepEqual(sheets[0].merges, ['A3:B4']);

    const downloaded = page.waitForEvent('download');
    downloaded.catch(() => undefined);
    await page.getByTestId('sheet-export-xlsx').click();
    const saved = path.join(path.dirname(file), 'export.xlsx');
    await (await downloaded).saveAs(saved);
    const back = new ExcelJS.Workbook();
    await back.xlsx.readFile(saved);
    const out = back.getWorksheet('Imported');
    assert.equal(out.getCell('A1').value, 'Quarter');
    assert.equal(out.getCell('B2').value, 1200);
    assert.equal(out.getCell('A3').value, 'merged note');
    assert.deepEqual(out.model.merges, ['A3:B4']);
    assert.equal(out.getColumn(1).width, 24);
    assert.equal(out.getColumn(2).width, 13.5);
    assert.equal(back.getWorksheet('Second').getCell('C3').value, 'other sheet');
  });

  await scenario(page, 'the history dialog shows the import as cell changes', async () => {
    await page.getByTestId('sheet-history-button').click();
    const table = page.getByTestId('sheet-cell-changes');
    await table.getByText('Quarter').first().waitFor();
    await table.getByText('A1').first().waitFor();
    await page.keyboard.press('Escape');
  });

  await scenario(
    page,
    "a sheet using every feature of ShowDoc's format goes through the grid and back unchanged but for the edit",
    async () => {
      const fixture = fs.readFileSync(
        path.join(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/sheets/every-feature.json'),
        'utf8',
      );
      const { createItem: other } = await gql(
        'mutation($input: CreateItemInput!) { createItem(input: $input) { id } }',
        { input: { name: `E2E every feature ${stamp}`, type: 4 } },
        alice.token,
      );
      const { item: otherMenu } = await gql(
        'query($id: Int!) { item(id: $id) { menu { pages { id title } } } }',
        { id: other.id },
        alice.token,
      );
      const otherPage = otherMenu.menu.pages[0];
      await gql(
        'mutation($input: SavePageInput!) { savePage(input: $input) { version } }',
        { input: { id: otherPage.id, itemId: other.id, title: otherPage.title, content: fixture } },
        alice.token,
      );
      await page.goto(`${base}/${other.id}`);
      await page.locator('[data-testid="sheet-grid"][data-editable="true"]').waitFor();
      await overlay().waitFor();
      // E10 of the first sheet: columns A and B are 140 and 220 px wide, row 1 is 40 px high.
      await overlay().click({ position: { x: 60 + 140 + 220 + 100 + 100 + 50, y: 25 + 40 + 8 * 25 + 12 } });
      await page.keyboard.press('r');
      await page.locator('.x-spreadsheet-editor textarea').first().waitFor();
      await page.waitForTimeout(100);
      await page.keyboard.type('oundtrip', { delay: 20 });
      await page.keyboard.press('Enter');
      let stored = null;
      for (let i = 0; i < 40 && !stored; i++) {
        const { page: current } = await gql(PAGE_QUERY, { id: otherPage.id }, alice.token);
        const sheets = JSON.parse(current.content);
        if (sheets[0]?.rows?.['9']?.cells?.['4']?.text === 'roundtrip') stored = sheets;
        else await new Promise((r) => setTimeout(r, 500));
      }
      assert.ok(stored, 'the grid saved the edit');
      const expected = JSON.parse(fixture);
      expected[0].rows['9'] = { cells: { 4: { text: 'roundtrip' } } };
      assert.deepEqual(stored, expected);
    },
  );
}
