import path from 'node:path';
import { openDatabase } from './orm';

/** `npm run db:migrate`: applies pending migrations to DATABASE_URL (or the embedded file) and exits. */
async function main(): Promise<void> {
  const db = await openDatabase(
    { url: process.env.DATABASE_URL, dataDir: path.resolve(process.env.QUIRE_DATA_DIR ?? 'data') },
    { migrate: false },
  );
  const applied = await db.orm.getMigrator().up();
  console.log(
    applied.length ? `applied: ${applied.map((m) => m.name).join(', ')}` : 'database is up to date',
  );
  await db.close();
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
