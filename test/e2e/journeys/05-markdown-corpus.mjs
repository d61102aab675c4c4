// The markdown corpus page (issue #22): one page holding what ShowDoc documents use (KaTeX, mermaid, flow
// and seq diagrams, highlighted code, coloured inline HTML, kbd/sub/sup, footnotes) and XSS attempts that
// would set `window.__xss` if any script ran. It is read in the item view in the light and dark schemes,
// then on its share page /p/{key}, which must render the same. The runner checks the Content-Security-
// Policy after the journey (no violation: KaTeX and mermaid write inline styles, which the CSP allows).
/* global window, document, getComputedStyle -- used only inside page.evaluate callbacks */
import fs from 'node:fs';
import path from 'node:path';
import { createPrivateItemThroughUi, graphql, registerThroughUi, stamp } from '../read-and-share.steps.mjs';

const CORPUS = [
  '# Corpus',
  '',
  'Energy: $E=mc^2$ and a block:',
  '',
  '$$',
  '\\int_0^1 x^2\\,dx = \\frac{1}{3}',
  '$$',
  '',
  'Press <kbd>Ctrl</kbd>+<kbd>S</kbd>; water is H<sub>2</sub>O, area is m<sup>2</sup>.',
  '',
  'Status: <font color="red">failed</font> and <span style="color: #0a0; position: fixed; top: 0">passed</span>.',
  '',
  '```js',
  'const answer = 42; // highlighted',
  '```',
  '',
  '```mermaid',
  'graph LR',
  '  Client-->Server',
  '```',
  '',
  '```flow',
  'st=>start: Start',
  'op=>operation: Check token',
  'cond=>condition: Valid?',
  'e=>end: Done',
  'st->op->cond',
  'cond(yes)->e',
  'cond(no)->op',
  '```',
  '',
  '```seq',
  'Title: Login',
  'Browser->Server: POST /login',
  'Server-->Browser: token',
  '```',
  '',
  '```mermaid',
  'this is not a diagram',
  '```',
  '',
  'XSS: <img src="x" onerror="window.__xss = 1"> <a href="javascript:window.__xss = 1">link</a>',
  '<svg onload="window.__xss = 1"></svg> [md](javascript:window.__xss=1)',
  '<details open ontoggle="window.__xss = 1"><summary>More</summary>Hidden part</details>',
  '',
  ...Array.from({ length: 40 }, (_, i) => `Filler paragraph ${i + 1} so that the footnote is far below.\n`),
  'The limits are documented[^limits].',
  '',
  '[^limits]: 100 requests a minute.',
].join('\n');

/** Waits for the page's markdown and all its diagrams; returns its HTML with per-render ids evened out. */
async function renderedCorpus(t, page) {
  const content = page.locator('[data-page-content]');
  await content.locator('[data-markdown-ready="true"]').waitFor();
  for (const kind of ['mermaid', 'flow', 'seq']) {
    const diagram = content.locator(`[data-diagram="${kind}"] svg`).first();
    await content
      .locator(`[data-diagram="${kind}"], [data-diagram-pending="${kind}"]`)
      .first()
      .scrollIntoViewIfNeeded();
    await diagram.waitFor();
  }
  await content.locator('[data-diagram-error="mermaid"]').waitFor();
  // Per-render ids: the diagrams' (quire-diagram-N) and Mantine's generated ones (the error box).
  return content.evaluate((element) =>
    element.innerHTML
      .replace(/quire-diagram-\d+/g, 'quire-diagram-N')
      .replace(/mantine-[a-z0-9]+/g, 'mantine-ID'),
  );
}

