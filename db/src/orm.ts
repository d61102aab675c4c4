import 'reflect-metadata';
import fs from 'node:fs';
import path from 'node:path';
import { MikroORM, type Configuration } from '@mikro-orm/core';
import type { AbstractSqlConnection } from '@mikro-orm/knex';
import type * as Migrations from '@mikro-orm/migrations';
import { closeCommitClock } from './commit-clock';
import { closeLeanReader } from './lean';
import { startFtsIndexer } from './search/fts-indexer';
import { startGramIndexer } from './search/gram-indexer';
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
  const orm = await MikroORM.init(buildOrmOptions(settings));
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
  // MySQL's gram postings are written after each commit by the gram indexer, once the schema is current.
  const indexer =
    options.migrate === false
      ? null
      : dialect === 'mysql'
        ? startGramIndexer(orm, settings.log)
        : file !== ':memory:'
          ? startFtsIndexer(orm, file, settings.log)
          : null;
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

/**
 * The ORM's migrator, loaded on first use: with umzug and its command-line parts it is ~290 modules and
 * ~3 MB of heap (~5 MB of RSS) that a server whose schema is current never needs for its whole life
 * (issue #14: RSS under load). A start with nothing to migrate never loads it (`safeMigrate`).
 */
export function migratorOf(orm: MikroORM): Migrations.Migrator {
  if (!orm.config.getExtension('@mikro-orm/migrator')) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { Migrator } = require('@mikro-orm/migrations') as typeof Migrations;
    Migrator.register(orm);
  }
  return orm.config.getExtension<Migrations.Migrator>('@mikro-orm/migrator')!;
}

/** Names of the migrations the database has run, read without the migrator (none before the first). */
export async function executedMigrations(orm: MikroORM): Promise<string[]> {
  const table = orm.config.get('migrations').tableName!;
  const knex = (orm.em.getConnection() as AbstractSqlConnection).getKnex();
  if (!(await knex.schema.hasTable(table))) return [];
  const rows = (await knex(table).select('name')) as { name: string }[];
  return rows.map((row) => String(row.name).replace(/\.(js|ts)$/, ''));
}

/** The migrations this build ships that the database has not run (the readiness probe asks). */
export async function pendingMigrations(orm: MikroORM, dialect: Dialect): Promise<string[]> {
  const executed = new Set(await executedMigrations(orm));
  return knownMigrations(dialect).filter((name) => !executed.has(name));
}

export async function migrate(orm: MikroORM): Promise<string[]> {
  const applied = await migratorOf(orm).up();
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
  const executed = await executedMigrations(orm);
  const known = knownMigrations(dialect);
  const unknown = executed.filter((name) => !known.includes(name));
  if (unknown.length) throw new DatabaseTooNewError(unknown);
  const pending = known.filter((name) => !executed.includes(name));
  // The usual start: the schema is current and the migrator is never loaded.
  if (!pending.length) return { applied: [], backup: null };
  let backup: string | null = null;
  if (executed.length && dialect === 'sqlite') {
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
  const applied = (await migratorOf(orm).up()).map((m) => m.name);
  return { applied, backup };
}
