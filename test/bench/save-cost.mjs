// What one page save costs without HTTP (issue #14 item 3): sequential `pages.save` updates of pages of
// item A through the domain services of dist/, on a fresh copy of the bench's cached seed, with the CPU
// time (process.cpuUsage), wall time and SQL statements per save. Steadier than the HTTP cells on a shared
// machine, and it runs a `--cpu-prof` in seconds: `node --cpu-prof test/bench/save-cost.mjs`.
//
//   npm run build:server && node test/bench/save-cost.mjs [saves=200] [--db mysql]
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { BENCH_USER, SAVE_POOL, buildDataset } from './dataset.mjs';
import { openBenchDatabase, ROOT } from './in-process.mjs';

const { count: SAVES, prepared, db, counter, User, buildServices, Viewer } = await openBenchDatabase(200);

const A = prepared.manifest.items.A;
// The bench's save pool: pages no planted keyword lives in, so the keyword counts never drift (a MariaDB
// seed is kept between runs).
const spec = buildDataset().items[0];
const position = new Map(A.pageIds.map((id, i) => [id, i]));
const planted = (id) => spec.pages[position.get(id)].extra.length > 0;
const pool = [...new Set([...prepared.manifest.savePool, ...A.pageIds])]
  .filter((id) => !planted(id))
  .slice(0, SAVE_POOL);
// The server's background plain-text writer runs too (its CPU, worker threads included, is in the figure).
const { PlainTextFiller } = createRequire(import.meta.url)(
  path.join(ROOT, 'dist', 'api', 'src', 'domain', 'search', 'plain-text-filler'),
);
const filler = new PlainTextFiller(db.orm.em).start();
await filler.idle();
const body = Array.from({ length: 80 }, (_, i) => `line ${i} 参数 value ${i * 7}`).join('\n');

async function run(saves, label) {
  counter.statements = 0;
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
  await filler.idle();
  const used = process.cpuUsage(cpu);
  console.log(
    `${label}: ${saves} saves, CPU ${((used.user + used.system) / saves).toFixed(0)} µs/save, ` +
      `wall ${((performance.now() - started) / saves).toFixed(2)} ms/save, ` +
      `${(counter.statements / saves).toFixed(1)} statements/save (the viewer's load included)`,
  );
}

try {
  await run(50, 'warm-up');
  await run(SAVES, 'measured');
} finally {
  await filler.close();
  await db.close();
  fs.rmSync(prepared.dataDir, { recursive: true, force: true });
}
