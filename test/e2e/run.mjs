// Browser end-to-end tests: the built server (dist/) and web app (web/dist/) driven through the real UI in
// the system Chromium. Run `npm run build` first; this script builds nothing.
//   node test/e2e/run.mjs            every journey in test/e2e/journeys/, in file-name order
//   node test/e2e/run.mjs share      only the journeys whose file name contains "share"
// A journey is a module whose default export receives the harness (see `harness` below) and calls
// `t.scenario(page, name, body)` once per step; each scenario is one test. One server and one browser serve
// every journey; journeys start their own browser contexts and must not depend on each other. The last
// line is `E2E: N passed, N failed`, and the exit code is non-zero on any failure. The server and the
// browser are always stopped, also on failure or after the time limit.
/* global document -- used only inside the addInitScript callback, which runs in the page */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { spawnServer } from '../support/spawn-server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const JOURNEYS = path.join(ROOT, 'test', 'e2e', 'journeys');
const ARTIFACTS = path.join(ROOT, 'test-artifacts');
const SERVER_ENTRY = path.join(ROOT, 'dist', 'server', 'src', 'main.js');
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
const SET_UP_MS = 60_000;
const JOURNEY_BUDGET_MS = 150_000;
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
      // The admin journey signs in at an OAuth2/OIDC provider it starts on loopback.
      QUIRE_OUTBOUND_ALLOW_PRIVATE: 'true',
    },
  });
  return server.base;
}

async function cleanup() {
  if (browser) await browser.close().catch(() => undefined);
  browser = null;
  if (server) await server.stop().catch(() => undefined);
  server = null;
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  dataDir = null;
}

function report() {
  const passed = results.filter((r) => r.ok).length;
  const failed = results.length - passed;
  console.log(`E2E: ${passed} passed, ${failed} failed`);
  return failed;
}

function expect(condition, message) {
  if (!condition) throw new Error(message);
}

/** Everything a journey gets: the server, the browser and the step helpers. */
function harness(base, journeyName) {
  const pageErrors = [];
  const cspViolations = [];
  const contexts = [];
  const slug = journeyName.replace(/\.mjs$/, '');
  return {
    base,
    browser,
    CAPTCHA,
    ADMIN,
    ARTIFACTS,
    STEP_TIMEOUT_MS,
    expect,
    pageErrors,
    cspViolations,
    /**
     * A fresh browser context (no cookies, no storage) and a page in it; uncaught errors and breaches of the
     * server's Content-Security-Policy (Chromium's console report and the `securitypolicyviolation` event)
     * are recorded.
     */
    async newPage({ locale = 'en-US', width = 1280, height = 800, label = 'page' } = {}) {
      const context = await browser.newContext({ locale, viewport: { width, height } });
      context.setDefaultTimeout(STEP_TIMEOUT_MS);
      contexts.push(context);
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
        });
      });
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(`${label}: ${error.message}`));
      page.on('console', (message) => {
        if (/Content Security Policy|CSP violation/i.test(message.text())) {
          cspViolations.push(`${label}: ${message.text()}`);
        }
      });
      return { context, page };
    },
    /** Saves `test-artifacts/e2e-<journey>-<name>.png`. */
    async screenshot(page, name, options = {}) {
      await page.screenshot({ path: path.join(ARTIFACTS, `e2e-${slug}-${name}.png`), ...options });
    },
    async scenario(page, name, body) {
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
        const file = path.join(ARTIFACTS, `e2e-failure-${slug}-${results.length}.png`);
        await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
        console.log(`    screenshot: ${path.relative(ROOT, file)}`);
      }
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
    },
  };
}

function journeyFiles(filter) {
  return fs
    .readdirSync(JOURNEYS)
    .filter((name) => name.endsWith('.mjs') && (!filter || name.includes(filter)))
    .sort();
}

async function run(files) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  }
  const base = await startServer();
  // launch() starts from a fresh temporary profile (user-data dir) every time.
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  for (const file of files) {
    console.log(`- ${file}`);
    const journey = await import(pathToFileURL(path.join(JOURNEYS, file)).href);
    const t = harness(base, file);
    try {
      await journey.default(t);
      const { page } = await t.newPage({ label: 'errors' });
      await t.scenario(page, `${file}: the pages made no uncaught script errors`, async () => {
        expect(t.pageErrors.length === 0, `uncaught errors: ${t.pageErrors.join(' | ')}`);
      });
      await t.scenario(page, `${file}: the pages broke no Content-Security-Policy rule`, async () => {
        expect(t.cspViolations.length === 0, `CSP violations: ${t.cspViolations.join(' | ')}`);
      });
    } finally {
      await t.close();
    }
  }
}

const files = journeyFiles(process.argv[2]);
const budget = SET_UP_MS + JOURNEY_BUDGET_MS * files.length;
const guard = setTimeout(async () => {
  console.log(`  ✗ the end-to-end run exceeded ${budget / 1000} s`);
  results.push({ name: 'overall time limit', ok: false });
  await cleanup();
  report();
  process.exit(1);
}, budget);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    await cleanup();
    process.exit(1);
  });
}

let failed = 1;
try {
  console.log(`E2E: browser tests against the built app (${files.length} journeys)`);
  if (files.length === 0) throw new Error(`no journey in ${JOURNEYS} matches ${process.argv[2]}`);
  await run(files);
} catch (error) {
  results.push({ name: 'set-up', ok: false });
  console.log(`  ✗ set-up failed: ${error?.stack ?? error}`);
} finally {
  await cleanup();
  clearTimeout(guard);
  failed = report();
}
process.exit(failed > 0 ? 1 : 0);
