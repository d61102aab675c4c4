// The set-up of the in-process cost scripts (save-cost.mjs, search-cost.mjs): a fresh copy of the bench's
// cached seed opened through the domain services of dist/, and a counter of the ORM's SQL statements.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { preparedDatabase } from './seed.mjs';

const require = createRequire(import.meta.url);
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** `[count] [--db mysql]` from the command line, the prepared seed, the open database and dist's modules. */
export async function openBenchDatabase(defaultCount) {
  const { values, positionals } = parseArgs({
    options: { db: { type: 'string', default: 'sqlite' } },
    allowPositionals: true,
  });
  const prepared = await preparedDatabase({
    root: ROOT,
    dialect: values.db,
    mysqlUrl: process.env.TEST_MYSQL_URL,
    log: (line) => console.log(line),
  });
  const dbModule = require(path.join(ROOT, 'dist', 'db', 'src'));
  const { buildServices } = require(path.join(ROOT, 'dist', 'api', 'src', 'domain', 'services'));
  const { Viewer } = require(path.join(ROOT, 'dist', 'api', 'src', 'domain', 'viewer'));
  const db = await dbModule.openDatabase({
    url: prepared.databaseUrl || undefined,
    dataDir: prepared.dataDir,
  });
  const counter = { statements: 0 };
  db.orm.em
    .getConnection()
    .getKnex()
    .on('query', () => counter.statements++);
  return {
    count: Number(positionals[0] ?? defaultCount),
    prepared,
    db,
    counter,
    User: dbModule.User,
    buildServices,
    Viewer,
  };
}
