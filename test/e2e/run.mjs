// Browser end-to-end test: the built server (dist/) and web app (web/dist/) driven through the real UI in
// the system Chromium. Run `npm run build` first; this script builds nothing.
//   node test/e2e/run.mjs
// Each scenario is one test; the last line is `E2E: N passed, N failed`, and the exit code is non-zero on
// any failure. The server and the browser are always stopped, also on failure or after the time limit.
/* global document, localStorage -- used only inside page.evaluate / waitForFunction callbacks */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { spawnServer } from '../support/spawn-server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const ARTIFACTS = path.join(ROOT, 'test-artifacts');
const SERVER_ENTRY = path.join(ROOT, 'dist', 'api', 'src', 'main.js');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
const OVERALL_TIMEOUT_MS = 120_000;
const STEP_TIMEOUT_MS = 15_000;
const CAPTCHA = 'E2E-CAPTCHA';
const ADMIN = { username: 'admin', password: 'e2e-admin-password' };

let server = null;
let browser = null;
let dataDir = null;
const results = [];

async function startServer() {
  if (!fs.existsSync(SERVER_ENTRY))
    throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first`);
  if (!fs.existsSync(path.join(ROOT, 'web', 'dist', 'index.html'))) {
    throw new Error('web/dist/index.html is missing: run `npm run build` first');
  }
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-e2e-'));
  server = await spawnServer({
    entry: SERVER_ENTRY,
    cwd: ROOT,
    timeoutMs: 30_000,
    env: {
      QUIRE_DATA_DIR: dataDir,
      QUIRE_TEST_CAPTCHA: CAPTCHA,
      QUIRE_ADMIN_USER: ADMIN.username,
      QUIRE_ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
  });
  return server.base;
}

async function stopServer() {
  if (server) await server.stop();
}

async function cleanup() {
  if (browser) await browser.close().catch(() => undefined);
  browser = null;
  await stopServer().catch(() => undefined);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  dataDir = null;
}

function report() {
  const passed = results.filter((r) => r.ok).length;
  const failed = results.length - passed;
  console.log(`E2E: ${passed} passed, ${failed} failed`);
  return failed;
}

async function scenario(page, name, body) {
  const started = Date.now();
  try {
    await body();
    results.push({ name, ok: true });
    console.log(`  ✓ ${name} (${Date.now() - started} ms)`);
  } catch (error) {
    results.push({ name, ok: false });
    console.log(
      `  ✗ ${name}\n    ${String(error?.stack ?? error)
        .split('\n')
        .slice(0, 6)
        .join('\n    ')}`,
    );
    const file = path.join(ARTIFACTS, `e2e-failure-${results.length}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    console.log(`    screenshot: ${path.relative(ROOT, file)}`);
  }
}

function expect(condition, message) {
  if (!condition) throw new Error(message);
}

async function run() {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  }
  const base = await startServer();
  // launch() starts from a fresh temporary profile (user-data dir) every time.
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

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
    await page.screenshot({ path: path.join(ARTIFACTS, 'e2e-login.png') });
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
      const visitorContext = await browser.newContext({
        locale: 'en-US',
        viewport: { width: 390, height: 844 },
      });
      visitorContext.setDefaultTimeout(STEP_TIMEOUT_MS);
      const visitor = await visitorContext.newPage();
      visitor.on('pageerror', (error) => pageErrors.push(`visitor: ${error.message}`));
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

  await scenario(page, 'the page made no uncaught script errors', async () => {
    expect(pageErrors.length === 0, `uncaught errors: ${pageErrors.join(' | ')}`);
  });
}

const guard = setTimeout(async () => {
  console.log(`  ✗ the end-to-end run exceeded ${OVERALL_TIMEOUT_MS / 1000} s`);
  results.push({ name: 'overall time limit', ok: false });
  await cleanup();
  report();
  process.exit(1);
}, OVERALL_TIMEOUT_MS);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    await cleanup();
    process.exit(1);
  });
}

let failed = 1;
try {
  console.log('E2E: browser tests against the built app');
  await run();
} catch (error) {
  results.push({ name: 'set-up', ok: false });
  console.log(`  ✗ set-up failed: ${error?.stack ?? error}`);
} finally {
  await cleanup();
  clearTimeout(guard);
  failed = report();
}
process.exit(failed > 0 ? 1 : 0);
