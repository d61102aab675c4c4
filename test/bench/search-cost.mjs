// What one search costs without HTTP (issue #14): item A's keyword mode (`searchItem`, as item/info and
// item/search call it) and the GraphQL door's `search` (relevance order, 20 hits with snippets), for both
// planted keywords, through the domain services of dist/ on a fresh copy of the bench's cached seed; CPU
// time (process.cpuUsage) and SQL statements per call. Steadier than the HTTP cells on a shared machine.
//
//   npm run build:server && node test/bench/search-cost.mjs [calls=200] [--db mysql]
import fs from 'node:fs';
import { BENCH_USER, KEYWORDS } from './dataset.mjs';
import { openBenchDatabase } from './in-process.mjs';

const { count: CALLS, prepared, db, counter, User, buildServices, Viewer } = await openBenchDatabase(200);
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
  counter.statements = 0;
  const cpu = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const services = buildServices(db.orm.em.fork(), {});
    await call(services, new Viewer(user), KEYWORDS[lang].word);
  }
  const used = process.cpuUsage(cpu);
  if (print) {
    console.log(
      `${name} ${lang}: ${n} calls, CPU ${((used.user + used.system) / n / 1000).toFixed(2)} ms/call, ` +
        `${(counter.statements / n).toFixed(1)} ORM statements/call (lean reads not counted)`,
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
