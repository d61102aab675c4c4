import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../../db/src';
import { buildServices, type DomainOptions, type Services } from '../../api/src/domain/services';
import { migratedScratchMysqlUrl, type TestDatabase } from './mysql';

export interface TestDb {
  database: Database;
  /** Fresh services on a fresh EntityManager fork, as one request would have. */
  services(): Services;
  close(): Promise<void>;
}

/** A migrated, empty database: a temp SQLite file, or a scratch MySQL database named after `suffix`. */
export async function openTestDb(
  target: TestDatabase,
  suffix: string,
  options: DomainOptions = {},
): Promise<TestDb> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `quire-${suffix}-`));
  const url = target.url ? await migratedScratchMysqlUrl(target.url, suffix) : undefined;
  const database = await openDatabase({ url, dataDir });
  return {
    database,
    services: () => buildServices(database.orm.em.fork(), options),
    close: async () => {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
