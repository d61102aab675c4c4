import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_RATE_LIMITS, type RateLimitRules } from '../../api/src/domain';
import { DEFAULT_GRAPHQL_LIMITS, type GraphQLLimits, type IntrospectionMode } from '../../api/src/graphql';
import { DEFAULT_BODY_LIMITS, type BodyLimits } from './http/body-limits';
import { parseTrustProxy } from './http/trust-proxy';
import type { S3Settings } from '../../api/src/storage/s3.storage';
import { explorerSetting } from './http/graphql-explorer';

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
  /** Largest request body accepted, in bytes (an upload's file is limited by the site setting instead). */
  bodyLimit: BodyLimits['standard'];
  /** APP_TIMEZONE: IANA zone of ShowDoc-format times on the REST door. */
  appTimeZone: string;
  // Issue #15 (limits on work per request, trusted proxies): see server/src/http and api/src/graphql/limits.ts.
  graphqlLimits: GraphQLLimits;
  graphqlIntrospection: IntrospectionMode;
  /** GraphiQL at /graphql for browsers (QUIRE_GRAPHQL_EXPLORER). */
  graphqlExplorer: boolean;
  /** Fastify's `trustProxy`: who may set X-Forwarded-For/-Proto (false: no one). */
  trustProxy: false | string[];
  /** CRON_TOKEN: lets an outside cron start the purge through ShowDoc's `ScriptCron/run` (unset: refused). */
  cronToken?: string;
  /** QUIRE_OUTBOUND_ALLOW_PRIVATE: addresses the administrator sets (AI, storage) may be private hosts. */
  allowPrivateOutbound: boolean;
  /** QUIRE_METRICS_TOKEN: Prometheus metrics at /metrics for requests bearing it (unset: no /metrics). */
  metricsToken?: string;
  /** REDIS_URL: rate-limit counters shared by every node; unset: each process counts in memory. */
  redisUrl?: string;
  /** QUIRE_REDIS_PREFIX: first part of every Redis key, so several sites can share one Redis. */
  redisPrefix: string;
  /** Attempts allowed per client address and per account, item... (README: rate limits). */
  rateLimits: RateLimitRules;
  /**
   * How often expired edit locks are removed and announced, how often the purge runs, how often the
   * webhook outbox is drained, and the first retry delay of a failed delivery (doubling after).
   */
  jobs: { lockSweepMs: number; purgeEveryMs: number; webhookEveryMs: number; webhookRetryBaseMs: number };
  /** QUIRE_TURN_TARGET_MS: requests take turns on the event loop, batches shrinking while an iteration is longer (0: off). */
  turnTargetMs: number;
  /** QUIRE_IMPORT_MAX_BYTES: largest ShowDoc database (or zip of its uploads) the admin console accepts. */
  importMaxBytes: number;
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
    bodyLimit: positiveInt(env, 'QUIRE_BODY_LIMIT', DEFAULT_BODY_LIMITS.standard),
    graphqlLimits: {
      maxTokens: positiveInt(env, 'QUIRE_GRAPHQL_MAX_TOKENS', DEFAULT_GRAPHQL_LIMITS.maxTokens),
      maxDepth: positiveInt(env, 'QUIRE_GRAPHQL_MAX_DEPTH', DEFAULT_GRAPHQL_LIMITS.maxDepth),
      maxAliases: positiveInt(env, 'QUIRE_GRAPHQL_MAX_ALIASES', DEFAULT_GRAPHQL_LIMITS.maxAliases),
      maxFields: positiveInt(env, 'QUIRE_GRAPHQL_MAX_FIELDS', DEFAULT_GRAPHQL_LIMITS.maxFields),
    },
    graphqlIntrospection: introspectionMode(env.QUIRE_GRAPHQL_INTROSPECTION),
    graphqlExplorer: explorerSetting(env.QUIRE_GRAPHQL_EXPLORER, env.NODE_ENV),
    trustProxy: parseTrustProxy(env.QUIRE_TRUST_PROXY),
    appTimeZone: timeZone(env.APP_TIMEZONE || 'Asia/Shanghai'),
    cronToken: env.CRON_TOKEN || undefined,
    allowPrivateOutbound:
      env.QUIRE_OUTBOUND_ALLOW_PRIVATE === 'true' || env.QUIRE_OUTBOUND_ALLOW_PRIVATE === '1',
    metricsToken: env.QUIRE_METRICS_TOKEN || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.QUIRE_REDIS_PREFIX || 'quire',
    rateLimits: DEFAULT_RATE_LIMITS,
    jobs: {
      lockSweepMs: 5_000,
      purgeEveryMs: 60 * 60 * 1000,
      webhookEveryMs: positiveInt(env, 'QUIRE_WEBHOOK_INTERVAL_MS', 2_000),
      webhookRetryBaseMs: positiveInt(env, 'QUIRE_WEBHOOK_RETRY_MS', 30_000),
    },
    turnTargetMs: wholeNumber(env, 'QUIRE_TURN_TARGET_MS', 5),
    importMaxBytes: positiveInt(env, 'QUIRE_IMPORT_MAX_BYTES', 512 * 1024 * 1024),
    s3: s3FromEnv(env),
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

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return value;
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
}

function introspectionMode(raw: string | undefined): IntrospectionMode {
  const value = raw?.trim() || 'signed-in';
  if (value === 'on' || value === 'off' || value === 'signed-in') return value;
  throw new Error(`QUIRE_GRAPHQL_INTROSPECTION must be signed-in, on or off, got "${value}"`);
}

/** The checkout's top folder, found from this file whether it runs from api/src or dist/api/src. */
function projectRoot(): string {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'codegen.yml')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
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
