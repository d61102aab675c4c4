// Issue #17's "done when": the administrator creates a user, edits their name, finds and transfers an item,
// turns registration off, turns the public square on and finds a public item by a word of its content,
// sets home page 3 and sees `/` jump to that item; then a user signs in through a real OpenID Connect
// provider (oidc-provider, started here) from the login page's button.
/* global localStorage -- used only inside page.evaluate callbacks */
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PROVIDER = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'support',
  'oidc-provider.mjs',
);

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startProvider(redirectUri) {
  const port = await freePort();
  const child = spawn(process.execPath, [PROVIDER, String(port), redirectUri], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`provider did not start: ${output}`)), 15_000);
    const collect = (chunk) => {
      output += chunk.toString();
      if (output.includes('READY')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
  });
  return { port, stop: () => child.kill('SIGTERM') };
}

export default async function admin(t) {
  const { base, ADMIN, CAPTCHA, expect, scenario } = t;
  const { page } = await t.newPage({ label: 'admin' });
  const stamp = Date.now().toString(36);
  const newUser = { username: `staff_${stamp}`, password: 'Staff-pass-42' };
  const word = `zebrafish${stamp}`;
  let token = '';
  let itemId = 0;
  /** The site settings before this journey changed them (null: never saved), put back at its end. */
  let siteBefore = null;

  const rest = async (route, fields) => {
    const response = await fetch(`${base}/server/index.php?s=/api/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ user_token: token, ...fields }).toString(),
    });
    return response.json();
  };
  const openPanel = async (name) => {
    await page.getByRole('tab', { name }).click();
  };
  const saveSettings = async () => {
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Saved').first().waitFor();
  };

  await scenario(page, 'the administrator signs in and an item with a page exists', async () => {
    await page.goto(`${base}/user/login`);
    await page.getByLabel('Username or e-mail', { exact: true }).fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByLabel('Captcha', { exact: true }).fill(CAPTCHA);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/item/index');
    token = await page.evaluate(() => localStorage.getItem('quire.token'));
    const loaded = await rest('adminSetting/loadConfig', {});
    siteBefore = Array.isArray(loaded.data) ? null : loaded.data;
    const added = await rest('item/add', { item_name: `Square ${stamp}`, item_description: 'A public item' });
    itemId = added.data.item_id;
    const saved = await rest('page/save', {
      item_id: itemId,
      page_title: 'Intro',
      page_content: `About the ${word} protocol`,
    });
    expect(saved.error_code === 0, `page/save answered ${JSON.stringify(saved)}`);
  });

  await scenario(page, 'the console creates a user and edits their name', async () => {
    await page.goto(`${base}/admin/index`);
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Username/ }).fill(newUser.username);
    await dialog.locator('input[type="password"]').fill(newUser.password);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('textbox', { name: 'Username, e-mail or uid' }).fill(newUser.username);
    await page.getByRole('textbox', { name: 'Username, e-mail or uid' }).press('Enter');
    await page.getByRole('button', { name: `Edit user ${newUser.username}` }).click();
    const edit = page.getByRole('dialog');
    await edit.getByLabel('Name', { exact: true }).fill('Staff Member');
    await edit.getByRole('button', { name: 'Confirm' }).click();
    await edit.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'Staff Member' }).waitFor();
    await t.screenshot(page, 'users');
  });

  await scenario(page, 'the console finds the item and transfers it without a password', async () => {
    await openPanel('Items');
    await page.getByRole('textbox', { name: 'Item name' }).fill(`Square ${stamp}`);
    await page.getByRole('textbox', { name: 'Item name' }).press('Enter');
    await page.getByRole('button', { name: `Transfer Square ${stamp}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('New owner (username)').fill(newUser.username);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: newUser.username }).waitFor();
  });

  await scenario(
    page,
    'turning registration off hides the register link and refuses user/register',
    async () => {
      await openPanel('Site settings');
      await page.getByLabel('Open registration', { exact: true }).uncheck();
      await saveSettings();
      const { page: visitor } = await t.newPage({ label: 'visitor' });
      await visitor.goto(`${base}/user/login`);
      await visitor.getByRole('heading', { name: 'Log in' }).waitFor();
      expect(
        (await visitor.getByRole('link', { name: 'Register' }).count()) === 0,
        'the register link is shown',
      );
      const answer = await fetch(`${base}/server/index.php?s=/api/user/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          username: `late_${stamp}`,
          password: 'x-123456',
          confirm_password: 'x-123456',
          captcha: CAPTCHA,
        }).toString(),
      }).then((r) => r.json());
      expect(answer.error_code === 10101, `user/register answered ${JSON.stringify(answer)}`);
    },
  );

  await scenario(
    page,
    'with the public square on, a visitor finds the item by a word of its content',
    async () => {
      await page.getByLabel('Public square', { exact: true }).check();
      await saveSettings();
      const { page: visitor } = await t.newPage({ label: 'square', width: 390, height: 844 });
      await visitor.goto(`${base}/public-square`);
      await visitor.getByText('Content', { exact: true }).click();
      await visitor.getByRole('textbox', { name: 'Search public items' }).fill(word);
      await visitor.getByRole('textbox', { name: 'Search public items' }).press('Enter');
      const card = visitor.getByRole('link', { name: new RegExp(`Square ${stamp}`) });
      await card.waitFor();
      expect(
        (await card.getAttribute('href')) === `/${itemId}`,
        `the card opens ${await card.getAttribute('href')}`,
      );
      await t.screenshot(visitor, 'square-phone');
    },
  );

  await scenario(page, 'home page 3 makes / open the chosen item', async () => {
    await page.getByLabel('Home page', { exact: true }).first().click();
    await page.getByRole('option', { name: 'Open an item' }).click();
    await page.getByLabel('Item opened at /', { exact: true }).first().click();
    await page.getByRole('option', { name: `Square ${stamp}` }).click();
    await saveSettings();
    const { page: visitor } = await t.newPage({ label: 'home' });
    await visitor.goto(`${base}/`);
    await visitor.waitForURL((url) => url.pathname === `/${itemId}`);
  });

  await scenario(
    page,
    'a user signs in through the OpenID Connect provider from the login button',
    async () => {
      const callback = `${base}/server/?s=/api/extLogin/oauth2`;
      const provider = await startProvider(callback);
      try {
        const saved = await fetch(`${base}/server/index.php?s=/api/adminSetting/saveOauth2Config`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            user_token: token,
            oauth2_open: 1,
            oauth2_form: {
              redirectUri: callback,
              entrance_tips: 'Sign in with Test SSO',
              client_id: 'quire',
              client_secret: 'quire-secret',
              protocol: 'http',
              host: `127.0.0.1:${provider.port}`,
            },
          }),
        }).then((r) => r.json());
        expect(saved.error_code === 0, `saveOauth2Config answered ${JSON.stringify(saved)}`);
        const { page: visitor } = await t.newPage({ label: 'oauth2' });
        await visitor.goto(`${base}/user/login`);
        await visitor.getByRole('link', { name: 'Sign in with Test SSO' }).click();
        await visitor.locator('input[name="login"]').fill(`sso_${stamp}`);
        await visitor.locator('input[name="password"]').fill('any-password');
        await visitor.locator('button[type="submit"]').click();
        await visitor.locator('button[type="submit"]').click();
        await visitor.waitForURL((url) => url.pathname === '/item/index');
        const shown = await visitor.getByTestId('shell-username').textContent();
        expect(shown === `sso_${stamp}`, `the header shows ${JSON.stringify(shown)}`);
      } finally {
        provider.stop();
      }
    },
  );
  // Journeys must not depend on each other: later ones register users and open `/`, so registration, the
  // home page, the square and OAuth2 go back to how this journey found them.
  await scenario(page, 'the site settings are put back as they were', async () => {
    const { oss_setting: _oss, ...settings } = siteBefore ?? { register_open: '1', home_page: '1' };
    const restored = await rest('adminSetting/saveConfig', settings);
    expect(restored.error_code === 0, `saveConfig answered ${JSON.stringify(restored)}`);
    const closed = await fetch(`${base}/server/index.php?s=/api/adminSetting/saveOauth2Config`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_token: token, oauth2_open: 0, oauth2_form: {} }),
    }).then((r) => r.json());
    expect(closed.error_code === 0, `saveOauth2Config answered ${JSON.stringify(closed)}`);
    const check = await rest('adminSetting/loadConfig', {});
    expect(check.data.register_open === '1', `registration stays closed: ${JSON.stringify(check.data)}`);
  });
}
