// Seeds the dataset of dataset.mjs through the domain services of the built server (dist/), once per
// database: the SQLite file is cached under the temp folder and copied for each run; the MariaDB database
// is kept (its name carries the seed key) and reused while the key is unchanged.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {
  BENCH_PASSWORD,
  BENCH_USER,
  OTHER_USERS,
  SAVE_POOL,
  SEED_VERSION,
  buildDataset,
  pageMarkdown,
  prng,
} from './dataset.mjs';

const require = createRequire(import.meta.url);
export const CACHE_DIR = path.join(os.tmpdir(), 'quire-bench-cache');
const CAPTCHA = 'BENCH-SEED-CAPTCHA';

/**
 * How the seed is written, beside the dataset's SEED_VERSION (which also seeds the PRNG, so it cannot
 * change without changing the documents): 2 = pages' plain text filled before the seed is kept; 3 = the
 * embedded database's plain texts in its index file (its layout 2), read before the seed is kept.
 */
const SEED_FORMAT = 3;

/** The seed version and the migrations the dataset was written under: a new migration means a new seed. */
function seedKey(root, dialect) {
  const folder = path.join(root, 'dist', 'db', 'src', 'migrations', dialect);
  const names = fs
    .readdirSync(folder)
    .filter((n) => n.endsWith('.js'))
    .sort();
  return createHash('sha256')
    .update(`${SEED_VERSION}\n${SEED_FORMAT}\n${names.join('\n')}`)
    .digest('hex')
    .slice(0, 10);
}

