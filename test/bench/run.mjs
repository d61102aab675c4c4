// Throughput benchmark of issue #14: `npm run bench` (see test/bench/README.md). Not part of `npm test`.
//
// Seeds the dataset (dataset.mjs) through the domain services once per database, starts the BUILT server
// through test/support/spawn-server.mjs, and drives it over keep-alive HTTP with autocannon at c=16 and c=64,
// next to a raw Node `http` ceiling in its own process. Prints and writes a markdown table with the goals.
//
//   npm run bench                                   # SQLite, and MariaDB too when TEST_MYSQL_URL is set
//   npm run bench -- --quick                        # 2 s cells, c=16 only (smoke)
//   npm run bench -- --only 'page/info|page$' --db sqlite --duration 20 --out /tmp/bench.md
//   npm run bench -- --profile /tmp/prof --only 'item/info A$'   # one --cpu-prof'd server per cell
//   npm run bench -- --only upload --quick          # the upload probe alone (issue #16's memory bound)
//   npm run bench -- --node-args='--max-semi-space-size=8' --only stall   # V8 flags for the server (A/B)
import { fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { spawnServer } from '../support/spawn-server.mjs';
import {
  BENCH_PASSWORD,
  BENCH_USER,
  KEYWORDS,
  SAVE_POOL,
  buildDataset,
  pageMarkdown,
  prng,
} from './dataset.mjs';
import { analyseProfiles } from './profile.mjs';
import { STALL_GOALS, evaluate, markdownTable, percentile } from './report.mjs';
import { preparedDatabase } from './seed.mjs';
import { canDecompress, decompress, readAnswer, send } from './send.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..', '..');
const SERVER_ENTRY = path.join(ROOT, 'dist', 'server', 'src', 'main.js');
const require = createRequire(import.meta.url);
const autocannon = require('autocannon');

/**
 * autocannon keeps each answer's body as text (`body += chunk`), decoding every chunk as UTF-8: 200 µs of
 * its CPU per 300 kB menu and ~600 µs per 55 kB of compressed bytes (invalid UTF-8 is its slow path). On a
 * 2-core machine the load generator then set the pace of the large cells, not the server. The bench reads
 * each byte as one character instead (latin1, no decoding): every check of a body during a cell is an
 * ASCII prefix or pattern (`{"error_code":0`, `{"data"`, `"version":12`), which reads the same.
 */
const PipelinedRequestsQueue = require('autocannon/lib/pipelinedRequestsQueue.js');
if (typeof PipelinedRequestsQueue.prototype.addBody !== 'function')
  throw new Error('autocannon changed: PipelinedRequestsQueue.addBody is gone (see run.mjs)');
PipelinedRequestsQueue.prototype.addBody = function addBody(data) {
  const req = this.peek();
  if (req) req.body += data.latin1Slice(0, data.length);
};
/** A body as autocannon now holds it (one character per byte), as the UTF-8 text it was sent as. */
const bodyText = (body) => Buffer.from(String(body), 'latin1').toString('utf8');

const { values: flags } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    db: { type: 'string' },
    duration: { type: 'string' },
    out: { type: 'string', default: path.join(ROOT, 'test-artifacts', 'bench.md') },
    profile: { type: 'string' },
    'no-stall': { type: 'boolean', default: false },
    'node-args': { type: 'string', default: '' },
    'no-redis': { type: 'boolean', default: false },
  },
});
const DURATION = Number(flags.duration ?? (flags.quick ? 2 : 10));
const WARMUP = flags.quick ? 1 : 2;
const CONNECTIONS = flags.quick || flags.profile ? [16] : [16, 64];
/** Flags for the server's Node (an A/B of a V8 flag), after server/node-flags.json's: a later one wins. */
const NODE_ARGS = flags['node-args'].split(/\s+/).filter(Boolean);
const ONLY = flags.only ? new RegExp(flags.only) : null;
const MYSQL_URL = process.env.TEST_MYSQL_URL?.trim() || '';
/**
 * MariaDB runs as deployed (docker-compose): with Redis, which holds its commit clock (kept reads) and
 * rate-limit counters. `--no-redis` measures it alone.
 */
const MYSQL_REDIS_URL = flags['no-redis']
  ? ''
  : process.env.BENCH_REDIS_URL?.trim() || 'redis://127.0.0.1:6379';
const DATABASES = flags.db
  ? [flags.db]
  : flags.profile
    ? ['sqlite']
    : MYSQL_URL
      ? ['sqlite', 'mysql']
      : ['sqlite'];
if (!Number.isFinite(DURATION) || DURATION <= 0)
  throw new Error(`--duration: seconds, got ${flags.duration}`);
for (const db of DATABASES) {
  if (db !== 'sqlite' && db !== 'mysql') throw new Error(`--db: sqlite or mysql, got ${db}`);
  if (db === 'mysql' && !MYSQL_URL)
    throw new Error('--db mysql needs TEST_MYSQL_URL (mysql://root@127.0.0.1:3306/<prefix>)');
}
const CAPTCHA = 'BENCH-CAPTCHA';
const METRICS_TOKEN = 'bench-metrics-token';
const log = (...args) => console.log(...args);

// ------------------------------------------------------------------------------------------ requests

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const form = (route, fields) => ({
  method: 'POST',
  path: `/server/index.php?s=/api/${route}`,
  headers: { ...FORM },
  body: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString(),
});
/**
 * What Chromium sends as Accept-Encoding, on every request of the web app and of ShowDoc's web client: the
 * cells of the large answers (the menus, 120–300 kB of JSON) send it, as a browser does, and must get their
 * answer compressed (`compressed: true`). Without it those cells measured the load generator reading 300 kB
 * per answer (the server at 40–65 % of a core); the stall probe's readers still ask for plain JSON.
 */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const graphql = (token, query, variables) => ({
  method: 'POST',
  path: '/graphql',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  body: JSON.stringify({ query, variables }),
});

