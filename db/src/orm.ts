import 'reflect-metadata';
import fs from 'node:fs';
import path from 'node:path';
import { MikroORM, type Configuration } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { closeCommitClock } from './commit-clock';
import { closeLeanReader } from './lean';
import { startFtsIndexer } from './search/fts-indexer';
import {
  buildOrmOptions,
  dialectOf,
  migrationsFolder,
  sqliteFileOf,
  type DatabaseSettings,
  type Dialect,
} from './config';

export interface Database {
  orm: MikroORM;
  dialect: Dialect;
  /** The copy of the embedded database taken before this start's migrations, if any ran. */
  preUpgradeBackup: string | null;
  close(): Promise<void>;
}

/** Pre-upgrade copies of the embedded database kept in `$QUIRE_DATA_DIR/backups`; older ones are removed. */
export const PRE_UPGRADE_BACKUPS_KEPT = 5;

/** Thrown at start when the database was migrated by a newer Quire than this one. */
export class DatabaseTooNewError extends Error {
  constructor(readonly unknownMigrations: string[]) {
    super(
      `The database was upgraded by a newer Quire (its schema has ${unknownMigrations.join(', ')}, which ` +
        'this version does not know). Run that Quire version or newer, or restore a backup taken before ' +
        'the upgrade; this Quire will not start on it.',
    );
    this.name = 'DatabaseTooNewError';
  }
}

/** Opens the database and applies pending migrations (idempotent: a second start applies nothing). */
export async function openDatabase(
  settings: DatabaseSettings,
  options: { migrate?: boolean } = {},
): Promise<Database> {
  const dialect = dialectOf(settings);
  const orm = await MikroORM.init({ ...buildOrmOptions(settings), extensions: [Migrator] });
  forkWithoutResync(orm.config);
  let preUpgradeBackup: string | null = null;
  try {
    if (options.migrate !== false) preUpgradeBackup = (await safeMigrate(orm, settings)).backup;
  } catch (err) {
    await orm.close(true);
    throw err;
  }
  // The embedded database's full-text index is kept by a thread of its own, once the schema is current.
  const file = dialect === 'sqlite' ? sqliteFileOf(settings) : ':memory:';
  const indexer =
    options.migrate !== false && file !== ':memory:' ? startFtsIndexer(orm, file, settings.log) : null;
  return {
    orm,
    dialect,
    preUpgradeBackup,
    close: async () => {
      await indexer?.close();
      closeLeanReader(orm.em);
      closeCommitClock(orm);
      return orm.close(true);
    },
  };
}

/**
 * `em.fork()` (one per request) sets `allowGlobalContext` on the shared configuration and back, and
 * each `set` re-applies the whole configuration, writing `process.env.MIKRO_ORM_COLORS` among others:
 * ~2 % of the CPU of the cheapest requests (issue #14). That option is read where it is used, never
 * through what `sync` applies, so setting it only stores it.
 */
export function forkWithoutResync(config: Configuration): void {
  const set = config.set.bind(config);
  const options = config.getAll();
  config.set = ((key, value) => {
    if (key === 'allowGlobalContext') options.allowGlobalContext = value as boolean;
    else set(key, value);
  }) as Configuration['set'];
}

export async function migrate(orm: MikroORM): Promise<string[]> {
  const applied = await orm.getMigrator().up();
  return applied.map((m) => m.name);
}

/** Names of the migrations this build ships for a dialect (the files' names without extension). */
export function knownMigrations(dialect: Dialect): string[] {
  return fs
    .readdirSync(migrationsFolder(dialect))
    .filter((name) => /\.(js|ts)$/.test(name) && !name.endsWith('.d.ts'))
    .map((name) => name.replace(/\.(js|ts)$/, ''))
    .sort();
}

/**
 * Migrates with two guards: a database with migrations this build does not know is refused (it was
 * upgraded by a newer Quire, and an older one would misread it); and an embedded database that has data
 * and pending migrations is first copied with `VACUUM INTO` to `backups/` next to it (the newest
 * PRE_UPGRADE_BACKUPS_KEPT are kept), so an upgrade can always be undone by putting the copy back.
 */
export async function safeMigrate(
  orm: MikroORM,
  settings: DatabaseSettings,
): Promise<{ applied: string[]; backup: string | null }> {
  const dialect = dialectOf(settings);
  const migrator = orm.getMigrator();
  const executed = (await migrator.getExecutedMigrations()).map((m) => m.name.replace(/\.(js|ts)$/, ''));
  const known = new Set(knownMigrations(dialect));
  const unknown = executed.filter((name) => !known.has(name));
  if (unknown.length) throw new DatabaseTooNewError(unknown);
  const pending = await migrator.getPendingMigrations();
  let backup: string | null = null;
  if (pending.length && executed.length && dialect === 'sqlite') {
    const file = sqliteFileOf(settings);
    if (file !== ':memory:') {
      const folder = path.join(path.dirname(path.resolve(file)), 'backups');
      fs.mkdirSync(folder, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      backup = path.join(folder, `pre-upgrade-${stamp}-${executed.at(-1)}.db`);
      await orm.em.getConnection().execute(`vacuum into '${backup.replace(/'/g, "''")}'`, [], 'run');
      settings.log?.(`database backed up before applying ${pending.length} migration(s): ${backup}`);
      const old = fs
        .readdirSync(folder)
        .filter((name) => /^pre-upgrade-.*\.db$/.test(name))
        .sort()
        .slice(0, -PRE_UPGRADE_BACKUPS_KEPT);
      for (const name of old) fs.rmSync(path.join(folder, name), { force: true });
    }
  }
  const applied = (await migrator.up()).map((m) => m.name);
  return { applied, backup };
}
