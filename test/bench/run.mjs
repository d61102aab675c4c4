// Latency benchmark of the document core: `npm run bench` (see test/bench/README.md). Not part of `npm test`.
//
// Starts the built server (building it first when dist/ is missing or older than the sources) on a free
// port with a temporary data folder, seeds one item of 2,000 pages in a 3-level catalog tree straight into
// the database, then times item/info, page/info, item/search (REST) and the GraphQL `search`, sequentially
// and concurrently, each against `common/version` (a trivial endpoint of the same server, same run).
//
//   BENCH_DATABASE_URL=mysql://root@127.0.0.1:3306/quire_bench npm run bench   # MySQL/MariaDB instead of SQLite
//   BENCH_PAGES=2000 BENCH_REQUESTS=200 BENCH_CONCURRENCY=8 npm run bench
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { spawnServer } from '../support/spawn-server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SERVER_ENTRY = path.join(ROOT, 'dist', 'server', 'src', 'main.js');
const require = createRequire(import.meta.url);

const PAGES = Number(process.env.BENCH_PAGES) || 2000;
const REQUESTS = Number(process.env.BENCH_REQUESTS) || 200;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY) || 8;
const WARMUP = 20;
const ADMIN = { username: 'admin', password: 'bench-admin-password' };
const CAPTCHA = 'BENCH-CAPTCHA';
const DATABASE_URL = process.env.BENCH_DATABASE_URL?.trim() || '';

let server = null;
let dataDir = null;

// ---------------------------------------------------------------------------------------------- build

/** Newest modification time of the TypeScript sources the server is built from. */
function newestSource() {
  let newest = 0;
  const visit = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.name.endsWith('.ts')) newest = Math.max(newest, fs.statSync(full).mtimeMs);
    }
  };
  for (const dir of ['server/src', 'api/src', 'db/src', 'compat-rest/src']) visit(path.join(ROOT, dir));
  return newest;
}

function buildIfNeeded() {
  const built = fs.existsSync(SERVER_ENTRY) ? fs.statSync(SERVER_ENTRY).mtimeMs : 0;
  if (built && built >= newestSource()) return;
  console.log('building the server (npm run build:server)...');
  try {
    execSync('npm run build:server', { cwd: ROOT, stdio: 'inherit' });
  } catch (error) {
    // tsc emits despite type errors: a half-finished file elsewhere should not stop a measurement.
    if (!fs.existsSync(SERVER_ENTRY)) throw error;
    console.warn('WARNING: the build reported errors (above); benchmarking what it emitted');
  }
  fs.utimesSync(SERVER_ENTRY, new Date(), new Date());
}

// --------------------------------------------------------------------------------------------- server

/** A MySQL database for this run: the one named in BENCH_DATABASE_URL, dropped and created again. */
async function freshMysqlDatabase(url) {
  const parsed = new URL(url);
  const name = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!/_bench$/.test(name)) {
    throw new Error(
      `BENCH_DATABASE_URL must name a scratch database ending in _bench (it is dropped), got "${name}"`,
    );
  }
  const mysql = require('mysql2/promise');
  const connection = await mysql.createConnection({
    host: parsed.hostname,
    port: Number(parsed.port || 3306),
    user: decodeURIComponent(parsed.username) || 'root',
    password: decodeURIComponent(parsed.password),
  });
  await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
  await connection.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await connection.end();
}

async function startServer() {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-'));
  if (DATABASE_URL) await freshMysqlDatabase(DATABASE_URL);
  server = await spawnServer({
    entry: SERVER_ENTRY,
    cwd: ROOT,
    timeoutMs: 60_000,
    env: {
      QUIRE_DATA_DIR: dataDir,
      QUIRE_TEST_CAPTCHA: CAPTCHA,
      QUIRE_ADMIN_USER: ADMIN.username,
      QUIRE_ADMIN_PASSWORD: ADMIN.password,
      QUIRE_WEB_DIST: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'warn',
      DATABASE_URL,
    },
  });
  return server.base;
}

async function stopServer() {
  if (server) await server.stop();
}