// The web client's documents (web/src/features/*/*.graphql), inlined so the bench needs no codegen.
const Q = {
  me: 'query Me { me { id username name email groupId isAdmin createdAt lastLoginAt } }',
  myItems: `query MyItems($groupId: Int!) { myItems(filter: { groupId: $groupId }, first: 200) { totalCount
    pageInfo { hasNextPage endCursor } edges { node { id name description domain type isPrivate isArchived
    lastUpdateAt owner { id username } } } } }`,
  menu: `fragment P on MenuPage { id title catalogId isDraft sNumber }
    fragment C on MenuCatalog { id name level parentId pages { ...P } }
    query ItemView($id: Int) { item(id: $id) { id name description domain type isPrivate isArchived lastUpdateAt
      owner { id username } viewerRights { visit edit manage isOwner archived editScope }
      menu { defaultCatalogPath pages { ...P } catalogs { ...C catalogs { ...C catalogs { ...C } } } } } }`,
  page: `query PageView($id: Int!) { page(id: $id) { id itemId title content authorName updatedAt attachmentCount
    catalogId path { id name } } }`,
  search: `query SearchPages($query: String!, $itemId: Int, $first: Int) { search(query: $query, itemId: $itemId,
    first: $first) { totalCount edges { node { snippet highlights { start end } titleHighlights { start end }
    catalogPath item { id name domain type } page { id title } } } } }`,
  savePage: `mutation EditorSavePage($input: SavePageInput!) { savePage(input: $input) { id itemId title content
    catalogId version updatedAt createdAt authorName path { id name } } }`,
};

/** 60 page bodies (2–6 kB) that saves rotate through, each save made unique by a revision line. */
const SAVE_BODIES = Array.from({ length: 60 }, (_, i) => pageMarkdown(prng(0xb0d1 + i), `Revision ${i}`));

/**
 * A pool of pages to update: each save takes a page no other connection is saving (a connection has one
 * request in flight) and gives it back with its new version, so GraphQL's baseVersion never conflicts.
 */
class SavePool {
  constructor(pages, seed) {
    this.free = pages.map((p) => ({ ...p }));
    this.rand = prng(seed);
    this.revision = 0;
  }
  take() {
    const i = Math.floor(this.rand() * this.free.length);
    const page = this.free[i];
    this.free[i] = this.free[this.free.length - 1];
    this.free.pop();
    return page;
  }
  give(page, body) {
    const version = /"version":(\d+)/.exec(body ?? '');
    if (version) page.version = Number(version[1]);
    this.free.push(page);
  }
  content() {
    return `${SAVE_BODIES[this.revision % SAVE_BODIES.length]}\n\nrev ${++this.revision}`;
  }
}

/**
 * The cells. Each yields requests through `next()` (with an opaque `ticket` handed back to `done()`), and
 * `check(json)` says what a correct first answer looks like, so a broken endpoint cannot look fast.
 */
function buildCells(ctx) {
  const { token, items, savePages, itemIds } = ctx;
  const A = items.A;
  const pageRand = prng(0x9a9e);
  const randomPage = () => A.pageIds[Math.floor(pageRand() * A.pageIds.length)];
  const rest = (route, fields) => () => ({ request: form(route, { ...fields, user_token: token }) });
  const restOk = (json) => json.error_code === 0;
  const gqlOk = (json) => !json.errors && json.data;
  const cells = [];
  const cell = (spec) => cells.push({ kind: 'read', done: () => {}, ...spec });
  const keywordCount = (lang) => (json) =>
    restOk(json) && countMenuPages(json.data.menu) === KEYWORDS[lang].pages;
  let keywordTurn = 0;
  const nextKeyword = () => (keywordTurn++ % 2 === 0 ? KEYWORDS.en.word : KEYWORDS.zh.word);

  cell({
    door: 'REST',
    endpoint: 'user/info',
    next: rest('user/info', {}),
    check: (j) => restOk(j) && j.data.username === BENCH_USER,
  });
  cell({
    door: 'REST',
    endpoint: 'item/myList',
    next: rest('item/myList', {}),
    check: (j) => restOk(j) && j.data.length === 11,
  });
  cell({
    door: 'REST',
    endpoint: 'item/info A',
    compressed: true,
    next: rest('item/info', { item_id: A.id }),
    check: (j) => restOk(j) && countMenuPages(j.data.menu) === 2000,
  });
  cell({
    door: 'REST',
    endpoint: 'page/info',
    next: () => ({ request: form('page/info', { page_id: randomPage(), user_token: token }) }),
    check: (j) => restOk(j) && j.data.page_content.length > 1000,
  });
  for (const lang of ['en', 'zh']) {
    cell({
      door: 'REST',
      endpoint: `item/info A keyword ${lang}`,
      compressed: true,
      next: rest('item/info', { item_id: A.id, keyword: KEYWORDS[lang].word }),
      check: keywordCount(lang),
    });
  }
  cell({
    door: 'REST',
    endpoint: 'item/search',
    next: () => ({
      request: form('item/search', { item_id: A.id, keyword: nextKeyword(), user_token: token }),
    }),
    check: (j) => restOk(j) && JSON.stringify(j.data).includes(KEYWORDS.en.word),
  });
  const restPool = new SavePool(savePages, 0x5a1);
  cell({
    door: 'REST',
    endpoint: 'page/save',
    kind: 'write',
    // As the web client sends it: everything the editor shows, content URL-encoded with is_urlencode=1.
    next: () => {
      const page = restPool.take();
      const request = form('page/save', {
        page_id: page.id,
        item_id: A.id,
        cat_id: page.catalogId ?? 0,
        page_title: page.title,
        page_content: encodeURIComponent(restPool.content()),
        is_urlencode: 1,
        s_number: page.sNumber,
        page_comments: '',
        user_token: token,
      });
      return { request, ticket: page };
    },
    done: (page, body) => restPool.give(page, body),
    check: (j) => restOk(j) && Number(j.data.page_id) > 0,
  });

  cell({
    door: 'GraphQL',
    endpoint: 'me',
    next: () => ({ request: graphql(token, Q.me, {}) }),
    check: (j) => gqlOk(j) && j.data.me.username === BENCH_USER,
  });
  cell({
    door: 'GraphQL',
    endpoint: 'myItems',
    next: () => ({ request: graphql(token, Q.myItems, { groupId: 0 }) }),
    check: (j) => gqlOk(j) && j.data.myItems.totalCount === itemIds.length,
  });
  cell({
    door: 'GraphQL',
    endpoint: 'item { menu } A',
    compressed: true,
    next: () => ({ request: graphql(token, Q.menu, { id: A.id }) }),
    check: (j) => gqlOk(j) && countMenuPages(j.data.item.menu) === 2000,
  });
  cell({
    door: 'GraphQL',
    endpoint: 'page',
    next: () => ({ request: graphql(token, Q.page, { id: randomPage() }) }),
    check: (j) => gqlOk(j) && j.data.page.content.length > 1000,
  });
  cell({
    door: 'GraphQL',
    endpoint: 'search',
    next: () => ({ request: graphql(token, Q.search, { query: nextKeyword(), itemId: A.id, first: 20 }) }),
    check: (j) =>
      gqlOk(j) &&
      [KEYWORDS.en.pages, KEYWORDS.zh.pages].includes(j.data.search.totalCount) &&
      j.data.search.edges.length === 20,
  });
  const gqlPool = new SavePool(savePages, 0x5a2);
  cell({
    door: 'GraphQL',
    endpoint: 'savePage',
    kind: 'write',
    prepare: async (base) => {
      // Versions moved on with the REST saves (and earlier runs on a kept MariaDB seed): read them in
      // aliased queries of 25 pages, under the server's limits (30 aliases, 2,000 tokens a document).
      for (let i = 0; i < gqlPool.free.length; i += 25) {
        const chunk = gqlPool.free.slice(i, i + 25);
        const query = `query { ${chunk.map((p) => `p${p.id}: page(id: ${p.id}) { version }`).join(' ')} }`;
        const json = await (await send(base, graphql(token, query, {}))).json;
        if (!json?.data)
          throw new Error(`page versions: ${JSON.stringify(json?.errors ?? json).slice(0, 300)}`);
        for (const page of chunk) page.version = json.data[`p${page.id}`].version;
      }
    },
    next: () => {
      const page = gqlPool.take();
      const input = {
        id: page.id,
        itemId: A.id,
        catalogId: page.catalogId,
        title: page.title,
        content: gqlPool.content(),
        baseVersion: page.version,
      };
      return { request: graphql(token, Q.savePage, { input }), ticket: page };
    },
    done: (page, body) => gqlPool.give(page, body),
    check: (j) => gqlOk(j) && j.data.savePage.version > 1,
  });
  for (const c of cells) c.name = `${c.door} ${c.endpoint}${c.compressed ? ' (compressed)' : ''}`;
  return cells;
}

