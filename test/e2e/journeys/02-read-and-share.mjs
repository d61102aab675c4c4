/* global document, getComputedStyle, window -- used only inside page.evaluate callbacks */
// Find, read and share on a desktop screen: log in through /user/login (the account is registered first,
// in another browser context), a private item made in the UI, starred from its menu, read
// through the catalog tree; a page shared for 7 days opened by a logged-out visitor, and the private item
// opened by a visitor with its password; the item list and item view in Chinese.
// The phone version (catalog drawer) is 02-read-and-share-phone.mjs.
import {
  createPrivateItemThroughUi,
  expectTourRendered,
  loginThroughUi,
  registerThroughUi,
  shareForSevenDays,
  stamp,
  VISIT_PASSWORD,
  writePages,
} from '../read-and-share.steps.mjs';

export default async function readAndShare(t) {
  const { base, CAPTCHA, expect, scenario } = t;
  const { page } = await t.newPage({ label: 'owner' });
  const id = stamp();
  const itemName = `E2E read ${id}`;
  const item = {}; // path, id, pages
  let sharePath = null;

  await scenario(page, 'read-and-share: the owner logs in through /user/login', async () => {
    // The account comes first (the journey starts at "log in"), made where it leaves no session.
    const signup = await t.newPage({ label: 'registration' });
    let user;
    try {
      user = await registerThroughUi(t, signup.page, `e2e_rs_${id}`);
    } finally {
      await signup.context.close();
    }
    await loginThroughUi(t, page, user);
    await t.screenshot(page, '00-logged-in');
  });

  await scenario(page, 'read-and-share: a new private item shows in the item list', async () => {
    item.path = await createPrivateItemThroughUi(page, itemName);
    item.id = Number(item.path.slice(1));
    expect(Number.isInteger(item.id), `unexpected item address ${item.path}`);
    const card = page.getByTestId('item-cards');
    await card.getByLabel('Private: needs a visit password').waitFor();
    await t.screenshot(page, '01-item-list');
  });

  await scenario(
    page,
    'read-and-share: starring from the item menu lists it under "Starred items"',
    async () => {
      await page.getByRole('button', { name: `More actions for ${itemName}` }).click();
      await page.getByRole('menuitem', { name: 'Star', exact: true }).click();
      await page.getByText('Starred', { exact: true }).first().waitFor(); // the notification
      await page
        .getByRole('navigation', { name: 'Item groups' })
        .getByText('Starred items', { exact: true })
        .click();
      await page.getByTestId('item-list-heading').getByText('Starred items').waitFor();
      await page.getByRole('link', { name: itemName, exact: true }).waitFor();
      await page.getByTestId('item-cards').getByLabel('Starred', { exact: true }).waitFor();
      await t.screenshot(page, '02-starred');
    },
  );

  await scenario(page, 'read-and-share: the item opens, empty, from the list', async () => {
    await page.getByRole('link', { name: itemName, exact: true }).click();
    await page.waitForURL((url) => url.pathname === item.path);
    await page.getByText('This item has no pages yet').waitFor();
    await page.getByTestId('item-footer').waitFor();
    await t.screenshot(page, '02b-item-opened');
    item.pages = await writePages(page, item.id);
  });

  await scenario(page, 'read-and-share: a page is read through the catalog tree', async () => {
    await page.reload();
    const tree = page.getByTestId('catalog-tree');
    // The item opens on its first page (the root page "Welcome"); the catalog starts closed.
    await page.getByText('Welcome to the').waitFor();
    await tree.getByText('Guide', { exact: true }).click();
    await tree.getByRole('link', { name: 'Markdown tour' }).click();
    await page.waitForURL((url) => url.pathname === `${item.path}/${item.pages.tourId}`);
    await tree.locator('a[aria-current="page"]', { hasText: 'Markdown tour' }).waitFor();
    await expectTourRendered(t, page);
    await t.screenshot(page, '03-page-read');
  });

  await scenario(
    page,
    'read-and-share: the share dialog makes a single-page link valid for 7 days',
    async () => {
      await page.getByRole('button', { name: 'Share', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: `Link to the item "${itemName}"` }).waitFor();
      const pageLink = await dialog
        .getByRole('textbox', { name: 'Link to the page "Markdown tour"' })
        .inputValue();
      expect(
        pageLink === `${base}${item.path}/${item.pages.tourId}`,
        `the page link is ${JSON.stringify(pageLink)}`,
      );
      sharePath = await shareForSevenDays(t, page);
      await t.screenshot(page, '04-share-dialog');
      await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
      await dialog.waitFor({ state: 'detached' });
    },
  );

  await scenario(page, 'read-and-share: a logged-out visitor reads the shared page at /p/{key}', async () => {
    expect(sharePath, 'no share link was made');
    const { context, page: visitor } = await t.newPage({ label: 'share visitor' });
    try {
      await visitor.goto(`${base}${sharePath}`);
      await visitor.getByRole('heading', { name: 'Markdown tour', level: 1 }).waitFor();
      await expectTourRendered(t, visitor);
      await visitor.getByText(/This link works until/).waitFor();
      // The page alone: no catalog of the item.
      expect((await visitor.getByTestId('catalog-tree').count()) === 0, 'the shared page shows the tree');
      await t.screenshot(visitor, '05-shared-page-visitor');
    } finally {
      await context.close();
    }
  });

  await scenario(page, 'read-and-share: a visitor opens the private item with its password', async () => {
    const { context, page: visitor } = await t.newPage({ label: 'password visitor' });
    const target = `${item.path}/${item.pages.tourId}`;
    try {
      await visitor.goto(`${base}${target}`);
      await visitor.waitForURL((url) => url.pathname === `/item/password/${item.id}`);
      expect(new URL(visitor.url()).searchParams.get('redirect') === target, `at ${visitor.url()}`);
      await visitor.getByLabel('Visit password').fill(VISIT_PASSWORD);
      await visitor.getByLabel('Captcha', { exact: true }).fill(CAPTCHA);
      await t.screenshot(visitor, '06-password-screen');
      await visitor.getByLabel('Captcha', { exact: true }).press('Enter');
      await visitor.waitForURL((url) => url.pathname === target);
      await expectTourRendered(t, visitor);
      await visitor.getByRole('link', { name: 'Log in' }).waitFor();
      await t.screenshot(visitor, '07-private-item-visitor');
    } finally {
      await context.close();
    }
  });

  await scenario(page, 'read-and-share: the item list and item view switch to Chinese', async () => {
    await page.goto(`${base}/item/index`);
    await page.getByRole('button', { name: '中文' }).click();
    await page.getByRole('heading', { name: '我的项目' }).waitFor();
    await page.getByRole('button', { name: '新建项目' }).waitFor();
    await page.getByRole('navigation', { name: '项目分组' }).getByText('所有项目').waitFor();
    await t.screenshot(page, '08-item-list-zh');
    await page.goto(`${base}${item.path}/${item.pages.tourId}`);
    await page.getByRole('navigation', { name: '目录' }).waitFor();
    await page.getByRole('button', { name: '分享', exact: true }).waitFor();
    await expectTourRendered(t, page);
    await t.screenshot(page, '09-item-view-zh');
    // Back to English for whoever reuses the account's browser.
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Share', exact: true }).waitFor();
  });
  await scenario(page, 'read-and-share: printing shows the page alone, in one column', async () => {
    await page.goto(`${base}${item.path}/${item.pages.tourId}`);
    await expectTourRendered(t, page);
    await page.emulateMedia({ media: 'print' });
    try {
      const printed = await page.evaluate(() => {
        const shown = (selector) =>
          [...document.querySelectorAll(selector)].some((node) => node.getBoundingClientRect().width > 0);
        const article = document.querySelector('[data-testid="page-article"]');
        return {
          header: shown('.mantine-AppShell-header'),
          tree: shown('.mantine-AppShell-navbar'),
          toc: shown('nav'),
          buttons: shown('button'),
          articleWidth: article ? article.getBoundingClientRect().width : 0,
          viewport: window.innerWidth,
          chain: (() => {
            const out = [];
            for (let node = article; node && node !== document.body; node = node.parentElement) {
              out.push(
                `${node.className}:${Math.round(node.getBoundingClientRect().width)}:${getComputedStyle(node).paddingLeft}`,
              );
            }
            return out;
          })(),
        };
      });
      expect(
        !printed.header && !printed.tree && !printed.toc && !printed.buttons,
        `chrome is printed: ${JSON.stringify(printed)}`,
      );
      expect(
        printed.articleWidth > printed.viewport * 0.8,
        `the article is not one full column: ${JSON.stringify(printed)}`,
      );
    } finally {
      await page.emulateMedia({ media: 'screen' });
    }
  });
}
