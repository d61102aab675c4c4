import path from 'node:path';
import { configFromEnv } from '../config';
import { backup, BackupError } from './backup';
import { restore } from './restore';

const USAGE = `usage: npm run backup -- <new folder>     snapshot of the database and local uploads, with manifest.json
       npm run restore -- <backup folder>  into an empty database (DATABASE_URL) and data folder (QUIRE_DATA_DIR)`;

/** `npm run backup` / `npm run restore`; exit code 0 done, 1 failed, 2 bad arguments. */
async function main(argv: string[]): Promise<number> {
  const [command, dir, ...rest] = argv;
  if ((command !== 'backup' && command !== 'restore') || !dir || rest.length) {
    console.error(USAGE);
    return 2;
  }
  const config = configFromEnv();
  const target = {
    database: { url: config.databaseUrl, dataDir: config.dataDir },
    uploadsDir: path.join(config.dataDir, 'uploads'),
  };
  const folder = path.resolve(dir);
  const manifest = command === 'backup' ? await backup(target, folder) : await restore(target, folder);
  const rows = Object.values(manifest.counts).reduce((a, b) => a + b, 0);
  console.log(
    `${command === 'backup' ? 'backed up to' : 'restored from'} ${folder}: ${manifest.dialect}, schema ` +
      `${manifest.migrations.at(-1) ?? '(empty)'}, ${rows} rows, ${manifest.files.filter((f) => f.path.startsWith('uploads/')).length} uploaded files`,
  );
  if (config.s3)
    console.log(
      'Attachments in the S3 bucket are not part of this backup: back the bucket up with its own tools.',
    );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof BackupError ? err.message : err);
    process.exit(1);
  },
);