/** Pages in a menu (REST `menu` or GraphQL `menu`): root pages plus every catalog's, recursively. */
function countMenuPages(menu) {
  if (!menu) return -1;
  const inCatalogs = (list) =>
    (list ?? []).reduce((n, c) => n + (c.pages?.length ?? 0) + inCatalogs(c.catalogs), 0);
  return (menu.pages?.length ?? 0) + inCatalogs(menu.catalogs);
}

/** CPU seconds (user + system) `pid` has used so far, from /proc/<pid>/stat (clock ticks of 10 ms). */
function cpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/**
 * Waits until the server has finished the requests a stopped load generator left behind (closing a
 * connection does not cancel its request), so they do not eat into the next cell: until it uses under
 * 5 % of a core for half a second, for a minute at most. With `base`, first until the search index holds
 * every saved page (`quire_search_index_backlog_pages` in /metrics, for two minutes at most): MariaDB's gram
 * indexer and SQLite's index thread catch up with a save cell after it, and that work belongs to the saves,
 * not to the next cell's reads.
 */
async function drained(pid, base) {
  if (base) await searchIndexSettled(base);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const before = cpuSeconds(pid);
    await new Promise((r) => setTimeout(r, 500));
    if (!(cpuSeconds(pid) - before > 0.025)) return;
  }
}