/** Resident memory of the server process, in MB (Linux /proc). */
function serverRssMb() {
  try {
    const status = fs.readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------- seed

const WORDS_EN = [
  'request',
  'response',
  'token',
  'header',
  'payload',
  'cursor',
  'timeout',
  'retry',
  'schema',
  'field',
];
const WORDS_ZH = [
  '接口',
  '文档',
  '参数',
  '返回',
  '示例',
  '说明',
  '用户',
  '项目',
  '目录',
  '页面',
  '错误',
  '权限',
];

/** ~1.5 kB of Markdown mixing Chinese and English, deterministic per page. */
function pageContent(n) {
  const lines = [`# 页面 ${n} Page ${n}`, ''];
  for (let i = 0; i < 24; i++) {
    const zh = WORDS_ZH[(n * 7 + i * 3) % WORDS_ZH.length];
    const en = WORDS_EN[(n * 5 + i) % WORDS_EN.length];
    lines.push(
      `- ${zh}${WORDS_ZH[(n + i) % WORDS_ZH.length]} ${en} value_${(n * 31 + i) % 997} | 说明文字 ${i}`,
    );
  }
  // A rare word in 1% of the pages, a medium one in 10%.
  if (n % 100 === 0) lines.push('', 'zebrafish 斑马鱼');
  if (n % 10 === 0) lines.push('', 'pagination 分页');
  return lines.join('\n');
}

/** One item of PAGES pages under 10 top-level catalogs × 4 × 3 (170 catalogs), written through the ORM. */
async function seed() {
  const { openDatabase, User, Item, Catalog, Page } = require(path.join(ROOT, 'dist', 'db', 'src'));
  const db = await openDatabase({ url: DATABASE_URL || undefined, dataDir });
  try {
    const em = db.orm.em.fork();
    const owner = await em.findOneOrFail(User, { username: ADMIN.username });
    const item = em.create(Item, { name: 'Bench docs', owner });
    const leaves = [];
    for (let a = 0; a < 10; a++) {
      const top = em.create(Catalog, { name: `章节 ${a}`, item, sNumber: a, level: 1 });
      leaves.push(top);
      for (let b = 0; b < 4; b++) {
        const mid = em.create(Catalog, {
          name: `Section ${a}.${b}`,
          item,
          parent: top,
          sNumber: b,
          level: 2,
        });
        leaves.push(mid);
        for (let c = 0; c < 3; c++) {
          leaves.push(
            em.create(Catalog, { name: `小节 ${a}.${b}.${c}`, item, parent: mid, sNumber: c, level: 3 }),
          );
        }
      }
    }
    await em.flush();
    const pageIds = [];
    const started = performance.now();
    for (let n = 1; n <= PAGES; n++) {
      const catalog = n % 20 === 0 ? null : leaves[n % leaves.length];
      em.create(Page, {
        item,
        catalog,
        title: `${WORDS_ZH[n % WORDS_ZH.length]} ${WORDS_EN[n % WORDS_EN.length]} ${n}`,
        content: pageContent(n),
        sNumber: n % 50,
        author: owner,
        authorName: owner.username,
      });
      if (n % 200 === 0 || n === PAGES) {
        await em.flush();
        em.clear();
      }
    }
    const rows = await em
      .getConnection()
      .execute('select id from page where item_id = ? order by id', [item.id]);
    for (const row of rows) pageIds.push(Number(row.id));
    return { itemId: item.id, pageIds, seedMs: performance.now() - started };
  } finally {
    await db.close();
  }
}

// --------------------------------------------------------------------------------------------- measure

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

/** One request; `ok` false for a transport error or a non-zero error_code / GraphQL error. */
async function timed(request) {
  const started = performance.now();
  const response = await fetch(request.url, request.init);
  const text = await response.text();
  const ms = performance.now() - started;
  let body = null;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  const code = body?.error_code;
  const ok = response.ok && (code === undefined || code === 0) && !body?.errors;
  return { ms, ok, code, status: response.status, body };
}

/** `count` requests one after another, then `count` more spread over `concurrency` workers. */
async function measure(name, makeRequest) {
  const probe = await timed(makeRequest(0));
  if (probe.code === 10404) return { name, missing: true };
  if (!probe.ok) {
    return { name, failed: `first answer: HTTP ${probe.status} ${JSON.stringify(probe.body).slice(0, 200)}` };
  }
  for (let i = 0; i < WARMUP; i++) await timed(makeRequest(i));
  const sequential = [];
  let errors = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const result = await timed(makeRequest(i));
    sequential.push(result.ms);
    if (!result.ok) errors++;
  }
  const concurrent = [];
  let next = 0;
  const wallStart = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        const i = next++;
        const result = await timed(makeRequest(i));
        concurrent.push(result.ms);
        if (!result.ok) errors++;
      }
    }),
  );
  const wallMs = performance.now() - wallStart;
  const stats = (list) => {
    const sorted = [...list].sort((a, b) => a - b);
    return { median: percentile(sorted, 50), p95: percentile(sorted, 95) };
  };
  return {
    name,
    sequential: stats(sequential),
    concurrent: stats(concurrent),
    throughput: (REQUESTS / wallMs) * 1000,
    errors,
    rssMb: serverRssMb(),
    bytes: JSON.stringify(probe.body).length,
  };
}

function form(base, route, fields) {
  return {
    url: `${base}/server/index.php?s=/api/${route}`,
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString(),
    },
  };
}

function graphql(base, token, query, variables) {
  return {
    url: `${base}/graphql`,
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables }),
    },
  };
}

