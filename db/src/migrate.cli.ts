import path from 'node:path';
import { openDatabase, safeMigrate } from './orm';

/** `npm run db:migrate`: applies pending migrations to DATABASE_URL (or the embedded file) and exits. */
async function main(): Promise<void> {
  const settings = {
    url: process.env.DATABASE_URL,
    dataDir: path.resolve(process.env.QUIRE_DATA_DIR ?? 'data'),
    log: (message: string) => console.log(message),
  };
  const db = await openDatabase(settings, { migrate: false });
  // Same guards as a server start: refuse a newer schema, copy an embedded database before upgrading it.
  const { applied } = await safeMigrate(db.orm, settings);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
  await db.close();
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
