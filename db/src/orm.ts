import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { buildOrmOptions, dialectOf, type DatabaseSettings, type Dialect } from './config';

export interface Database {
  orm: MikroORM;
  dialect: Dialect;
  close(): Promise<void>;
}

/** Opens the database and applies pending migrations (idempotent: a second start applies nothing). */
export async function openDatabase(
  settings: DatabaseSettings,
  options: { migrate?: boolean } = {},
): Promise<Database> {
  const dialect = dialectOf(settings);
  const orm = await MikroORM.init({ ...buildOrmOptions(settings), extensions: [Migrator] });
  if (options.migrate !== false) await migrate(orm);
  return { orm, dialect, close: () => orm.close(true) };
}

export async function migrate(orm: MikroORM): Promise<string[]> {
  const applied = await orm.getMigrator().up();
  return applied.map((m) => m.name);
}
