// Accounts and the first item: register, log out, a wrong password, log in, create an item, and a
// visitor opening a private item with its password.
/* global document, localStorage -- used only inside page.evaluate / waitForFunction callbacks */

export default async function accounts(t) {
  const { base, CAPTCHA, expect, scenario } = t;
  const { page } = await t.newPage();

  const user = { username: `e2e_${Date.now().toString(36)}`, password: 'e2e-Secret-42' };
  const captchaSrc = () => page.locator('img[alt^="Captcha image"]').getAttribute('src');

  await scenario(
    page,
    'an anonymous visitor of /item/index is sent to the login page with a redirect',
    async () => {
      await page.goto(`${base}/item/index`);
      await page.waitForURL((url) => url.pathname === '/user/login');
      expect(
        new URL(page.url()).searchParams.get('redirect') === '/item/index',
        `unexpected URL ${page.url()}`,
      );
      await page.getByRole('heading', { name: 'Log in' }).waitFor();
    },
  );

  await scenario(page, 'registering a new account lands on the item list', async () => {
    await page.goto(`${base}/user/register`);
    await page.getByLabel('Username', { exact: true }).fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Password again', { exact: true }).fill(user.password);
    await page.getByLabel('Captcha', { exact: true }).fill(CAPTCHA);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL((url) => url.pathname === '/item/index');
    await page.getByText('No items yet').waitFor();
    const shown = await page.getByTestId('shell-username').textContent();
    expect(shown === user.username, `the header shows ${JSON.stringify(shown)}`);
  });

  await scenario(page, 'logging out from the user menu clears the session and goes to /', async () => {
    await page.getByRole('button', { name: 'User center' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Log in / Register' }).waitFor();
    const token = await page.evaluate(() => localStorage.getItem('quire.token'));
    expect(token === null, 'the token is still in local storage');
  });

  await scenario(page, 'a wrong password shows an error and a new captcha', async () => {
    await page.goto(`${base}/user/login`);
    await page.locator('img[alt^="Captcha image"]').waitFor();
    const before = await captchaSrc();
    await page.getByLabel('Username or e-mail', { exact: true }).fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByLabel('Captcha', { exact: true }).fill(CAPTCHA);
    await page.getByLabel('Captcha', { exact: true }).press('Enter');
    await page.getByText('Wrong username or password').waitFor();
    expect(new URL(page.url()).pathname === '/user/login', `left the login page: ${page.url()}`);
    await page.waitForFunction((old) => {
      const img = document.querySelector('img[alt^="Captcha image"]');
      return img && img.getAttribute('src') !== old;
    }, before);
  });

  await scenario(page, 'logging in through /user/login shows the username in the shell', async () => {
    await page.goto(`${base}/user/login`);
    await page.getByLabel('Username or e-mail', { exact: true }).fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Captcha', { exact: true }).fill(CAPTCHA);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/item/index');
    const shown = await page.getByTestId('shell-username').textContent();
    expect(shown === user.username, `the header shows ${JSON.stringify(shown)}`);
    expect(
      !(await page.getByRole('link', { name: 'Admin console' }).isVisible()),
      'a new user sees the admin link',
    );
    await t.screenshot(page, 'login');
  });

  const openItem = { name: `E2E docs ${Date.now().toString(36)}` };
  await scenario(page, 'an item created through the UI shows in the list and opens empty', async () => {
    await page.goto(`${base}/item/index`);
    await page.getByRole('button', { name: 'New item' }).click();
    await page.getByLabel('Item name').fill(openItem.name);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const link = page.getByRole('link', { name: openItem.name, exact: true });
    await link.waitFor();
    openItem.path = await link.getAttribute('href');
    await link.click();
    await page.waitForURL((url) => url.pathname === openItem.path);
    await page.getByText('This item has no pages yet').waitFor();
    const title = await page.getByTestId('item-title').textContent();
    expect(title === openItem.name, `the item view shows ${JSON.stringify(title)}`);
  });

  await scenario(
    page,
    'a private item asks a visitor for its password and opens after the right one',
    async () => {
      const name = `E2E private ${Date.now().toString(36)}`;
      const visitPassword = 'visit-42';
      await page.goto(`${base}/item/index`);
      await page.getByRole('button', { name: 'New item' }).click();
      await page.getByLabel('Item name').fill(name);
      await page.getByLabel('Private: readers need a password').check();
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      await page.getByText('Private item: please set a visit password').waitFor();
      await page.getByLabel('Visit password').fill(visitPassword);
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      const itemPath = await page.getByRole('link', { name, exact: true }).getAttribute('href');

      // A visitor: a fresh context without the session.
      const { context: visitorContext, page: visitor } = await t.newPage({
        width: 390,
        height: 844,
        label: 'visitor',
      });
      try {
        await visitor.goto(`${base}${itemPath}`);
        await visitor.waitForURL((url) => url.pathname.startsWith('/item/password/'));
        expect(
          new URL(visitor.url()).searchParams.get('redirect') === itemPath,
          `unexpected URL ${visitor.url()}`,
        );
        await visitor.getByLabel('Visit password').fill('not-it');
        await visitor.getByLabel('Captcha', { exact: true }).fill(CAPTCHA);
        await visitor.getByRole('button', { name: 'Open', exact: true }).click();
        await visitor.getByText('The visit password is wrong').waitFor();
        await visitor.getByLabel('Visit password').fill(visitPassword);
        await visitor.getByLabel('Captcha', { exact: true }).fill(CAPTCHA);
        await visitor.getByLabel('Captcha', { exact: true }).press('Enter');
        await visitor.waitForURL((url) => url.pathname === itemPath);
        await visitor.getByText('This item has no pages yet').waitFor();
        await visitor.getByRole('link', { name: 'Log in' }).waitFor();
      } finally {
        await visitorContext.close();
      }
    },
  );
}