/** Waits until /metrics reports no page waiting for the search index (two minutes at most). */
async function searchIndexSettled(base) {
  const deadline = Date.now() + 120_000;
  const started = Date.now();
  let backlog = 0;
  while (Date.now() < deadline) {
    const answer = await send(base, {
      method: 'GET',
      path: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    backlog = Number(/^quire_search_index_backlog_pages (\S+)$/m.exec(answer.text)?.[1] ?? 0);
    if (!(backlog > 0)) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const waited = (Date.now() - started) / 1000;
  if (backlog > 0 && runningServer) {
    const tail = runningServer.log().trim().split('\n').slice(-10).join('\n    ');
    log(`  (the search index is behind; the server's last log lines:\n    ${tail || '(none)'})`);
  }
  if (waited >= 1)
    log(
      `  (waited ${waited.toFixed(1)} s for the search index${backlog > 0 ? `, ${backlog} pages still behind` : ''})`,
    );
}

/**
 * Peak VmRSS (MB) of `pid` while `work` runs, sampled every 100 ms from /proc, and the CPU seconds it
 * spent: on a machine shared with other work, CPU per request is steadier than requests per second.
 */
async function withPeakRss(pid, work) {
  const cpuBefore = cpuSeconds(pid);
  const read = () => {
    try {
      const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
      return Number.isFinite(kb) ? kb / 1024 : null;
    } catch {
      return null;
    }
  };
  let peak = read();
  const timer = setInterval(() => {
    const now = read();
    if (now !== null && (peak === null || now > peak)) peak = now;
  }, 100);
  try {
    const result = await work();
    return { result, peak: Math.max(peak ?? 0, read() ?? 0) || null, cpu: cpuSeconds(pid) - cpuBefore };
  } finally {
    clearInterval(timer);
  }
}

/** autocannon, keep-alive, one request in flight per connection; bodies checked by `verifyBody`. */
function cannon({ base, connections, duration, cell, verifyBody }) {
  return new Promise((resolve, reject) => {
    const request = {
      method: 'POST',
      path: '/',
      setupRequest: (req, context) => {
        // A request lost with its connection (autocannon reconnects and builds another without an answer):
        // its ticket goes back first, or a save cell's pool of pages would run dry.
        if (context.ticket !== undefined) cell.done(context.ticket, null);
        const { request: r, ticket } = cell.next();
        context.ticket = ticket;
        return { ...req, ...r, headers: { ...r.headers } };
      },
      onResponse: (status, body, context) => {
        cell.done(context.ticket, body);
        context.ticket = undefined;
        // The first wrong answer of the cell, printed with its row: what the error count is made of.
        if (!cell.firstWrong && (status < 200 || status > 299 || !verifyBody(body))) {
          cell.firstWrong = `HTTP ${status} ${bodyText(body).slice(0, 300)}`;
        }
      },
    };
    const instance = autocannon(
      { url: base, connections, duration, pipelining: 1, timeout: 30, requests: [request], verifyBody },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    instance.on('error', reject);
  });
}

const restBodyOk = (body) => body.startsWith('{"error_code":0');
const graphqlBodyOk = (body) => body.startsWith('{"data"');
/**
 * The check of a compressed cell's every answer: its first 512 bytes decompressed (~15 µs of the load
 * generator's CPU, against ~300 µs for the whole answer) must start as `ok` says. The first answer of
 * the cell is decompressed and checked in full, and says which encoding the server chose.
 */
function compressedBodyOk(encoding, ok) {
  if (!canDecompress(encoding)) throw new Error(`no check for content-encoding ${encoding}`);
  return (body) => {
    try {
      return ok(
        decompress(encoding, Buffer.from(body.slice(0, 512), 'latin1'), { partial: true }).toString('utf8'),
      );
    } catch {
      return false; // not compressed, or not as the first answer was
    }
  };
}

/** The cell as measured: with the browser's Accept-Encoding when it is a cell of compressed answers. */
function asMeasured(cell) {
  if (!cell.compressed) return cell;
  return {
    ...cell,
    next: () => {
      const { request, ticket } = cell.next();
      return {
        request: { ...request, headers: { ...request.headers, 'accept-encoding': BROWSER_ACCEPT_ENCODING } },
        ticket,
      };
    },
  };
}

/** Checks the cell's first answer, warms it up, then measures it at each concurrency. */
async function measureCell({ base, pid, cell: listed, db, ceiling }) {
  const cell = asMeasured(listed);
  await cell.prepare?.(base);
  const first = cell.next();
  const answer = await send(base, first.request);
  cell.done(first.ticket, answer.text);
  if (answer.status !== 200 || !answer.json || !cell.check(answer.json)) {
    throw new Error(`${cell.name}: wrong first answer (HTTP ${answer.status}): ${answer.text.slice(0, 300)}`);
  }
  if (cell.compressed && !answer.encoding) {
    throw new Error(
      `${cell.name}: the answer to Accept-Encoding: ${BROWSER_ACCEPT_ENCODING} is not compressed`,
    );
  }
  const kB = (n) => (n / 1024).toFixed(0);
  log(
    `  ${cell.name}: first answer ${answer.ms.toFixed(0)} ms, ${kB(answer.text.length)} kB${answer.encoding ? ` (${kB(answer.wireBytes)} kB as ${answer.encoding})` : ''}`,
  );
  const bodyOk = cell.door === 'REST' ? restBodyOk : graphqlBodyOk;
  const verifyBody = cell.compressed ? compressedBodyOk(answer.encoding, bodyOk) : bodyOk;
  const rows = [];
  for (const connections of CONNECTIONS) {
    // One warm-up per cell: the c=64 run follows a warm c=16 run.
    if (connections === CONNECTIONS[0]) {
      await cannon({ base, connections, duration: WARMUP, cell, verifyBody });
      await drained(pid, base);
    }
    const { result, peak, cpu } = await withPeakRss(pid, () =>
      cannon({ base, connections, duration: DURATION, cell, verifyBody }),
    );
    await drained(pid, base);
    const rps = result.requests.total / result.duration;
    // A non-2xx answer also fails the body check: count it once.
    const errors = result.errors + result.timeouts + Math.max(result.non2xx, result.mismatches);
    const row = {
      db,
      name: cell.name,
      endpoint: cell.endpoint,
      kind: cell.kind,
      connections,
      rps,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors,
      rssMb: peak,
      ratio: ceiling[connections] ? rps / ceiling[connections].rps : null,
      // No answer within the cell: no per-request figure rather than Infinity.
      cpuMs: result.requests.total ? (cpu * 1000) / result.requests.total : NaN,
      cpuShare: cpu / result.duration,
    };
    row.cpuRatio = ceiling[connections] ? ceiling[connections].cpuMs / row.cpuMs : null;
    log(
      `  ${cell.name.padEnd(34)} c=${String(connections).padEnd(3)} ${row.rps.toFixed(0).padStart(6)} req/s  p50 ${row.p50.toFixed(1).padStart(6)} ms  p99 ${row.p99.toFixed(1).padStart(6)} ms  errors ${errors}  RSS ${peak?.toFixed(0)} MB  ${row.ratio === null ? '' : `${(row.ratio * 100).toFixed(1)} % of ceiling`}  CPU ${row.cpuMs.toFixed(2)} ms/req (${(row.cpuShare * 100).toFixed(0)} % of a core)`,
    );
    if (cell.firstWrong) log(`    first wrong answer: ${cell.firstWrong}`);
    cell.firstWrong = undefined;
    rows.push(row);
  }
  return rows;
}

/** A cell that fails (wrong first answer, server gone) becomes a FAIL row; the other cells still run. */
async function measureOrReport(args) {
  try {
    return await measureCell(args);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log(`  ${args.cell.name}: FAILED ${message.slice(0, 400)}`);
    // A server that is gone says why in its last lines (a crash's stack, a native abort, a signal).
    const child = args.server?.child;
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      log(`  the server exited (code ${child.exitCode}, signal ${child.signalCode}); its last output:`);
      log(args.server.log().slice(-4_000));
    }
    return [
      {
        db: args.db,
        name: args.cell.name,
        endpoint: args.cell.endpoint,
        kind: args.cell.kind,
        connections: CONNECTIONS[0],
        rps: NaN,
        p50: NaN,
        p99: NaN,
        non2xx: 0,
        errors: 1,
        rssMb: null,
        ratio: null,
        cpuMs: NaN,
        cpuShare: NaN,
        cpuRatio: null,
        failure: message.split('\n')[0].slice(0, 160),
      },
    ];
  }
}

// ------------------------------------------------------------------------------------------ ceiling

async function measureCeiling() {
  const child = fork(path.join(HERE, 'ceiling-server.mjs'), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const { port } = await new Promise((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`the ceiling server exited with ${code}`)));
    });
    const base = `http://127.0.0.1:${port}`;
    const cell = { next: () => ({ request: form('common/version', {}) }), done: () => {} };
    const rows = {};
    for (const connections of CONNECTIONS) {
      await cannon({ base, connections, duration: WARMUP, cell, verifyBody: restBodyOk });
      const { result, peak, cpu } = await withPeakRss(child.pid, () =>
        cannon({ base, connections, duration: DURATION, cell, verifyBody: restBodyOk }),
      );
      rows[connections] = {
        rps: result.requests.total / result.duration,
        cpuMs: (cpu * 1000) / result.requests.total,
        cpuShare: cpu / result.duration,
      };
      log(
        `  ceiling (raw node:http, 1.2 kB JSON)   c=${String(connections).padEnd(3)} ${rows[connections].rps.toFixed(0).padStart(6)} req/s  p50 ${result.latency.p50.toFixed(1)} ms  p99 ${result.latency.p99.toFixed(1)} ms  RSS ${peak?.toFixed(0)} MB  CPU ${(rows[connections].cpuMs * 1000).toFixed(0)} µs/req (${(rows[connections].cpuShare * 100).toFixed(0)} % of a core)`,
      );
    }
    return rows;
  } finally {
    child.disconnect();
    child.kill();
  }
}

