// What the item list costs without HTTP (issue #14): sequential `items.myList` calls of the bench user
// through the domain services of dist/, on a fresh copy of the bench's cached seed, with CPU time
// (process.cpuUsage) and SQL statements per call. `node --cpu-prof test/bench/list-cost.mjs` profiles it.
//
//   npm run build:server && node test/bench/list-cost.mjs [calls=500] [--db mysql]
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { BENCH_USER } from './dataset.mjs';
import { preparedDatabase } from './seed.mjs';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const { values, positionals } = parseArgs({
  options: { db: { type: 'string', default: 'sqlite' } },
  allowPositionals: true,
});
const CALLS = Number(positionals[0] ?? 500);

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
const user = await db.orm.em.fork().findOneOrFail(User, { username: BENCH_USER });

async function run(calls, label) {
  statements = 0;
  const cpu = process.cpuUsage();
  let rows = 0;
  for (let i = 0; i < calls; i++) {
    const services = buildServices(db.orm.em.fork(), {});
    const list = await services.items.myList(new Viewer(services.em.merge(user)));
    rows += list.entries.length;
  }
  const used = process.cpuUsage(cpu);
  console.log(
    `${label}: ${calls} lists of ${rows / calls} items, CPU ${((used.user + used.system) / calls).toFixed(0)} µs/list, ` +
      `${(statements / calls).toFixed(1)} pool statements/list (lean reads on SQLite not counted)`,
  );
}

try {
  await run(100, 'warm-up');
  await run(CALLS, 'measured');
} finally {
  await db.close();
  fs.rmSync(prepared.dataDir, { recursive: true, force: true });
}
