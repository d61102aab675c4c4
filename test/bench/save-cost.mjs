// What one page save costs without HTTP (issue #14 item 3): sequential `pages.save` updates of pages of
// item A through the domain services of dist/, on a fresh copy of the bench's cached seed, with the CPU
// time (process.cpuUsage), wall time and SQL statements per save. Steadier than the HTTP cells on a shared
// machine, and it runs a `--cpu-prof` in seconds: `node --cpu-prof test/bench/save-cost.mjs`.
//
//   npm run build:server && node test/bench/save-cost.mjs [saves=200] [--db mysql]
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { BENCH_USER, SAVE_POOL, buildDataset } from './dataset.mjs';
import { preparedDatabase } from './seed.mjs';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const { values, positionals } = parseArgs({
  options: { db: { type: 'string', default: 'sqlite' } },
  allowPositionals: true,
});
const SAVES = Number(positionals[0] ?? 200);

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
// The bench's save pool: pages no planted keyword lives in, so the keyword counts never drift (a MariaDB
// seed is kept between runs).
const spec = buildDataset().items[0];
const position = new Map(A.pageIds.map((id, i) => [id, i]));
const planted = (id) => spec.pages[position.get(id)].extra.length > 0;
const pool = [...new Set([...prepared.manifest.savePool, ...A.pageIds])]
  .filter((id) => !planted(id))
  .slice(0, SAVE_POOL);
const body = Array.from({ length: 80 }, (_, i) => `line ${i} 参数 value ${i * 7}`).join('\n');

async function run(saves, label) {
  statements = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < saves; i++) {
    const services = buildServices(db.orm.em.fork(), {});
    const viewer = new Viewer(await services.em.findOneOrFail(User, { username: BENCH_USER }));
    await services.pages.save(viewer, {
      id: pool[(i * 37) % pool.length],
      itemId: A.id,
      content: `${body}\nrevision ${label} ${i}`,
    });
  }
  const used = process.cpuUsage(cpu);
  console.log(
    `${label}: ${saves} saves, CPU ${((used.user + used.system) / saves).toFixed(0)} µs/save, ` +
      `wall ${((performance.now() - started) / saves).toFixed(2)} ms/save, ` +
      `${(statements / saves).toFixed(1)} statements/save (the viewer's load included)`,
  );
}

try {
  await run(50, 'warm-up');
  await run(SAVES, 'measured');
} finally {
  await db.close();
  fs.rmSync(prepared.dataDir, { recursive: true, force: true });
}