// ------------------------------------------------------------------------------------------ stall probe

/**
 * The server's event-loop delay (ms) since the previous call: prom-client's `monitorEventLoopDelay`
 * figures from /metrics, which it resets at every scrape.
 */
async function loopDelay(base) {
  const answer = await send(base, {
    method: 'GET',
    path: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const value = (name) =>
    Number(new RegExp(`^quire_nodejs_eventloop_lag_${name}_seconds (\\S+)$`, 'm').exec(answer.text)?.[1]) *
    1000;
  return { p50: value('p50'), p99: value('p99'), max: value('max') };
}

/**
 * Issue #14 item 4: 32 keep-alive readers hammer item/info A, page/info and item/myList while another
 * client opens a fresh connection for /healthz every 100 ms and for a page/save every 250 ms. A long
 * synchronous stretch on the event loop shows as a slow /healthz.
 */
async function stallProbe({ base, ctx, cells, db }) {
  // As listed (not `asMeasured`): plain JSON, whose every answer is checked.
  const readers = ['item/info A', 'page/info', 'item/myList'].map((endpoint) =>
    cells.find((c) => c.door === 'REST' && c.endpoint === endpoint),
  );
  let turn = 0;
  const mixed = { next: () => readers[turn++ % readers.length].next(), done: () => {} };
  const saver = cells.find((c) => c.name === 'REST page/save');
  // The fresh connections are timed from a process of their own (fresh-probe.mjs): this one's event loop
  // is busy with the readers' answers and would add its own delay to theirs. Their saves are made here.
  const planned = Array.from({ length: Math.ceil((DURATION * 1000) / 250) + 2 }, () => saver.next());
  const probe = runFreshProbe({
    base,
    durationMs: DURATION * 1000,
    saves: planned.map((p) => p.request),
  });
  // prom-client resets its event-loop histogram at every scrape: this one starts the probe's window.
  await loopDelay(base);
  const { result } = await withPeakRss(ctx.pid, () =>
    cannon({ base, connections: 32, duration: DURATION, cell: mixed, verifyBody: restBodyOk }),
  );
  const delay = await loopDelay(base);
  const { health, saves: answers, errors } = await probe;
  let failures = errors;
  const saves = [];
  for (const [index, answer] of answers.entries()) {
    saver.done(planned[index].ticket, answer.text);
    if (answer.status !== 200 || !restBodyOk(answer.text)) failures++;
    saves.push(answer.ms);
  }
  // Saves planned but not sent go back to the pool unchanged.
  for (const { ticket } of planned.slice(answers.length)) saver.done(ticket, '');
  const row = {
    db,
    readers: result.requests.total / result.duration,
    readerErrors: result.errors + result.timeouts + Math.max(result.non2xx, result.mismatches),
    healthz: {
      n: health.length,
      p50: percentile(health, 50),
      p99: percentile(health, 99),
      max: Math.max(...health),
    },
    save: {
      n: saves.length,
      p50: percentile(saves, 50),
      p99: percentile(saves, 99),
      max: Math.max(...saves),
    },
    failures,
    loop: delay,
  };
  row.pass =
    row.healthz.p99 < STALL_GOALS.healthzP99Ms &&
    row.loop.p99 < STALL_GOALS.loopDelayP99Ms &&
    row.save.max < STALL_GOALS.saveMaxMs &&
    failures === 0 &&
    row.readerErrors === 0;
  log(
    `  stall probe: 32 readers ${row.readers.toFixed(0)} req/s; fresh /healthz p50 ${row.healthz.p50.toFixed(1)} p99 ${row.healthz.p99.toFixed(1)} max ${row.healthz.max.toFixed(1)} ms (n=${row.healthz.n}); fresh page/save p50 ${row.save.p50.toFixed(1)} p99 ${row.save.p99.toFixed(1)} max ${row.save.max.toFixed(1)} ms (n=${row.save.n}); event-loop delay p99 ${row.loop.p99.toFixed(1)} max ${row.loop.max.toFixed(1)} ms; failures ${failures + row.readerErrors} -> ${row.pass ? 'PASS' : 'FAIL'}`,
  );
  return row;
}

/** Runs fresh-probe.mjs with `input`; resolves with what it measured. */
function runFreshProbe(input) {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(HERE, 'fresh-probe.mjs'), [], { stdio: ['pipe', 'pipe', 'inherit', 'ipc'] });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      try {
        resolve(JSON.parse(out));
      } catch {
        reject(new Error(`fresh-probe.mjs exited with code ${code} and no result`));
      }
    });
    child.stdin.end(JSON.stringify(input));
  });
}

// ------------------------------------------------------------------------------------------ upload probe

const MiB = 1024 * 1024;
/** Issue #16's goals for uploads: they stream, so a 50 MB file barely moves the server's memory. */
const UPLOAD_GOALS = { bigMb: 50, rssGrowthMb: 30, concurrent: 20, concurrentMb: 4 };
/** A zip's local-file signature: enough for the server's type sniffing to call the bytes a zip. */
const ZIP_HEAD = Buffer.from('504b0304140000000000', 'hex');

/**
 * One `POST /api/files` of `size` bytes (a zip), produced chunk by chunk so the client holds none of it;
 * resolves with the status and the answer. The body is a fresh connection's only request.
 */
