import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MikroORM } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import mysql from 'mysql2/promise';
import { buildOrmOptions, type Dialect } from './config';

/**
 * Writes the next migration for both dialects from the difference between the entities and a scratch
 * database migrated to the current head. MySQL needs MIGRATION_MYSQL_URL (a server we may create a
 * scratch database on), e.g. mysql://root@127.0.0.1:3306.
 */
async function create(dialect: Dialect): Promise<void> {
  let url: string | undefined;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-mig-'));
  if (dialect === 'mysql') {
    const server = (process.env.MIGRATION_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306').replace(/\/$/, '');
    const admin = await mysql.createConnection(server);
    await admin.query('DROP DATABASE IF EXISTS quire_migration_scratch');
    await admin.query(
      'CREATE DATABASE quire_migration_scratch CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci',
    );
    await admin.end();
    url = `${server}/quire_migration_scratch`;
  }
  const options = buildOrmOptions({ url, dataDir: tmp });
  // Read the compiled migrations (dist/), write the new one as TypeScript into the source tree.
  const srcFolder = path.resolve(__dirname, '..', '..', '..', 'db', 'src', 'migrations', dialect);
  const orm = await MikroORM.init({
    ...options,
    extensions: [Migrator],
    migrations: { ...options.migrations, pathTs: srcFolder },
  });
  await finish(orm);
}

async function finish(orm: MikroORM): Promise<void> {
  const migrator = orm.getMigrator();
  await migrator.up();
  const result = await migrator.createMigration(undefined, false, false, process.env.MIGRATION_NAME);
  console.log(result.fileName ? `wrote ${result.fileName}` : 'no changes');
  await orm.close(true);
}

async function main(): Promise<void> {
  await create('sqlite');
  await create('mysql');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
