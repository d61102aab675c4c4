import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../../db/src';
import { localStorageAt, s3StorageFor } from '../../../api/src/storage/storage-config';
import { configFromEnv } from '../config';
import { attachCommitClock } from '../redis-commit-clock';
import { importShowdoc } from './showdoc/importer';
import { formatReport } from './showdoc/report';
import { ImportInputError, openShowdocSqlite } from './showdoc/source';
import { openShowdocMysql } from './showdoc/source-mysql';

const USAGE = `usage: npm run import:showdoc -- <showdoc.db.php | mysql://user:pass@host:port/db[?prefix=showdoc_]> [--uploads <ShowDoc's Public/Uploads>]
         [--dry-run] [--merge-users] [--timezone Asia/Shanghai] [--source-name showdoc] [--report <file.json>]

Imports a ShowDoc database (its SQLite file, or its MySQL/MariaDB database) into the Quire database of DATABASE_URL (or the embedded one under
QUIRE_DATA_DIR); attachments go to STORAGE=s3's bucket or to QUIRE_DATA_DIR/uploads.`;

/** `npm run import:showdoc`: see USAGE; exit code 0 done, 1 failed, 2 bad arguments. */
async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      allowPositionals: true,
      options: {
        uploads: { type: 'string' },
        'dry-run': { type: 'boolean' },
        'merge-users': { type: 'boolean' },
        timezone: { type: 'string' },
        'source-name': { type: 'string' },
        report: { type: 'string' },
        help: { type: 'boolean' },
      },
    });
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const [file] = args.positionals;
  if (args.values.help || !file || args.positionals.length > 1) {
    console.error(USAGE);
    return args.values.help ? 0 : 2;
  }
  const uploads = args.values.uploads ? path.resolve(args.values.uploads) : undefined;
  if (uploads && !fs.statSync(uploads, { throwIfNoEntry: false })?.isDirectory()) {
    console.error(`--uploads: no such folder ${uploads}`);
    return 2;
  }
  const config = configFromEnv();
  const source = /^(mysql|mariadb):/i.test(file)
    ? await openShowdocMysql(file)
    : openShowdocSqlite(path.resolve(file));
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  // A live MariaDB site's processes keep reads against the commit clock: the import's commits move it.
  const commitClock = await attachCommitClock(db, config.redisUrl, config.redisPrefix);
  try {
    const storage = config.s3
      ? { driver: s3StorageFor(config.s3), kind: 's3' as const }
      : { driver: localStorageAt(path.join(config.dataDir, 'uploads')), kind: 'local' as const };
    const report = await importShowdoc(db.orm, source, {
      uploadsDir: uploads,
      storage,
      dryRun: args.values['dry-run'],
      mergeUsers: args.values['merge-users'],
      timeZone: args.values.timezone ?? config.appTimeZone,
      sourceName: args.values['source-name'],
      suspendSearchIndex: true,
    });
    console.log(formatReport(report));
    if (args.values.report) fs.writeFileSync(args.values.report, JSON.stringify(report, null, 2));
    return 0;
  } finally {
    source.close();
    await commitClock?.close();
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ImportInputError ? err.message : err);
    process.exit(1);
  },
);