async function writeDataset(root, settings, log) {
  const { openDatabase, User } = require(path.join(root, 'dist', 'db', 'src'));
  const { buildServices } = require(path.join(root, 'dist', 'api', 'src', 'domain', 'services'));
  const { Viewer } = require(path.join(root, 'dist', 'api', 'src', 'domain', 'viewer'));
  const db = await openDatabase(settings);
  const started = Date.now();
  try {
    const services = () => buildServices(db.orm.em.fork(), { testCaptcha: CAPTCHA });
    const userIds = {};
    for (const username of [BENCH_USER, ...OTHER_USERS]) {
      const session = await services().accounts.register({
        username,
        password: BENCH_PASSWORD,
        confirmPassword: BENCH_PASSWORD,
        captchaId: 0,
        captcha: CAPTCHA,
      });
      userIds[username] = session.user.id;
    }
    /** Services and a viewer for `username` on a fresh EntityManager (kept small by starting over). */
    const as = async (username) => {
      const s = services();
      return { s, viewer: new Viewer(await s.em.findOneOrFail(User, { id: userIds[username] })) };
    };

    const { items } = buildDataset();
    const result = { items: {}, savePool: [] };
    for (const [index, spec] of items.entries()) {
      const owner = spec.owner ?? BENCH_USER;
      let { s, viewer } = await as(owner);
      const item = await s.items.create(viewer, {
        name: spec.name,
        description: `Benchmark item ${spec.letter}`,
      });
      const catalogIds = [];
      for (const c of spec.catalogs) {
        const saved = await s.catalogs.save(viewer, {
          itemId: item.id,
          name: c.name,
          parentId: c.parent === null ? null : catalogIds[c.parent],
          sNumber: c.sNumber,
        });
        catalogIds.push(saved.id);
      }
      const pageIds = [];
      for (const [p, page] of spec.pages.entries()) {
        if (p % 100 === 0) ({ s, viewer } = await as(owner));
        const saved = await s.pages.save(viewer, {
          itemId: item.id,
          catalogId: page.catalog === null ? null : catalogIds[page.catalog],
          title: page.title,
          content: pageMarkdown(prng(index * 100_000 + p), page.title, page.extra),
          sNumber: page.sNumber,
        });
        pageIds.push(saved.id);
      }
      // The bench user's items get three other members each; the others' items take the bench user in.
      ({ s, viewer } = await as(owner));
      const members = spec.owner
        ? [BENCH_USER]
        : [0, 1, 2].map((k) => OTHER_USERS[(index + k) % OTHER_USERS.length]);
      for (const [k, username] of members.entries()) {
        await s.members.add(viewer, { itemId: item.id, usernames: username, memberGroupId: (index + k) % 3 });
      }
      result.items[spec.letter] = { id: item.id, pageIds, catalogIds };
      log(
        `  item ${spec.letter}: ${pageIds.length} pages, ${catalogIds.length} catalogs (${((Date.now() - started) / 1000).toFixed(0)} s)`,
      );
    }
    const rand = prng(0x5a7e);
    // run.mjs leaves out the pages holding a planted keyword and fills up from the rest of A.
    const pool = [...result.items.A.pageIds];
    for (let i = 0; i < SAVE_POOL; i++) {
      const j = i + Math.floor(rand() * (pool.length - i));
      [pool[i], pool[j]] = [pool[j], pool[i]];
    }
    result.savePool = pool.slice(0, SAVE_POOL);
    // The server writes each page's plain text (search snippets) in the background (MariaDB) or its index
    // thread reads it with the full-text index (SQLite); a seed without them would have every bench server
    // read 4,000 pages during its first cells.
    const { PlainTextFiller } = require(
      path.join(root, 'dist', 'api', 'src', 'domain', 'search', 'plain-text-filler'),
    );
    const filler = new PlainTextFiller(db.orm.em).start();
    await filler.idle();
    await filler.close();
    const { ftsIndexerOf, searchIndexCaughtUp } = require(path.join(root, 'dist', 'db', 'src'));
    while (ftsIndexerOf(db.orm.em) && !(await searchIndexCaughtUp(db.orm.em))) {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    log(`  plain text of every page (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    // Likewise MariaDB's search postings, written after each save by the gram indexer, which rests between
    // batches: the pages still queued are indexed here, not by the first cells of every run.
    const { indexQueuedPages } = require(path.join(root, 'dist', 'db', 'src'));
    await indexQueuedPages(db.orm.em);
    log(`  search postings of every page (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    result.seedSeconds = (Date.now() - started) / 1000;
    return result;
  } finally {
    await db.close();
  }
}

function mysqlTarget(baseUrl, key) {
  const url = new URL(baseUrl);
  const prefix = decodeURIComponent(url.pathname.replace(/^\//, '')) || 'quire';
  const name = `${prefix}_seed_${key}`;
  url.pathname = `/${name}`;
  return { url: url.toString(), name, parsed: url };
}

async function mysqlConnection(parsed) {
  const mysql = require('mysql2/promise');
  return mysql.createConnection({
    host: parsed.hostname,
    port: Number(parsed.port || 3306),
    user: decodeURIComponent(parsed.username) || 'root',
    password: decodeURIComponent(parsed.password),
  });
}

/**
 * The seeded database for one run. SQLite: a fresh data folder holding a copy of the cached file (so page
 * saves of one run do not leak into the next). MySQL: the URL of the kept seed database.
 */
export async function preparedDatabase({ root, dialect, mysqlUrl, log }) {
  const key = seedKey(root, dialect);
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const manifestFile = path.join(CACHE_DIR, `${dialect}-${key}.json`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-run-'));
  const manifest = fs.existsSync(manifestFile) ? JSON.parse(fs.readFileSync(manifestFile, 'utf8')) : null;

  if (dialect === 'sqlite') {
    const cached = path.join(CACHE_DIR, `sqlite-${key}`);
    if (!manifest || !fs.existsSync(path.join(cached, 'quire.db'))) {
      log(`seeding SQLite (key ${key}) into ${cached} ...`);
      fs.rmSync(cached, { recursive: true, force: true });
      fs.mkdirSync(cached, { recursive: true });
      const fresh = await writeDataset(root, { dataDir: cached }, log);
      fs.writeFileSync(manifestFile, JSON.stringify(fresh));
      return { dataDir: copySqlite(cached, dataDir), databaseUrl: '', manifest: fresh, reused: false };
    }
    return { dataDir: copySqlite(cached, dataDir), databaseUrl: '', manifest, reused: true };
  }

  const target = mysqlTarget(mysqlUrl, key);
  const connection = await mysqlConnection(target.parsed);
  try {
    let usable = false;
    if (manifest) {
      const [rows] = await connection.query(
        'select count(*) as n from information_schema.tables where table_schema = ? and table_name = ?',
        [target.name, 'page'],
      );
      if (Number(rows[0].n) > 0) {
        const [pages] = await connection.query(`select count(*) as n from \`${target.name}\`.page`);
        usable = Number(pages[0].n) >= 4000;
      }
    }
    if (usable) return { dataDir, databaseUrl: target.url, manifest, reused: true };
    log(`seeding MariaDB database ${target.name} (key ${key}) ...`);
    await connection.query(`DROP DATABASE IF EXISTS \`${target.name}\``);
    await connection.query(
      `CREATE DATABASE \`${target.name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
    );
  } finally {
    await connection.end();
  }
  const fresh = await writeDataset(root, { url: target.url, dataDir }, log);
  fs.writeFileSync(manifestFile, JSON.stringify(fresh));
  return { dataDir, databaseUrl: target.url, manifest: fresh, reused: false };
}

/**
 * WAL mode: the file and its -wal/-shm companions travel together (closing checkpoints, but be safe), and
 * so does the search index the seed built (`quire-search.db`): a run measures a site that is running, not
 * the first start after an upgrade, which builds the index.
 */
function copySqlite(from, to) {
  for (const name of fs.readdirSync(from)) {
    if (/^quire(-search)?\.db/.test(name)) fs.copyFileSync(path.join(from, name), path.join(to, name));
  }
  return to;
}
