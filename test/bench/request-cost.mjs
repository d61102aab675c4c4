// What one request costs in the server's own process (issue #14): the composition root of dist/ started
// in this process on a fresh copy of the bench's cached seed, then sequential requests through Fastify's
// `inject` (every hook, plugin and serialisation the network path runs, without the sockets), with the
// CPU time per request from `process.cpuUsage()`. Steadier than the HTTP cells on a shared machine: run it
// for two builds in turn for an A/B, or under `node --cpu-prof` for a profile of one cell.
//
//   npm run build:server && node test/bench/request-cost.mjs [requests=2000] [--only <cell regexp>]
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { BENCH_PASSWORD, BENCH_USER, KEYWORDS } from './dataset.mjs';
import { preparedDatabase } from './seed.mjs';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const { values, positionals } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    only: { type: 'string' },
  },
  allowPositionals: true,
});
const REQUESTS = Number(positionals[0] ?? 2000);
const CAPTCHA = 'BENCH-CAPTCHA';

const prepared = await preparedDatabase({
  root: ROOT,
  dialect: values.db,
  mysqlUrl: process.env.TEST_MYSQL_URL,
  log: (line) => console.log(line),
});
process.env.NODE_ENV = 'production';
const { configFromEnv } = require(path.join(ROOT, 'dist', 'server', 'src', 'config'));
const { createServer } = require(path.join(ROOT, 'dist', 'server', 'src', 'server'));
const server = await createServer({
  ...configFromEnv({
    QUIRE_DATA_DIR: prepared.dataDir,
    QUIRE_TEST_CAPTCHA: CAPTCHA,
    QUIRE_ADMIN_PASSWORD: 'bench-admin-password',
    LOG_LEVEL: 'warn',
    DATABASE_URL: prepared.databaseUrl || undefined,
    PORT: '0',
    HOST: '127.0.0.1',
  }),
});
const { app } = server;
// The seed keeps its pages' plain text (seed.mjs); a backfill still under way would run during the cells.
await server.plainText.idle();

const form = (route, fields) => ({
  method: 'POST',
  url: `/server/index.php?s=/api/${route}`,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});
const graphql = (token, query, variables) => ({
  method: 'POST',
  url: '/graphql',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  payload: JSON.stringify({ query, variables }),
});

const login = await app.inject(
  form('user/login', { username: BENCH_USER, password: BENCH_PASSWORD, captcha: CAPTCHA }),
);
const token = login.json().data.user_token;
const A = prepared.manifest.items.A;
// The bench's documents (test/bench/run.mjs), for the cells this measures.
const MENU = `fragment P on MenuPage { id title catalogId isDraft sNumber }
  fragment C on MenuCatalog { id name level parentId pages { ...P } }
  query ItemView($id: Int) { item(id: $id) { id name description domain type isPrivate isArchived lastUpdateAt
    owner { id username } viewerRights { visit edit manage isOwner archived editScope }
    menu { defaultCatalogPath pages { ...P } catalogs { ...C catalogs { ...C catalogs { ...C } } } } } }`;
const MY_ITEMS = `query MyItems($groupId: Int!) { myItems(filter: { groupId: $groupId }, first: 200) { totalCount
  pageInfo { hasNextPage endCursor } edges { node { id name description domain type isPrivate isArchived
  lastUpdateAt owner { id username } } } } }`;
const PAGE = `query PageView($id: Int!) { page(id: $id) { id itemId title content authorName updatedAt attachmentCount
  catalogId path { id name } } }`;
let pageTurn = 0;
const randomPage = () => A.pageIds[(pageTurn++ * 7919) % A.pageIds.length];
const cells = [
  { name: 'REST user/info', request: form('user/info', { user_token: token }), share: 1 },
  {
    name: 'GraphQL me',
    request: graphql(
      token,
      'query Me { me { id username name email groupId isAdmin createdAt lastLoginAt } }',
      {},
    ),
    share: 1,
  },
  { name: 'GraphQL item { menu } A', request: graphql(token, MENU, { id: A.id }), share: 0.05 },
  { name: 'REST item/myList', request: form('item/myList', { user_token: token }), share: 0.5 },
  {
    name: 'REST page/info',
    request: () => form('page/info', { page_id: randomPage(), user_token: token }),
    share: 0.5,
  },
  { name: 'GraphQL myItems', request: graphql(token, MY_ITEMS, { groupId: 0 }), share: 0.5 },
  { name: 'GraphQL page', request: () => graphql(token, PAGE, { id: randomPage() }), share: 0.5 },
  {
    name: 'GraphQL item { menu } A gzip',
    request: (({ headers, ...rest }) => ({
      ...rest,
      headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' },
    }))(graphql(token, MENU, { id: A.id })),
    share: 0.05,
  },
  { name: 'REST item/info A', request: form('item/info', { user_token: token, item_id: A.id }), share: 0.1 },
  {
    name: 'REST item/info A gzip',
    request: {
      ...form('item/info', { user_token: token, item_id: A.id }),
      headers: { ...form('', {}).headers, 'accept-encoding': 'gzip, deflate, br' },
    },
    share: 0.1,
  },
  {
    name: 'REST keyword en',
    request: form('item/info', { user_token: token, item_id: A.id, keyword: KEYWORDS.en.word }),
    share: 0.2,
  },
  {
    name: 'REST keyword zh',
    request: form('item/info', { user_token: token, item_id: A.id, keyword: KEYWORDS.zh.word }),
    share: 0.2,
  },
].filter((cell) => !values.only || new RegExp(values.only).test(cell.name));

async function run(cell, requests) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < requests; i++) {
    const answer = await app.inject(typeof cell.request === 'function' ? cell.request() : cell.request);
    if (answer.statusCode !== 200 || /"errors"|"error_code":[1-9]/.test(answer.body.slice(0, 200))) {
      throw new Error(`${cell.name}: ${answer.statusCode} ${answer.body.slice(0, 300)}`);
    }
  }
  const used = process.cpuUsage(cpu);
  return { cpu: (used.user + used.system) / requests / 1000, wall: (performance.now() - started) / requests };
}

try {
  for (const cell of cells) {
    const requests = Math.max(20, Math.round(REQUESTS * cell.share));
    await run(cell, Math.ceil(requests / 4));
    const { cpu, wall } = await run(cell, requests);
    console.log(
      `${cell.name}: ${requests} requests, CPU ${cpu.toFixed(3)} ms/req, wall ${wall.toFixed(3)} ms/req`,
    );
  }
} finally {
  await server.close();
  fs.rmSync(prepared.dataDir, { recursive: true, force: true });
}
