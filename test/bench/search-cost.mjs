// What one search costs without HTTP (issue #14): item A's keyword mode (`searchItem`, as item/info and
// item/search call it) and the GraphQL door's `search` (relevance order, 20 hits with snippets), for both
// planted keywords, through the domain services of dist/ on a fresh copy of the bench's cached seed; CPU
// time (process.cpuUsage) and SQL statements per call. Steadier than the HTTP cells on a shared machine.
//
//   npm run build:server && node test/bench/search-cost.mjs [calls=200] [--db mysql]
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { BENCH_USER, KEYWORDS } from './dataset.mjs';
import { preparedDatabase } from './seed.mjs';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const { values, positionals } = parseArgs({
  options: { db: { type: 'string', default: 'sqlite' } },
  allowPositionals: true,
});
const CALLS = Number(positionals[0] ?? 200);

const prepared = await preparedDatabase({
  root: ROOT,
  dialect: values.db,
  mysqlUrl: process.env.TEST_MYSQL_URL,
  log: (line) => console.log(line),
});
const { openDatabase, User } = require(path.join(ROOT, 'dist', 'db', 'src'));
const { buildServices } = require(path.join(ROOT, 'dist', 'api', 'src', 'domain', 'services'));
const { Viewer } = require(path.join(ROOT, 'dist', 'api', 'src', 'domain', 'viewer'));
const db = await openDatabase({ url: prepared.databaseUrl || undefined, dataDir: prepared.dataDir });
let statements = 0;
db.orm.em
  .getConnection()
  .getKnex()
  .on('query', () => statements++);
const A = prepared.manifest.items.A;
const user = await db.orm.em.fork().findOneOrFail(User, { username: BENCH_USER });

const calls = {
  'keyword mode': (services, viewer, word) =>
    services.search.searchItem(viewer, A.id, word, { drafts: 'own' }),
  'item/search': (services, viewer, word) =>
    services.search.searchItem(viewer, A.id, word, { drafts: 'none', plainText: true }),
  'GraphQL search': (services, viewer, word) =>
    services.search.search(viewer, word, { itemId: A.id, first: 20 }),
};

async function run(name, lang, n, print) {
  const call = calls[name];
  statements = 0;
  const cpu = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const services = buildServices(db.orm.em.fork(), {});
    await call(services, new Viewer(user), KEYWORDS[lang].word);
  }
  const used = process.cpuUsage(cpu);
  if (print) {
    console.log(
      `${name} ${lang}: ${n} calls, CPU ${((used.user + used.system) / n / 1000).toFixed(2)} ms/call, ` +
        `${(statements / n).toFixed(1)} ORM statements/call (lean reads not counted)`,
    );
  }
}

try {
  for (const name of Object.keys(calls)) {
    for (const lang of ['en', 'zh']) {
      await run(name, lang, Math.ceil(CALLS / 5), false);
      await run(name, lang, CALLS, true);
    }
  }
} finally {
  await db.close();
  fs.rmSync(prepared.dataDir, { recursive: true, force: true });
}
