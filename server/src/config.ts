import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_RATE_LIMITS, type RateLimitRules } from '../../api/src/domain';

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
  /** APP_TIMEZONE: IANA zone of ShowDoc-format times on the REST door. */
  appTimeZone: string;
  /** CRON_TOKEN: lets an outside cron start the purge through ShowDoc's `ScriptCron/run` (unset: refused). */
  cronToken?: string;
  /** REDIS_URL: rate-limit counters shared by every node; unset: each process counts in memory. */
  redisUrl?: string;
  /** QUIRE_REDIS_PREFIX: first part of every Redis key, so several sites can share one Redis. */
  redisPrefix: string;
  /** Attempts allowed per client address and per account, item... (README: rate limits). */
  rateLimits: RateLimitRules;
  /** How often expired edit locks are removed and announced, and how often the purge runs. */
  jobs: { lockSweepMs: number; purgeEveryMs: number };
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
    appTimeZone: timeZone(env.APP_TIMEZONE || 'Asia/Shanghai'),
    cronToken: env.CRON_TOKEN || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.QUIRE_REDIS_PREFIX || 'quire',
    rateLimits: DEFAULT_RATE_LIMITS,
    jobs: { lockSweepMs: 5_000, purgeEveryMs: 60 * 60 * 1000 },
  };
}

/** A zone Intl knows, or a start-up error naming the variable (rather than a RangeError on the first request). */
function timeZone(name: string): string {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: name });
  } catch {
    throw new Error(
      `APP_TIMEZONE: unknown time zone "${name}" (expected an IANA name such as Asia/Shanghai)`,
    );
  }
  return name;
}

/** The checkout's top folder, found from this file whether it runs from api/src or dist/api/src. */
function projectRoot(): string {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'codegen.yml')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}