function printTable(results, baseline) {
  const pad = (text, width) => String(text).padEnd(width);
  const num = (value, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : '-');
  const header = [
    'endpoint',
    'mode',
    'median ms',
    'p95 ms',
    'x base med',
    'x base p95',
    'req/s',
    'errors',
    'RSS MB',
    'answer',
  ];
  const widths = [28, 12, 10, 10, 11, 11, 8, 7, 7, 9];
  console.log(header.map((h, i) => pad(h, widths[i])).join(' '));
  console.log(widths.map((w) => '-'.repeat(w)).join(' '));
  for (const r of results) {
    if (r.missing) {
      console.log(`${pad(r.name, widths[0])} missing (10404: the endpoint is not implemented yet)`);
      continue;
    }
    if (r.failed) {
      console.log(`${pad(r.name, widths[0])} FAILED (${r.failed})`);
      continue;
    }
    for (const mode of ['sequential', `concurrent`]) {
      const s = r[mode];
      const base = baseline[mode];
      console.log(
        [
          pad(mode === 'sequential' ? r.name : '', widths[0]),
          pad(mode === 'sequential' ? 'sequential' : `${CONCURRENCY} parallel`, widths[1]),
          pad(num(s.median), widths[2]),
          pad(num(s.p95), widths[3]),
          pad(num(s.median / base.median, 1), widths[4]),
          pad(num(s.p95 / base.p95, 1), widths[5]),
          pad(mode === 'concurrent' ? num(r.throughput, 0) : '', widths[6]),
          pad(mode === 'sequential' ? r.errors : '', widths[7]),
          pad(mode === 'sequential' ? num(r.rssMb, 0) : '', widths[8]),
          pad(mode === 'sequential' ? `${Math.round(r.bytes / 1024)} kB` : '', widths[9]),
        ].join(' '),
      );
    }
  }
}

async function main() {
  buildIfNeeded();
  const base = await startServer();
  console.log(
    `server: ${base} (${DATABASE_URL ? DATABASE_URL.replace(/\/\/[^@]*@/, '//***@') : 'embedded SQLite'})`,
  );
  const { itemId, pageIds, seedMs } = await seed();
  console.log(
    `seeded ${pageIds.length} pages in 170 catalogs in ${(seedMs / 1000).toFixed(1)} s (item ${itemId})`,
  );

  const login = await timed(form(base, 'user/login', { ...ADMIN, captcha: CAPTCHA }));
  if (!login.ok) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  const token = login.body.data.user_token;
  const rssStart = serverRssMb();

  const restKeywords = ['接口', 'zebrafish', '斑马', 'pagination', '分页', 'value_42', '说明文字', 'TOKEN'];
  const graphqlQuery = `query ($q: String!, $itemId: Int) { search(query: $q, itemId: $itemId, first: 20) {
      totalCount edges { node { page { id title } item { id name } catalogPath snippet highlights { start end } } } } }`;
  const results = [];
  // Warm the server (JIT, connection pool) before the first baseline, or it reads slower than the last.
  for (let i = 0; i < 300; i++) await timed(form(base, 'common/version', {}));
  const first = await measure('common/version (baseline)', () => form(base, 'common/version', {}));
  if (!first.sequential) throw new Error(`the baseline failed: ${first.failed ?? 'missing'}`);
  results.push(first);
  results.push(
    await measure('item/info', () => form(base, 'item/info', { item_id: itemId, user_token: token })),
  );
  results.push(
    await measure('page/info', (i) =>
      form(base, 'page/info', { page_id: pageIds[(i * 7919) % pageIds.length], user_token: token }),
    ),
  );
  results.push(
    await measure('item/search (REST)', (i) =>
      form(base, 'item/search', {
        item_id: itemId,
        keyword: restKeywords[i % restKeywords.length],
        user_token: token,
      }),
    ),
  );
  results.push(
    await measure('GraphQL search', (i) =>
      graphql(base, token, graphqlQuery, { q: restKeywords[i % restKeywords.length] }),
    ),
  );
  results.push(
    await measure('item/info keyword mode', (i) =>
      form(base, 'item/info', {
        item_id: itemId,
        keyword: restKeywords[i % restKeywords.length],
        user_token: token,
      }),
    ),
  );
  // The baseline again: drift over the run shows here.
  const last = await measure('common/version (again)', () => form(base, 'common/version', {}));
  results.push(last);
  const mean = (mode, key) => (first[mode][key] + last[mode][key]) / 2;
  const baseline = Object.fromEntries(
    ['sequential', 'concurrent'].map((mode) => [
      mode,
      { median: mean(mode, 'median'), p95: mean(mode, 'p95') },
    ]),
  );

  console.log(
    `\n${REQUESTS} sequential + ${REQUESTS} concurrent requests per endpoint after ${WARMUP} warm-up; ratios against the mean of the two baseline runs\n`,
  );
  printTable(results, baseline);
  console.log(
    `\nserver RSS: ${rssStart?.toFixed(0) ?? '?'} MB after seeding, ${serverRssMb()?.toFixed(0) ?? '?'} MB at the end`,
  );
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await stopServer().catch(() => undefined);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