async function expectCorpus(t, page) {
  const { expect } = t;
  const content = page.locator('[data-page-content]');
  const html = await renderedCorpus(t, page);
  expect((await content.locator('.katex').count()) >= 2, 'no KaTeX formula');
  await content.locator('.katex-display').waitFor();
  for (const kind of ['mermaid', 'flow', 'seq']) {
    const labels = await content.locator(`[data-diagram="${kind}"] svg`).first().textContent();
    expect(labels.length > 0, `the ${kind} diagram has no text`);
  }
  const flowText = await content.locator('[data-diagram="flow"] svg').textContent();
  expect(flowText.includes('Check token'), `flow labels: ${flowText}`);
  const seqText = await content.locator('[data-diagram="seq"] svg').textContent();
  expect(seqText.includes('POST /login'), `seq labels: ${seqText}`);
  const errorBox = await content.locator('[data-diagram-error="mermaid"]').textContent();
  expect(errorBox.includes('this is not a diagram'), 'the error box does not show the source');
  const red = await content.locator('font[color="red"]').evaluate((el) => getComputedStyle(el).color);
  expect(red === 'rgb(255, 0, 0)', `<font color=red> is ${red}`);
  const green = await content.locator('span', { hasText: 'passed' }).evaluate((el) => ({
    color: getComputedStyle(el).color,
    position: getComputedStyle(el).position,
  }));
  expect(green.color === 'rgb(0, 170, 0)' && green.position === 'static', `span: ${JSON.stringify(green)}`);
  for (const [selector, text] of [
    ['kbd', 'Ctrl'],
    ['sub', '2'],
    ['sup', '2'],
  ]) {
    const found = await content.locator(selector, { hasText: text }).count();
    expect(found > 0, `no <${selector}>${text}</${selector}>`);
  }
  const risky = await content.evaluate(
    (element) =>
      element.querySelectorAll('script, iframe, [onerror], [onload], [ontoggle], a[href^="javascript"]')
        .length,
  );
  expect(risky === 0, `${risky} risky elements in the page`);
  return html;
}

/** The colour of the `const` keyword in the highlighted code block. */
const keywordColour = (page) =>
  page
    .locator('[data-page-content] pre code .hljs-keyword')
    .first()
    .evaluate((el) => getComputedStyle(el).color);