function uploadFile(base, token, name, size) {
  const boundary = `quirebench${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nattachment\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      'Content-Type: application/zip\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(64 * 1024, 7);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(new URL('/api/files', base), {
      method: 'POST',
      agent: false,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + size + tail.length,
        connection: 'close',
      },
    });
    req.on('response', (res) => readAnswer(res, started).then(resolve, reject));
    req.on('error', reject);
    // Written with back-pressure: the next chunk waits for the socket, as a real client's would.
    (async () => {
      const write = (buffer) =>
        req.write(buffer) ? Promise.resolve() : new Promise((r) => req.once('drain', r));
      await write(head);
      await write(ZIP_HEAD);
      for (let left = size - ZIP_HEAD.length; left > 0; left -= chunk.length) {
        await write(left >= chunk.length ? chunk : chunk.subarray(0, left));
      }
      req.end(tail);
    })().catch(reject);
  });
}

/** VmRSS of `pid` in MB now. */
function rssMb(pid) {
  try {
    const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/**
 * The site setting `upload_limit_mb`, written from this process through the built domain services (the
 * server reads settings per request, and the admin console that would set it is not built yet).
 */
async function setUploadLimit(prepared, mb) {
  const { openDatabase } = require(path.join(ROOT, 'dist', 'db', 'src'));
  const { buildServices } = require(path.join(ROOT, 'dist', 'api', 'src', 'domain', 'services'));
  const db = await openDatabase(
    { url: prepared.databaseUrl || undefined, dataDir: prepared.dataDir },
    { migrate: false },
  );
  try {
    const settings = buildServices(db.orm.em.fork(), {}).settings;
    const before = await settings.get('upload_limit_mb');
    await settings.set({ upload_limit_mb: String(mb) });
    return before;
  } finally {
    await db.close();
  }
}

/**
 * Issue #16: a 50 MB upload (the limit raised to 60 MB) while the server's RSS is sampled every 100 ms,
 * reported as growth over its RSS just before (goal < 30 MB) and over its RSS before any upload; then 20 uploads of 4 MB at once under the
 * default 4 MB limit (goal: every one stored). The files are deleted afterwards (the MariaDB seed is kept).
 */
async function uploadProbe({ base, ctx, prepared, db }) {
  const { token, pid } = ctx;
  const stored = [];
  const accepted = (answer, size) => answer.status === 200 && answer.json?.size === size;
  const previous = await setUploadLimit(prepared, 60);
  let big;
  try {
    // A first 8 MB upload loads the upload path's modules (type sniffing...) and lets V8 size its young
    // generation for streaming: one-time costs, no part of the bound. The RSS before it is reported too.
    const idle = rssMb(pid);
    const warm = await uploadFile(base, token, 'warm-up.zip', 8 * MiB);
    if (!accepted(warm, 8 * MiB))
      throw new Error(`upload warm-up failed: HTTP ${warm.status} ${warm.text.slice(0, 200)}`);
    stored.push(warm.json.id);
    await drained(pid);
    const before = rssMb(pid);
    const size = UPLOAD_GOALS.bigMb * MiB;
    const { result, peak } = await withPeakRss(pid, () => uploadFile(base, token, 'big.zip', size));
    if (accepted(result, size)) stored.push(result.json.id);
    big = {
      ok: accepted(result, size),
      ms: result.ms,
      idle,
      before,
      peak,
      growth: peak - before,
      answer: result.text,
    };
  } finally {
    await setUploadLimit(prepared, previous || 4);
  }
  await drained(pid);
  const size = UPLOAD_GOALS.concurrentMb * MiB;
  const started = performance.now();
  const { result: answers, peak } = await withPeakRss(pid, () =>
    Promise.all(
      Array.from({ length: UPLOAD_GOALS.concurrent }, (_, i) =>
        uploadFile(base, token, `part-${i}.zip`, size).catch((error) => ({ status: 0, text: String(error) })),
      ),
    ),
  );
  const wallMs = performance.now() - started;
  const failed = answers.filter((a) => !accepted(a, size));
  for (const a of answers) if (accepted(a, size)) stored.push(a.json.id);
  for (const id of stored) {
    await send(base, graphql(token, 'mutation($id: Int!) { deleteAttachment(id: $id) }', { id }));
  }
  const row = {
    db,
    big,
    concurrent: {
      n: answers.length,
      errors: failed.length,
      wallMs,
      peak,
      firstError: failed[0]?.text?.slice(0, 200),
    },
  };
  row.pass = big.ok && big.growth < UPLOAD_GOALS.rssGrowthMb && failed.length === 0;
  log(
    `  uploads: ${UPLOAD_GOALS.bigMb} MB in ${(big.ms / 1000).toFixed(1)} s, RSS ${big.before.toFixed(0)} -> peak ${big.peak.toFixed(0)} MB (growth ${big.growth.toFixed(1)} MB; ${(big.peak - big.idle).toFixed(1)} MB over the RSS before any upload)${big.ok ? '' : ` REFUSED ${big.answer.slice(0, 200)}`}; ${row.concurrent.n} x ${UPLOAD_GOALS.concurrentMb} MB at once in ${(wallMs / 1000).toFixed(1)} s, ${failed.length} errors, peak RSS ${peak?.toFixed(0)} MB -> ${row.pass ? 'PASS' : 'FAIL'}`,
  );
  if (failed.length) log(`    first failed upload: ${row.concurrent.firstError}`);
  return row;
}

// ------------------------------------------------------------------------------------------ export probe

/** Issue #19's goals for exports of item A (2,000 pages): streamed, so memory stays flat and the loop free. */
const EXPORT_GOALS = { rssGrowthMb: 150, healthzMaxMs: 50 };

/** Downloads `path` on a fresh connection, counting the bytes (the client holds none of them). */
function download(base, pathAndQuery) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(new URL(pathAndQuery, base), { agent: false }, (res) => {
      let bytes = 0;
      let head = '';
      res.on('data', (c) => {
        if (bytes === 0) head = c.subarray(0, 2).toString('latin1');
        bytes += c.length;
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          type: res.headers['content-type'],
          bytes,
          head,
          ms: performance.now() - started,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/**
 * Issue #19: item A exported to Word and to the markdown zip (REST GET downloads, as the web app's links
 * are) while the server's VmRSS is sampled every 100 ms and a second client asks `/healthz` on a fresh
 * connection every 50 ms: the slowest answer is the longest stretch the export kept the loop from others.
 */
async function exportProbe({ base, ctx, db }) {
  const { token, pid } = ctx;
  const itemId = ctx.items.A.id;
  const rows = [];
  for (const format of ['word', 'markdown']) {
    await drained(pid);
    const health = [];
    let running = true;
    const pinger = (async () => {
      while (running) {
        const started = performance.now();
        try {
          health.push((await send(base, { method: 'GET', path: '/healthz', headers: {} })).ms);
        } catch {
          health.push(Infinity);
        }
        await new Promise((r) => setTimeout(r, Math.max(0, 50 - (performance.now() - started))));
      }
    })();
    const before = rssMb(pid);
    const { result, peak, cpu } = await withPeakRss(pid, () =>
      download(base, `/server/index.php?s=/api/export/${format}&item_id=${itemId}&user_token=${token}`),
    );
    running = false;
    await pinger;
    health.sort((a, b) => a - b);
    const row = {
      db,
      format,
      ok: result.status === 200 && result.head === 'PK',
      status: result.status,
      bytes: result.bytes,
      ms: result.ms,
      cpu,
      before,
      peak,
      growth: peak - before,
      healthz: {
        n: health.length,
        p50: percentile(health, 50),
        p99: percentile(health, 99),
        max: health.at(-1) ?? 0,
      },
    };
    row.pass = row.ok && row.growth < EXPORT_GOALS.rssGrowthMb && row.healthz.max < EXPORT_GOALS.healthzMaxMs;
    log(
      `  export ${format}: HTTP ${row.status}, ${(row.bytes / MiB).toFixed(1)} MB in ${(row.ms / 1000).toFixed(1)} s (${row.cpu.toFixed(1)} s CPU), RSS ${row.before.toFixed(0)} -> peak ${row.peak.toFixed(0)} MB (growth ${row.growth.toFixed(1)} MB); /healthz every 50 ms p50 ${row.healthz.p50.toFixed(1)} p99 ${row.healthz.p99.toFixed(1)} max ${row.healthz.max.toFixed(1)} ms (n=${row.healthz.n}) -> ${row.pass ? 'PASS' : 'FAIL'}`,
    );
    rows.push(row);
  }
  return rows;
}

// ------------------------------------------------------------------------------------------ server

/** The server being measured: its log is printed when it falls behind (`searchIndexSettled`). */
let runningServer = null;

async function startServer(options) {
  runningServer = await spawnBenchServer(options);
  return runningServer;
}

async function spawnBenchServer({ dataDir, databaseUrl, dialect, nodeArgs = [] }) {
  const redis =
    dialect === 'mysql' && MYSQL_REDIS_URL
      ? { REDIS_URL: MYSQL_REDIS_URL, QUIRE_REDIS_PREFIX: `quire-bench-${process.pid}-${Date.now()}` }
      : {};
  return spawnServer({
    entry: SERVER_ENTRY,
    cwd: ROOT,
    timeoutMs: 120_000,
    env: {
      QUIRE_DATA_DIR: dataDir,
      QUIRE_TEST_CAPTCHA: CAPTCHA,
      QUIRE_ADMIN_PASSWORD: 'bench-admin-password',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      ...redis,
      // The stall probe reads the event-loop delay from /metrics (prom-client's monitorEventLoopDelay).
      QUIRE_METRICS_TOKEN: METRICS_TOKEN,
      // As deployed (the Dockerfile's runtime image): graphql-js, among others, checks more outside production.
      NODE_ENV: 'production',
    },
    nodeArgs: [...NODE_ARGS, ...nodeArgs],
  });
}

async function login(base) {
  const answer = await send(
    base,
    form('user/login', { username: BENCH_USER, password: BENCH_PASSWORD, captcha: CAPTCHA }),
  );
  if (answer.json?.error_code !== 0) throw new Error(`login failed: ${answer.text.slice(0, 300)}`);
  return answer.json.data.user_token;
}

function contextOf(manifest, token, base, pid) {
  const { items } = buildDataset();
  const a = items[0];
  // The pool's catalogs and titles come from the dataset, by position in item A.
  const position = new Map(manifest.items.A.pageIds.map((id, i) => [id, i]));
  const catalogIds = manifest.items.A.catalogIds;
  // Saves replace the content: pages holding a planted keyword stay out, or the keyword counts would drift
  // (and on the kept MariaDB database, for good).
  const planted = (id) => a.pages[position.get(id)].extra.length > 0;
  const pool = [...new Set([...manifest.savePool, ...manifest.items.A.pageIds])].filter((id) => !planted(id));
  const savePages = pool.slice(0, SAVE_POOL).map((id) => {
    const spec = a.pages[position.get(id)];
    return {
      id,
      title: spec.title,
      sNumber: spec.sNumber,
      catalogId: spec.catalog === null ? null : catalogIds[spec.catalog],
      version: 1,
    };
  });
  return {
    token,
    base,
    pid,
    items: manifest.items,
    savePages,
    itemIds: Object.values(manifest.items).map((i) => i.id),
  };
}

// ------------------------------------------------------------------------------------------ main

async function benchDatabase(db, ceiling) {
  const prepared = await preparedDatabase({ root: ROOT, dialect: db, mysqlUrl: MYSQL_URL, log });
  log(
    `${db}: ${prepared.reused ? 'reusing the cached seed' : `seeded in ${prepared.manifest.seedSeconds.toFixed(0)} s`}`,
  );
  const rows = [];
  let stall = null;
  let upload = null;
  let exports = [];
  const profiling = Boolean(flags.profile);
  let server = null;
  try {
    const selected = (cells) => cells.filter((c) => !ONLY || ONLY.test(c.name));
    if (!profiling) {
      server = await startServer({ ...prepared, dialect: db });
      const ctx = contextOf(prepared.manifest, await login(server.base), server.base, server.child.pid);
      const cells = buildCells(ctx);
      for (const cell of selected(cells)) {
        rows.push(...(await measureOrReport({ base: server.base, pid: ctx.pid, cell, db, ceiling, server })));
      }
      if (!flags['no-stall'] && (!ONLY || ONLY.test('stall')))
        stall = await stallProbe({ base: server.base, ctx, cells, db });
      if (!ONLY || ONLY.test('upload')) upload = await uploadProbe({ base: server.base, ctx, prepared, db });
      if (!ONLY || ONLY.test('export')) exports = await exportProbe({ base: server.base, ctx, db });
      return { rows, stall, upload, exports };
    }
    // One server per cell under --cpu-prof, so each profile holds one endpoint's work.
    const names = selected(buildCells(contextOf(prepared.manifest, '', '', 0))).map((c) => c.name);
    for (const name of names) {
      const dir = path.join(path.resolve(flags.profile), slug(name));
      fs.rmSync(dir, { recursive: true, force: true });
      server = await startServer({
        ...prepared,
        dialect: db,
        nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`],
      });
      const ctx = contextOf(prepared.manifest, await login(server.base), server.base, server.child.pid);
      const cell = buildCells(ctx).find((c) => c.name === name);
      const started = performance.now();
      rows.push(...(await measureOrReport({ base: server.base, pid: ctx.pid, cell, db, ceiling, server })));
      await server.stop();
      server = null;
      // The profile ends at the server's exit: its last `lastMs` are the cell (start-up is left out).
      fs.writeFileSync(
        path.join(dir, 'window.json'),
        JSON.stringify({ lastMs: performance.now() - started }),
      );
    }
    return { rows, stall, upload, exports };
  } finally {
    await server?.stop().catch(() => undefined);
    fs.rmSync(prepared.dataDir, { recursive: true, force: true });
  }
}

