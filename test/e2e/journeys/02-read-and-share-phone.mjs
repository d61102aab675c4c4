// Find, read and share on a phone (390×844): the same journey as 02-read-and-share.mjs, with the group
// chips of the item list and the catalog in a drawer from the right; the visitors' screens in Chinese.
import {
  createPrivateItemThroughUi,
  expectTourRendered,
  poll,
  registerThroughUi,
  shareForSevenDays,
  stamp,
  VISIT_PASSWORD,
  writePages,
} from '../read-and-share.steps.mjs';

const PHONE = { width: 390, height: 844 };

/** Opens the catalog drawer, checks it covers 80% of the width from the right, and picks a page. */
async function pickPageInDrawer(t, page, { openLabel, catalog, pageTitle }) {
  await page.getByRole('button', { name: openLabel }).click();
  const drawer = page.getByRole('dialog');
  const tree = drawer.getByTestId('catalog-tree');
  await tree.waitFor();
  // Once it has slid in: flush with the right edge, 80% of the width.
  const content = page.locator('.mantine-Drawer-content');
  const box = await poll(async () => {
    const current = await content.boundingBox();
    return current && Math.abs(current.x + current.width - PHONE.width) <= 1 ? current : null;
  });
  t.expect(box && Math.abs(box.width - PHONE.width * 0.8) <= 2, `the drawer is at ${JSON.stringify(box)}`);
  await tree.getByText(catalog, { exact: true }).click();
  await tree.getByRole('link', { name: pageTitle }).click();
  await drawer.waitFor({ state: 'detached' }); // picking a page closes the drawer
}

export default async function readAndSharePhone(t) {
  const { base, CAPTCHA, expect, scenario } = t;
  const { page } = await t.newPage({ ...PHONE, label: 'phone owner' });
  const id = stamp();
  const itemName = `E2E phone ${id}`;
  const item = {};
  let sharePath = null;

  await scenario(page, 'read-and-share (phone): a private item made on a phone is starred', async () => {
    await registerThroughUi(t, page, `e2e_rsp_${id}`);
    item.path = await createPrivateItemThroughUi(page, itemName);
    item.id = Number(item.path.slice(1));
    expect(Number.isInteger(item.id), `unexpected item address ${item.path}`);
    await page.getByRole('button', { name: `More actions for ${itemName}` }).click();
    await page.getByRole('menuitem', { name: 'Star', exact: true }).click();
    await page.getByText('Starred', { exact: true }).first().waitFor(); // the notification
    // On a phone the groups are a row of chips above the list.
    await page
      .getByRole('navigation', { name: 'Item groups' })
      .getByRole('button', { name: 'Starred items' })
      .click();
    await page.getByTestId('item-list-heading').getByText('Starred items').waitFor();
    await page.getByRole('link', { name: itemName, exact: true }).waitFor();
    await t.screenshot(page, '01-starred');
    item.pages = await writePages(page, item.id);
  });

  await scenario(page, 'read-and-share (phone): a page is picked in the catalog drawer', async () => {
    await page.getByRole('link', { name: itemName, exact: true }).click();
    await page.waitForURL((url) => url.pathname === item.path);
    await page.getByText('Welcome to the').waitFor();
    // The side catalog is hidden on a phone: the header button opens it as a drawer.
    const side = await page.getByTestId('catalog-tree').first().boundingBox();
    expect(!side || side.x + side.width <= 0, `the side catalog shows at ${JSON.stringify(side)}`);
    await t.screenshot(page, '02-item-view');
    await pickPageInDrawer(t, page, {
      openLabel: 'Open the catalog',
      catalog: 'Guide',
      pageTitle: 'Markdown tour',
    });
    await page.waitForURL((url) => url.pathname === `${item.path}/${item.pages.tourId}`);
    await expectTourRendered(t, page);
    await t.screenshot(page, '03-page-read');
  });

  await scenario(page, 'read-and-share (phone): the page gets a 7-day single-page link', async () => {
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    sharePath = await shareForSevenDays(t, page);
    await t.screenshot(page, '04-share-dialog');
  });

  await scenario(page, 'read-and-share (phone): a Chinese visitor reads the shared page', async () => {
    expect(sharePath, 'no share link was made');
    const { context, page: visitor } = await t.newPage({ ...PHONE, locale: 'zh-CN', label: 'zh visitor' });
    try {
      await visitor.goto(`${base}${sharePath}`);
      await visitor.getByRole('heading', { name: 'Markdown tour', level: 1 }).waitFor();
      await expectTourRendered(t, visitor);
      await visitor.getByText(/此链接有效期至/).waitFor();
      await visitor.getByRole('link', { name: '登录' }).waitFor();
      await t.screenshot(visitor, '05-shared-page-zh');
    } finally {
      await context.close();
    }
  });

  await scenario(
    page,
    'read-and-share (phone): a Chinese visitor opens the private item and reads a page from the drawer',
    async () => {
      const { context, page: visitor } = await t.newPage({ ...PHONE, locale: 'zh-CN', label: 'zh visitor' });
      try {
        await visitor.goto(`${base}${item.path}`);
        await visitor.waitForURL((url) => url.pathname === `/item/password/${item.id}`);
        await visitor.getByRole('heading', { name: '私密项目' }).waitFor();
        await visitor.getByLabel('访问密码').fill(VISIT_PASSWORD);
        await visitor.getByLabel('验证码', { exact: true }).fill(CAPTCHA);
        await t.screenshot(visitor, '06-password-screen-zh');
        await visitor.getByRole('button', { name: '进入', exact: true }).click();
        await visitor.waitForURL((url) => url.pathname === item.path);
        await visitor.getByText('Welcome to the').waitFor();
        await pickPageInDrawer(t, visitor, {
          openLabel: '打开目录',
          catalog: 'Guide',
          pageTitle: 'Markdown tour',
        });
        await expectTourRendered(t, visitor);
        await t.screenshot(visitor, '07-private-item-zh');
      } finally {
        await context.close();
      }
    },
  );
}
