import fs from 'node:fs';
import path from 'node:path';
import type { S3Settings } from './storage/s3.storage';

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  adminUser: string;
  adminPassword?: string;
  testCaptcha?: string;
  /** Folder of the built web app (index.html and assets). */
  webDist: string;
  logLevel: string;
  /** Largest request body accepted, in bytes (uploads are limited separately). */
  bodyLimit: number;
  /** CRON_TOKEN: lets an outside cron start the purge through ShowDoc's `ScriptCron/run` (unset: refused). */
  cronToken?: string;
  /** How often expired edit locks are removed and announced, and how often the purge runs. */
  jobs: { lockSweepMs: number; purgeEveryMs: number };
  /** STORAGE=s3 and S3_*: the bucket for uploads (wins over the site's oss settings); null: local or site. */
  s3: S3Settings | null;
}

/** Every environment variable Quire reads, with its default (README's configuration table). */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const root = projectRoot();
  return {
    port: Number.parseInt(env.PORT ?? '4000', 10),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.QUIRE_DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    adminUser: env.QUIRE_ADMIN_USER || 'admin',
    adminPassword: env.QUIRE_ADMIN_PASSWORD || undefined,
    testCaptcha: env.QUIRE_TEST_CAPTCHA || undefined,
    webDist: path.resolve(env.QUIRE_WEB_DIST ?? path.join(root, 'web', 'dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
    bodyLimit: Number.parseInt(env.QUIRE_BODY_LIMIT ?? String(8 * 1024 * 1024), 10),
    cronToken: env.CRON_TOKEN || undefined,
    jobs: { lockSweepMs: 5_000, purgeEveryMs: 60 * 60 * 1000 },
    s3: s3FromEnv(env),
  };
}

/** `STORAGE=s3` with `S3_BUCKET` (and endpoint, region, keys...); anything else leaves storage to the site. */
function s3FromEnv(env: NodeJS.ProcessEnv): S3Settings | null {
  if ((env.STORAGE ?? '').trim().toLowerCase() !== 's3') return null;
  const endpoint = env.S3_ENDPOINT?.trim() ?? '';
  const pathStyle = env.S3_FORCE_PATH_STYLE?.trim();
  return {
    endpoint,
    region: env.S3_REGION?.trim() || 'us-east-1',
    bucket: env.S3_BUCKET?.trim() ?? '',
    accessKeyId: env.S3_ACCESS_KEY_ID?.trim() ?? '',
    secretAccessKey: env.S3_SECRET_ACCESS_KEY?.trim() ?? '',
    forcePathStyle: pathStyle ? pathStyle === '1' || pathStyle === 'true' : endpoint !== '',
    prefix: env.S3_PREFIX?.trim() ?? '',
    publicDomain: env.S3_PUBLIC_DOMAIN?.trim() ?? '',
  };
}

/** The checkout's top folder, found from this file whether it runs from api/src or dist/api/src. */
function projectRoot(): string {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'codegen.yml')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}