const slug = (name) => name.replace(/[^a-zA-Z0-9]+/g, '-').replace(/^-|-$/g, '');

async function main() {
  if (!fs.existsSync(SERVER_ENTRY)) throw new Error('dist/ is missing: run `npm run build` first');
  const started = Date.now();
  log(
    `quire bench: ${DATABASES.join(' + ')}, ${DURATION} s per cell (after ${WARMUP} s warm-up), c=${CONNECTIONS.join(',')}; ${os.cpus().length} CPUs, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const all = [];
  const stalls = [];
  const uploads = [];
  const exported = [];
  const ceilings = {};
  for (const db of DATABASES) {
    log(`\n${db}: ceiling`);
    const ceiling = await measureCeiling();
    ceilings[db] = ceiling;
    log(`${db}: cells`);
    const { rows, stall, upload, exports } = await benchDatabase(db, ceiling);
    exported.push(...exports);
    all.push(...rows);
    if (stall) stalls.push(stall);
    if (upload) uploads.push(upload);
  }
  for (const row of all) {
    const sqliteRow = all.find(
      (r) => r.db === 'sqlite' && r.name === row.name && r.connections === row.connections,
    );
    row.verdict = evaluate(row, row.db === 'mysql' ? sqliteRow : undefined);
  }
  const lines = [
    `# Quire benchmark (${new Date().toISOString()})`,
    '',
    `\`npm run bench ${process.argv.slice(2).join(' ')}\` — ${DURATION} s per cell after ${WARMUP} s warm-up; ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), load at start ${os.loadavg()[0].toFixed(1)}; ${((Date.now() - started) / 60000).toFixed(1)} min.`,
    '',
    ...Object.entries(ceilings).map(
      ([db, c]) =>
        `Ceiling before the ${db} cells (raw node:http, 1.2 kB JSON): ${Object.entries(c)
          .map(
            ([k, v]) =>
              `c=${k} ${v.rps.toFixed(0)} req/s at ${(v.cpuShare * 100).toFixed(0)} % of a core, ${(v.cpuMs * 1000).toFixed(0)} µs CPU/req`,
          )
          .join('; ')}.`,
    ),
    '',
    ...(all.length ? [markdownTable(all)] : []),
  ];
  if (stalls.length) {
    lines.push(
      '',
      '| db | stall probe (32 keep-alive readers) | readers req/s | fresh /healthz p50 / p99 / max ms | fresh page/save p50 / p99 / max ms | event-loop delay p99 / max ms | failures | goal | result |',
      '|---|---|---|---|---|---|---|---|---|',
    );
    for (const s of stalls) {
      lines.push(
        `| ${s.db} | item/info A + page/info + item/myList | ${s.readers.toFixed(0)} | ${s.healthz.p50.toFixed(1)} / ${s.healthz.p99.toFixed(1)} / ${s.healthz.max.toFixed(1)} (n=${s.healthz.n}) | ${s.save.p50.toFixed(1)} / ${s.save.p99.toFixed(1)} / ${s.save.max.toFixed(1)} (n=${s.save.n}) | ${s.loop.p99.toFixed(1)} / ${s.loop.max.toFixed(1)} | ${s.failures + s.readerErrors} | healthz p99 < ${STALL_GOALS.healthzP99Ms} ms, save < ${STALL_GOALS.saveMaxMs} ms, loop delay p99 < ${STALL_GOALS.loopDelayP99Ms} ms, 0 failures | ${s.pass ? 'PASS' : '**FAIL**'} |`,
      );
    }
  }
  if (uploads.length) {
    lines.push(
      '',
      `| db | ${UPLOAD_GOALS.bigMb} MB upload: s | server RSS idle / before / peak MB | RSS growth MB (over idle) | ${UPLOAD_GOALS.concurrent} x ${UPLOAD_GOALS.concurrentMb} MB at once: s | errors | peak RSS MB | goal | result |`,
      '|---|---|---|---|---|---|---|---|---|',
    );
    for (const u of uploads) {
      lines.push(
        `| ${u.db} | ${u.big.ok ? (u.big.ms / 1000).toFixed(1) : 'refused'} | ${u.big.idle.toFixed(0)} / ${u.big.before.toFixed(0)} / ${u.big.peak.toFixed(0)} | ${u.big.growth.toFixed(1)} (${(u.big.peak - u.big.idle).toFixed(1)}) | ${(u.concurrent.wallMs / 1000).toFixed(1)} | ${u.concurrent.errors} | ${u.concurrent.peak?.toFixed(0)} | growth < ${UPLOAD_GOALS.rssGrowthMb} MB, 0 errors | ${u.pass ? 'PASS' : '**FAIL**'} |`,
      );
    }
  }
  if (exported.length) {
    lines.push(
      '',
      '| db | export of item A (2,000 pages) | download MB | s | server CPU s | server RSS before / peak MB | RSS growth MB | /healthz every 50 ms p50 / p99 / max ms | goal | result |',
      '|---|---|---|---|---|---|---|---|---|---|',
    );
    for (const e of exported) {
      lines.push(
        `| ${e.db} | ${e.format}${e.ok ? '' : ` (HTTP ${e.status})`} | ${(e.bytes / MiB).toFixed(1)} | ${(e.ms / 1000).toFixed(1)} | ${e.cpu.toFixed(1)} | ${e.before.toFixed(0)} / ${e.peak.toFixed(0)} | ${e.growth.toFixed(1)} | ${e.healthz.p50.toFixed(1)} / ${e.healthz.p99.toFixed(1)} / ${e.healthz.max.toFixed(1)} (n=${e.healthz.n}) | growth < ${EXPORT_GOALS.rssGrowthMb} MB, max < ${EXPORT_GOALS.healthzMaxMs} ms | ${e.pass ? 'PASS' : '**FAIL**'} |`,
      );
    }
  }
  const markdown = `${lines.join('\n')}\n`;
  log(`\n${markdown}`);
  fs.mkdirSync(path.dirname(path.resolve(flags.out)), { recursive: true });
  fs.writeFileSync(flags.out, markdown);
  log(`written to ${flags.out}`);
  if (flags.profile) {
    const report = analyseProfiles(path.resolve(flags.profile), ROOT);
    const file = path.join(path.resolve(flags.profile), 'report.md');
    fs.writeFileSync(file, report);
    log(`\n${report}\nprofile report written to ${file}`);
  }
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
}