export default async function markdownCorpus(t) {
  const { base, expect, scenario } = t;
  const { page } = await t.newPage({ label: 'corpus owner' });
  const id = stamp();
  const target = {};

  await scenario(page, 'markdown: the corpus page renders math, diagrams, code and inline HTML', async () => {
    await registerThroughUi(t, page, `e2e_md_${id}`);
    const path = await createPrivateItemThroughUi(page, `E2E markdown ${id}`);
    const itemId = Number(path.slice(1));
    const saved = await graphql(page, 'mutation($input: SavePageInput!) { savePage(input: $input) { id } }', {
      input: { itemId, title: 'Corpus', content: CORPUS },
    });
    target.url = `${base}${path}/${saved.savePage.id}`;
    target.pageId = saved.savePage.id;
    target.itemId = itemId;
    await page.goto(target.url);
    target.html = await expectCorpus(t, page);
    target.light = await keywordColour(page);
    await t.screenshot(page, '01-corpus-light', { fullPage: true });
  });

  await scenario(page, 'markdown: a footnote reference jumps to its note', async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    const reference = page.locator('[data-page-content] sup a[data-footnote-ref]');
    const href = await reference.getAttribute('href');
    await reference.click();
    const hash = await page.evaluate(() => window.location.hash);
    expect(hash === href, `after the click the address ends in ${JSON.stringify(hash)}, not ${href}`);
    const box = await page.locator(`[id="${href.slice(1)}"]`).boundingBox();
    const height = page.viewportSize().height;
    expect(box && box.y >= 0 && box.y < height, `the note is at ${JSON.stringify(box)}, not in view`);
  });

  await scenario(page, "markdown: a heading's link icon copies its permalink", async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    await page.evaluate(() => window.scrollTo(0, 0));
    const heading = page.locator('[data-page-content] h1', { hasText: 'Corpus' });
    await heading.hover();
    const anchor = page.getByRole('link', { name: 'Copy the link to "Corpus"' });
    await anchor.click();
    await page.getByText('Link copied').waitFor();
    const copied = await page.evaluate(() => window.navigator.clipboard.readText());
    expect(copied === `${target.url}#h-corpus`, `copied ${JSON.stringify(copied)}`);
  });

  await scenario(page, "markdown: the editor's preview is the same renderer", async () => {
    // The full-page editor (/page/edit/{item}/{page}) uses the same preview as the modal one.
    await page.goto(`${base}/page/edit/${target.itemId}/${target.pageId}`);
    const preview = page.locator('.w-md-editor-preview [data-page-content]');
    await preview.locator('.katex-display').waitFor({ timeout: 40_000 });
    await preview.locator('font[color="red"]').waitFor();
    await preview.locator('pre code .hljs-keyword').first().waitFor();
    const diagram = preview.locator('[data-diagram="flow"], [data-diagram-pending="flow"]');
    await diagram.scrollIntoViewIfNeeded();
    await preview.locator('[data-diagram="flow"] svg').waitFor();
    await t.screenshot(page, '01b-editor-preview');
  });

  await scenario(page, 'markdown: on a phone the editor shows text and preview as tabs', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(`${base}/page/edit/${target.itemId}/${target.pageId}`);
      const tabs = page.getByRole('radiogroup', { name: 'Write or preview' });
      await tabs.waitFor();
      const text = page.getByRole('textbox', { name: 'Page content (markdown)' });
      await text.waitFor();
      // Text only: no side-by-side preview squeezing both into half a phone.
      const sideBySide = await page.locator('.w-md-editor-show-live').count();
      expect(sideBySide === 0, 'the phone editor shows text and preview side by side');
      const bold = await page.locator('.w-md-editor-toolbar button[data-name="bold"]').getAttribute('title');
      expect(bold === 'Bold (Ctrl+B)', `the bold button's tooltip is ${JSON.stringify(bold)}`);
      await tabs.getByText('Preview').click();
      await page
        .locator('.w-md-editor-preview [data-page-content] .katex-display')
        .waitFor({ timeout: 40_000 });
      expect(!(await text.isVisible()), 'the text stays visible on the preview tab');
      const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      expect(widths[0] <= widths[1], `the editor is ${widths[0]} px wide on a ${widths[1]} px screen`);
      await t.screenshot(page, '01c-phone-editor-preview');
      await tabs.getByText('Write').click();
      await text.waitFor();
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  await scenario(page, 'markdown: highlighted code and diagrams follow the dark scheme', async () => {
    await page.evaluate(() => window.localStorage.setItem('quire.color-scheme', 'dark'));
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.mantineColorScheme === 'dark');
    await renderedCorpus(t, page);
    const dark = await keywordColour(page);
    expect(dark !== target.light, `the keyword is ${dark} in both schemes`);
    await t.screenshot(page, '02-corpus-dark', { fullPage: true });
    await page.evaluate(() => window.localStorage.setItem('quire.color-scheme', 'light'));
  });

  await scenario(page, 'markdown: the share page /p/{key} renders the corpus identically', async () => {
    const { sharePage } = await graphql(
      page,
      'mutation($pageId: Int!) { sharePage(pageId: $pageId, expireDays: 7) { key } }',
      { pageId: target.pageId },
    );
    target.shareKey = sharePage.key;
    const { context, page: visitor } = await t.newPage({ label: 'corpus visitor' });
    try {
      await visitor.goto(`${base}/p/${sharePage.key}`);
      const html = await expectCorpus(t, visitor);
      if (html !== target.html) {
        fs.writeFileSync(path.join(t.ARTIFACTS, 'e2e-corpus-item-view.html'), target.html);
        fs.writeFileSync(path.join(t.ARTIFACTS, 'e2e-corpus-share-page.html'), html);
      }
      expect(
        html === target.html,
        'the share page renders the corpus differently (test-artifacts/e2e-corpus-*.html)',
      );
      await t.screenshot(visitor, '03-corpus-shared', { fullPage: true });
      const ran = await visitor.evaluate(() => window.__xss);
      expect(ran === undefined, 'a script of the corpus ran on the share page');
    } finally {
      await context.close();
    }
  });

  await scenario(page, 'markdown: on a phone the corpus stays within the screen width', async () => {
    const { context, page: phone } = await t.newPage({ label: 'corpus phone', width: 390, height: 844 });
    try {
      await phone.goto(`${base}/p/${target.shareKey}`);
      await renderedCorpus(t, phone);
      const widths = await phone.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      expect(widths[0] <= widths[1], `the page is ${widths[0]} px wide on a ${widths[1]} px screen`);
      await t.screenshot(phone, '04-corpus-phone', { fullPage: true });
    } finally {
      await context.close();
    }
  });

  await scenario(page, 'markdown: no script of the corpus ran', async () => {
    const ran = await page.evaluate(() => window.__xss);
    expect(ran === undefined, `window.__xss is ${ran}`);
  });
}
