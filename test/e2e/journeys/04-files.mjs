// Files (#16): a PNG pasted into the editor is uploaded and inserted as markdown, renders in the item view
// and on the page's share link (also for a visitor holding only the link); a PDF attached through the editor's attachments dialog shows on the count
// badge, a read-only member downloads it from the item view, and a stranger holding its URL gets a 404.
/* global document, window, atob, DataTransfer, ClipboardEvent, File -- used only inside page callbacks */
import { apiSession } from '../api-session.steps.mjs';

// A 1x1 PNG and a minimal PDF: real formats, so the server's type sniffing accepts them.
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
    '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

export default async function files(t) {
  const { base, expect, scenario } = t;
  const stamp = Date.now().toString(36);

  const { gql, register, signedIn } = apiSession(t);

  // A private item (visit password) of alice's with one page; carol reads it as a read-only member.
  const alice = await register(`e2e_files_a_${stamp}`);
  const carol = await register(`e2e_files_c_${stamp}`);
  const { createItem: item } = await gql(
    'mutation($input: CreateItemInput!) { createItem(input: $input) { id } }',
    { input: { name: `E2E files ${stamp}`, password: 'visit-pw-42' } },
    alice.token,
  );
  const { savePage: doc } = await gql(
    'mutation($input: SavePageInput!) { savePage(input: $input) { id } }',
    { input: { itemId: item.id, title: 'Screenshots', content: 'Before the picture.' } },
    alice.token,
  );
  await gql(
    'mutation($input: AddItemMembersInput!) { addItemMembers(input: $input) { added { id } } }',
    { input: { itemId: item.id, usernames: [carol.user.username], memberGroupId: 0 } },
    alice.token,
  );

  const { page } = await signedIn(alice, 'alice', { locale: 'en-US', cookie: true });
  const content = page.getByLabel('Page content (markdown)');
  const pagePath = `/${item.id}/${doc.id}`;
  const found = { imageUrl: '', pdfUrl: '', sharePath: '' };

  async function openEditor() {
    await page.getByRole('button', { name: 'Edit the page' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Edit page' });
    await dialog.waitFor();
    await content.waitFor();
    await page.waitForFunction(() => !!document.querySelector('textarea')?.value);
    return dialog;
  }
  async function closeEditor(dialog) {
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
  }
  /** Waits until the <img> has loaded a real picture (a failed load leaves naturalWidth at 0). */
  async function imageLoaded(target, selector) {
    await target.waitForFunction((css) => {
      const img = document.querySelector(css);
      return !!img && img.complete && img.naturalWidth > 0;
    }, selector);
  }

  await scenario(page, 'a PNG pasted into the editor is uploaded and inserted as an image', async () => {
    await page.goto(`${base}${pagePath}`);
    await page.getByRole('heading', { name: 'Screenshots' }).first().waitFor();
    const dialog = await openEditor();
    // The clipboard as a browser fills it when a screenshot is pasted: one image File in the DataTransfer.
    await content.evaluate((textarea, png) => {
      const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], 'screenshot.png', { type: 'image/png' }));
      textarea.focus();
      textarea.setSelectionRange(textarea.value.length, textarea.value.length);
      textarea.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, PNG_BASE64);
    await page.waitForFunction(() =>
      /!\[screenshot\.png\]\(\/files\/[0-9a-f]{32}\/screenshot\.png\)/.test(
        document.querySelector('textarea')?.value ?? '',
      ),
    );
    const text = await content.inputValue();
    expect(
      text.startsWith('Before the picture.'),
      `the text around the image changed: ${JSON.stringify(text)}`,
    );
    found.imageUrl = /\((\/files\/[^)]+)\)/.exec(text)[1];
    const answer = await Promise.all([
      page.waitForResponse(
        (r) => r.url().endsWith('/graphql') && (r.request().postData() ?? '').includes('"EditorSavePage"'),
      ),
      page.keyboard.press('Control+s'),
    ]).then(([response]) => response.json());
    expect(!answer.errors, `the save failed: ${JSON.stringify(answer.errors)}`);
    await closeEditor(dialog);
  });

  await scenario(page, 'the pasted image renders in the item view', async () => {
    await page.reload();
    await page.getByRole('heading', { name: 'Screenshots' }).first().waitFor();
    await imageLoaded(page, 'article img[alt="screenshot.png"]');
    await t.screenshot(page, '01-image-in-item-view');
  });

  await scenario(page, 'the pasted image renders on the /p/{key} share page', async () => {
    const { sharePage } = await gql(
      'mutation($pageId: Int!) { sharePage(pageId: $pageId, expireDays: 7) { path } }',
      { pageId: doc.id },
      alice.token,
    );
    found.sharePath = sharePage.path;
    await page.goto(`${base}${sharePage.path}`);
    await page.getByText('Before the picture.').waitFor();
    await imageLoaded(page, 'img[alt="screenshot.png"]');
  });

  const visitor = await t.newPage({ label: 'visitor' });
  await scenario(visitor.page, 'a visitor holding only the share link sees the image too', async () => {
    await visitor.page.goto(`${base}${found.sharePath}`);
    await visitor.page.getByText('Before the picture.').waitFor();
    await imageLoaded(visitor.page, 'img[alt="screenshot.png"]');
  });

  await scenario(page, "the editor's image button uploads the chosen picture", async () => {
    await page.goto(`${base}${pagePath}`);
    const editor = await openEditor();
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      editor.getByRole('button', { name: 'Upload an image (Ctrl/Cmd+K)' }).click(),
    ]);
    expect(chooser.isMultiple(), 'the image picker should take several files at once');
    await chooser.setFiles({
      name: 'toolbar.png',
      mimeType: 'image/png',
      buffer: Buffer.from(PNG_BASE64, 'base64'),
    });
    await page.waitForFunction(() =>
      /!\[toolbar\.png\]\(\/files\/[0-9a-f]{32}\/toolbar\.png\)/.test(
        document.querySelector('textarea')?.value ?? '',
      ),
    );
    await content.click();
    const [saved] = await Promise.all([
      page.waitForResponse(
        (r) => r.url().endsWith('/graphql') && (r.request().postData() ?? '').includes('"EditorSavePage"'),
      ),
      page.keyboard.press('Control+s'),
    ]);
    expect(!(await saved.json()).errors, 'the save failed');
    await closeEditor(editor);
    await imageLoaded(page, 'article img[alt="toolbar.png"]');
  });

  await scenario(page, "a PDF attached in the editor's dialog shows on the count badge", async () => {
    await page.goto(`${base}${pagePath}`);
    const editor = await openEditor();
    expect((await editor.getByTestId('attachment-count').count()) === 0, 'a badge before any attachment');
    await editor.getByRole('button', { name: 'Attachments' }).click();
    const dialog = page.getByRole('dialog', { name: 'Attachments' });
    await dialog.getByText('No attachments yet').waitFor();
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      dialog.getByRole('button', { name: 'Upload' }).click(),
    ]);
    await chooser.setFiles({ name: 'manual.pdf', mimeType: 'application/pdf', buffer: PDF });
    const download = dialog.getByRole('link', { name: 'Download manual.pdf' });
    await download.waitFor();
    found.pdfUrl = await download.getAttribute('href');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForFunction(
      () => document.querySelector('[data-testid="attachment-count"]')?.textContent?.trim() === '1',
    );
    await t.screenshot(page, '02-attachment-badge');
    await closeEditor(editor);
  });

  const zh = await signedIn(alice, 'alice-zh', { locale: 'zh-CN', cookie: true });
  await scenario(
    zh.page,
    "a refused paste keeps the text and says '图片上传失败' with the reason",
    async () => {
      await zh.page.goto(`${base}${pagePath}`);
      await zh.page.getByRole('button', { name: '编辑页面' }).first().click();
      const dialog = zh.page.getByRole('dialog', { name: '编辑页面' });
      const textarea = zh.page.getByLabel('页面内容（Markdown）');
      await textarea.waitFor();
      await zh.page.waitForFunction(() => !!document.querySelector('textarea')?.value);
      const before = await textarea.inputValue();
      // Text calling itself a PNG: the server sniffs the bytes and refuses it.
      await textarea.evaluate((element) => {
        const data = new DataTransfer();
        data.items.add(new File(['this is not a picture'], 'fake.png', { type: 'image/png' }));
        element.focus();
        element.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
        );
      });
      await zh.page.getByText('图片上传失败').waitFor();
      await zh.page.getByText(/^fake\.png: \S/).waitFor();
      expect((await textarea.inputValue()) === before, 'the refused paste changed the text');
      await dialog.getByRole('button', { name: '关闭', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
    },
  );

  const reader = await signedIn(carol, 'carol', { locale: 'en-US', cookie: true });
  await scenario(reader.page, 'a read-only member downloads the PDF from the item view', async () => {
    await reader.page.goto(`${base}${pagePath}`);
    await reader.page.getByRole('heading', { name: 'Screenshots' }).first().waitFor();
    await imageLoaded(reader.page, 'article img[alt="screenshot.png"]');
    await reader.page.getByRole('button', { name: '1 attachment' }).click();
    const dialog = reader.page.getByRole('dialog', { name: 'Attachments' });
    const link = dialog.getByRole('link', { name: 'Download manual.pdf' });
    await link.waitFor();
    expect((await dialog.getByRole('button', { name: 'Upload' }).count()) === 0, 'a reader may upload');
    expect((await dialog.getByRole('button', { name: /^Delete / }).count()) === 0, 'a reader may delete');
    const [file] = await Promise.all([reader.page.waitForEvent('download'), link.click()]);
    expect(file.suggestedFilename() === 'manual.pdf', `downloaded as ${file.suggestedFilename()}`);
    const stream = await file.createReadStream();
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(Buffer.concat(chunks).equals(PDF), 'the downloaded bytes differ from the uploaded PDF');
  });

  await scenario(
    page,
    '/attachment/index lists my files, filters them by type and fits a phone',
    async () => {
      await page.goto(`${base}/attachment/index`);
      await page.getByRole('heading', { name: 'My attachments' }).waitFor();
      const library = page.getByTestId('attachment-library');
      await library.getByRole('link', { name: 'manual.pdf' }).waitFor();
      await library.getByRole('link', { name: 'screenshot.png' }).waitFor();
      await page
        .getByTestId('attachment-usage')
        .getByText(/^Used space: \d/)
        .waitFor();
      await page.getByText('Images', { exact: true }).click();
      await library.getByRole('link', { name: 'manual.pdf' }).waitFor({ state: 'detached' });
      await library.getByRole('link', { name: 'screenshot.png' }).waitFor();
      await page.setViewportSize({ width: 390, height: 844 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow <= 0, `the page is ${overflow} px wider than a phone`);
      await t.screenshot(page, '03-library-phone');
      await page.setViewportSize({ width: 1280, height: 800 });
    },
  );

  const stranger = await t.newPage({ label: 'stranger' });
  await scenario(stranger.page, 'a stranger with the URLs gets 404 for the PDF and the image', async () => {
    expect(found.pdfUrl && found.imageUrl, 'the earlier scenarios found no file URLs');
    // The share link opened the image to its holders; without it the private item's files are closed.
    await gql('mutation($pageId: Int!) { unsharePage(pageId: $pageId) }', { pageId: doc.id }, alice.token);
    for (const url of [found.pdfUrl, found.imageUrl]) {
      const response = await stranger.context.request.get(`${base}${url}`);
      expect(response.status() === 404, `${url} answered ${response.status()} to a stranger`);
    }
  });
}
