import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { stripVTControlCharacters } from 'node:util';
import { ApolloServer } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import fastifyApollo, { fastifyApolloDrainPlugin } from '@as-integrations/fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { Redis } from 'ioredis';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import {
  buildGraphQLSchema,
  compiledExecutorGateway,
  graphqlAnswerJson,
  keptAnswerBytes,
  formatExecutionResult,
  formatGraphQLError,
  localizeErrorsPlugin,
  fileHttpPlugin,
  openApiHttpPlugin,
  assistantHttpPlugin,
  importHttpPlugin,
  sheetHttpPlugin,
  type FileHttpOptions,
  guardParseOptions,
  guardPlugin,
  guardSubscribe,
  guardValidationRules,
  type GraphQLContext,
  type SessionCookie,
} from '../../api/src/graphql';
import {
  buildServices,
  closeMockPool,
  closeSheetXlsxPool,
  closeSqlParsePool,
  DomainError,
  hashToken,
  JobScheduler,
  drainOutbox,
  PlainTextFiller,
  newToken,
  RateLimits,
  Viewer,
  type Language,
  type Services,
} from '../../api/src/domain';
import { createInProcessPubSub, createRedisPubSub } from '../../api/src/pubsub';
import { mcpHttpPlugin } from '../../api/src/mcp';
import { clusterLease } from './cluster-lease';
import { compatRestPlugin } from '../../compat-rest/src';
import { parseFormBody } from '../../compat-rest/src/document-wire';
import { COMPRESSION_ENCODINGS, keepAnswer, keptCompressed } from '../../compat-rest/src/wire';
import { commitsSettling, openDatabase, pendingMigrations, type Database } from '../../db/src';
import type { AppConfig } from './config';
import { registerSecurityHeaders } from './http/security-headers';
import { registerGraphQLExplorer } from './http/graphql-explorer';
import { registerTurns, Turns } from './http/turns';
import { registerShowdocEntry } from './http/showdoc-entry';
import { closePromptly } from './http/prompt-close';
import { ShowdocImportJobs } from './migrate/showdoc/import-jobs';
import { showdocImportHttpPlugin } from './migrate/showdoc/import-http';
import { localStorageAt, s3StorageFor } from '../../api/src/storage/storage-config';
import { attachCommitClock } from './redis-commit-clock';

export const SESSION_COOKIE = 'quire_token';
export const VISITOR_COOKIE = 'quire_visitor';

export interface RunningServer {
  app: FastifyInstance;
  db: Database;
  url: string;
  /** The scheduled work of this process (lock expiry, purge). */
  jobs: JobScheduler;
  /** ShowDoc imports started from the admin console (issue #23). */
  showdocImports: ShowdocImportJobs;
  /** Writes the pages' plain text for search snippets in the background (issue #22). */
  plainText: PlainTextFiller;
  close(): Promise<void>;
}

/** The composition root: database, services, GraphQL (HTTP and WebSocket), ShowDoc REST and the web app. */
export async function createServer(config: AppConfig): Promise<RunningServer> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    // ShowDoc paths like /server/index.php?s=/api/item/info carry their route in the query.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // A URL the router cannot decode (bad percent-encoding): ShowDoc clients get their envelope.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const showdoc = /^\/(server|api)(\/|\?|$)/.test(request.url);
      void (showdoc
        ? reply.code(200).send({ error_code: 10101, error_message: `请求格式错误 (${error.message})` })
        : reply.code(400).send({ error: 'Bad Request', message: error.message }));
    },
  });
  const db = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    log: (message) => app.log.info(stripVTControlCharacters(message)),
  });
  // Rate-limit counters: in this process, or in Redis so that every node counts the same attempts.
  // Loaded only when configured, as are the metrics below: each library is ~1.5 MB of heap (issue #14).
  const redis = config.redisUrl ? new (await import('ioredis')).Redis(config.redisUrl) : null;
  // MySQL/MariaDB reads kept until any node commits, against a token in Redis (issue #14).
  const commitClock = await attachCommitClock(db, config.redisUrl, config.redisPrefix);
  // Search snippets' plain text (issue #22): written after each page commit and, for pages without it
  // (an upgraded database, a ShowDoc import run by the CLI), by a backfill that starts here in the background.
  const plainText = new PlainTextFiller(db.orm.em, {
    warn: (details, message) => app.log.warn(details, message),
  }).start();
  // One event bus per process: services publish to it, graphql-ws subscriptions read from it. With Redis,
  // events reach every node; a publish while Redis is away is dropped at once (never queued or awaited).
  const redisEvents = redis
    ? {
        publisher: redis.duplicate({ enableOfflineQueue: false }),
        subscriber: redis.duplicate({ maxRetriesPerRequest: null }),
      }
    : null;
  const pubSub = redisEvents
    ? createRedisPubSub({
        ...redisEvents,
        prefix: config.redisPrefix,
        log: { warn: (m) => app.log.warn(m), info: (m) => app.log.info(m) },
      })
    : createInProcessPubSub();
  const rateLimits = new RateLimits(
    redis ? { kind: 'redis', client: redis, prefix: config.redisPrefix } : { kind: 'memory' },
    config.rateLimits,
  );
  // Issue #23: ShowDoc imports started from the admin console run in this process, one at a time.
  const showdocImports = new ShowdocImportJobs({
    orm: db.orm,
    stagingDir: path.join(config.dataDir, 'import-staging'),
    storage: config.s3
      ? { driver: s3StorageFor(config.s3), kind: 's3' }
      : { driver: localStorageAt(path.join(config.dataDir, 'uploads')), kind: 'local' },
    timeZone: config.appTimeZone,
    maxBytes: config.importMaxBytes,
    log: { info: (m) => app.log.info(m), error: (m) => app.log.error(m) },
  });
  const domainOptions = {
    showdocImports,
    testCaptcha: config.testCaptcha,
    pubSub,
    cronToken: config.cronToken,
    allowPrivateOutbound: config.allowPrivateOutbound,
    storage: { uploadsDir: path.join(config.dataDir, 'uploads'), s3: config.s3 },
    rateLimits,
  };
  const servicesFor = (): Services => buildServices(db.orm.em.fork(), domainOptions);

  await bootstrap(app, servicesFor(), config);
  registerSecurityHeaders(app, path.join(config.webDist, 'index.html'));
  if (commitClock) {
    // An answer goes once this process's commits changed the commit clock: whatever its client asks next,
    // of any node, reads after them (issue #14).
    app.addHook('onSend', (_request, _reply, payload, done) => {
      const settling = commitsSettling(db.orm);
      if (settling) void settling.then(() => done(null, payload));
      else done(null, payload);
    });
  }
  registerGraphQLExplorer(app, { enabled: config.graphqlExplorer, webDist: config.webDist });
  if (config.turnTargetMs > 0) {
    registerTurns(
      app,
      new Turns(config.turnTargetMs),
      (url) => url === '/healthz' || url.startsWith('/healthz?'),
    );
  }
  const guard = { limits: config.graphqlLimits, introspection: config.graphqlIntrospection };

  // Large answers (a 2,000-page menu is ~300 kB of JSON) go compressed to clients that accept it (#14);
  // small ones stay as they are, where compressing costs more than it saves.
  // Brotli at zlib's default quality (11) compresses ~1 MB/s: the web app's large chunks (mermaid, KaTeX)
  // queued on the thread pool for tens of seconds and held up every other chunk. Quality 4 is ~50x faster
  // for a few per cent more bytes.
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: COMPRESSION_ENCODINGS,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody, { bodyLimit: config.bodyLimit, parser: parseFormBody });
  await app.register(fastifyMultipart, { limits: { fileSize: 4 * 1024 * 1024, files: 1, fields: 200 } });

  if (config.metricsToken) {
    const { registerMetrics } = await import('./http/metrics.js');
    registerMetrics(app, { token: config.metricsToken, db, redis });
  }
  app.get('/healthz', async () => ({ status: 'ok', database: db.dialect }));
  // Readiness (issue #23): the database answers, no migration is pending, Redis answers when configured.
  app.get('/readyz', async (_request, reply) => {
    const checks = await readiness(db, redis);
    const ready = checks.database && checks.migrations && checks.redis !== false;
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks });
  });

  // GraphQL over HTTP.
  const schema = await buildGraphQLSchema(pubSub);
  const languageOf = (header: string | undefined): Language => (/^zh/i.test(header ?? '') ? 'zh' : 'en');
  const apollo = new ApolloServer<GraphQLContext>({
    // The schema, with queries run by the compiled executor (issue #14).
    gateway: compiledExecutorGateway(schema),
    // Apollo's own text of the answer, with the menus' kept texts spliced in (issue #14).
    stringifyResult: graphqlAnswerJson,
    // Who may introspect is decided per request by guardPlugin (QUIRE_GRAPHQL_INTROSPECTION).
    introspection: true,
    includeStacktraceInErrorResponses: false,
    parseOptions: guardParseOptions(guard),
    validationRules: guardValidationRules(guard),
    // Apollo's own landing page loads its sandbox from a CDN: browsers get Quire's bundled explorer instead.
    plugins: [
      ApolloServerPluginLandingPageDisabled(),
      // Quire sets no cache hints, and the default cache-control plugin's willResolveField hook made Apollo
      // wrap every field resolver: a third of the CPU of a 2,000-page menu query (issue #14).
      ApolloServerPluginCacheControlDisabled(),
      fastifyApolloDrainPlugin(app),
      localizeErrorsPlugin<GraphQLContext>(),
      guardPlugin(guard),
    ],
    formatError: (formatted, error) =>
      formatGraphQLError(formatted, error, null, (err) => app.log.error({ err }, 'graphql resolver failed')),
  });
  await apollo.start();
  await app.register(async (graphql) => {
    // Answers with kept menu texts go as their kept bytes, compressed once per answer (issue #14).
    graphql.addHook('onSend', async (request, reply, payload) => {
      const bytes = keptAnswerBytes(payload);
      if (!bytes) return payload;
      const kept = await keptCompressed(keepAnswer(bytes), request.headers);
      if (kept) void reply.header('content-encoding', kept.encoding).header('vary', 'accept-encoding');
      return kept?.bytes ?? bytes;
    });
    await graphql.register(fastifyApollo(apollo), {
      path: '/graphql',
      context: async (request, reply) => {
        const services = servicesFor();
        return {
          services,
          viewer: await requestViewer(services, request),
          language: languageOf(request.headers['accept-language']),
          session: sessionCookie(request, reply),
        };
      },
    });
  });

  // GraphQL over WebSocket (subscriptions), same port and path.
  const wsServer = new WebSocketServer({
    server: app.server,
    path: '/graphql',
    maxPayload: config.bodyLimit,
  });
  const wsCleanup = useServer<Record<string, unknown>>(
    {
      schema,
      onSubscribe: guardSubscribe(schema, guard, async (ctx) => {
        const token = typeof ctx.connectionParams?.token === 'string' ? ctx.connectionParams.token : '';
        return (await viewerFromToken(servicesFor(), token, '')).isLoggedIn;
      }),
      context: async (ctx) => {
        const services = servicesFor();
        const token = typeof ctx.connectionParams?.token === 'string' ? ctx.connectionParams.token : '';
        const ip = ctx.extra.request.socket.remoteAddress ?? '';
        // A browser session that unlocked a private item reads it here too (its cookie comes with the upgrade).
        const visitor = cookieValue(ctx.extra.request.headers.cookie, VISITOR_COOKIE);
        return {
          services,
          viewer: await viewerFromToken(services, token, ip, visitor),
          language: languageOf(ctx.extra.request.headers['accept-language']),
          session: { set: () => undefined, clear: () => undefined, visitorKey: () => '' },
        } satisfies GraphQLContext;
      },
      onNext: (ctx, _id, _payload, _args, result) =>
        formatExecutionResult(result, languageOf(ctx.extra.request.headers['accept-language']), (err) =>
          app.log.error({ err }, 'graphql subscription failed'),
        ),
    },
    wsServer,
  );

  // Files: uploads and downloads for GraphQL clients, authenticated as GraphQL is.
  const fileHttp: FileHttpOptions = {
    services: servicesFor,
    viewerOf: (request, services) => requestViewer(services, request),
    byCookie: (request) =>
      !/^Bearer\s+/i.test(request.headers.authorization ?? '') && !!request.cookies[SESSION_COOKIE],
  };
  await app.register(fileHttpPlugin, fileHttp);
  await app.register(importHttpPlugin, fileHttp);

  // The OpenAPI 3.1 export of an item as a download, authenticated as GraphQL is.
  await app.register(openApiHttpPlugin, {
    services: servicesFor,
    viewerOf: (request, services) => requestViewer(services, request),
  });
  // Spreadsheet items: xlsx import/export and CSV (issue #20), authenticated the same way.
  await app.register(sheetHttpPlugin, fileHttp);

  // The editor's writing assistant (an SSE stream), authenticated as GraphQL is.
  await app.register(assistantHttpPlugin, {
    services: servicesFor,
    viewerOf: (request, services) => viewerFromToken(services, bearerOrCookie(request), request.ip),
  });
  // The MCP door for AI editors, at Quire's /mcp and ShowDoc's /mcp.php (issue #21).
  await app.register(mcpHttpPlugin, { services: servicesFor });
  await app.register(showdocImportHttpPlugin, {
    jobs: showdocImports,
    services: servicesFor,
    viewerOf: (request, services) => viewerFromToken(services, bearerOrCookie(request), request.ip),
    byCookie: (request) =>
      !/^Bearer\s+/i.test(request.headers.authorization ?? '') && !!request.cookies[SESSION_COOKIE],
  });

  await app.register(compatRestPlugin, { services: servicesFor, timeZone: config.appTimeZone });
  // ShowDoc's `/web/#/p/{key}` links (sent to customers) land on Quire's `/p/{key}`.
  registerShowdocEntry(app);
  await serveWebApp(app, config.webDist);

  const lease = clusterLease(redis, config.redisPrefix);
  const jobs = new JobScheduler(
    [
      {
        name: 'expire-locks',
        everyMs: config.jobs.lockSweepMs,
        run: (now) => servicesFor().jobs.expireLocks(now),
      },
      // First a minute after start, so a node restarted often still purges.
      {
        name: 'purge',
        everyMs: config.jobs.purgeEveryMs,
        firstAfterMs: Math.min(60_000, config.jobs.purgeEveryMs),
        // Once per cluster: the node that takes the round's lease purges.
        run: async (now) => {
          if (await lease('purge', config.jobs.purgeEveryMs * 0.9)) await servicesFor().jobs.purge(now);
        },
      },
      // Safe on every node at once: each delivery is claimed before it is sent.
      {
        name: 'deliver-webhooks',
        everyMs: config.jobs.webhookEveryMs,
        run: (now) => drainOutbox(db.orm.em.fork(), { retryBaseMs: config.jobs.webhookRetryBaseMs }, now),
      },
    ],
    { error: (details, message) => app.log.error(details, message) },
  );

  const beginClose = closePromptly(app.server);
  await app.listen({ port: config.port, host: config.host });
  jobs.start();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return {
    app,
    db,
    url: `http://127.0.0.1:${port}`,
    jobs,
    showdocImports,
    plainText,
    async close() {
      await jobs.stop();
      await showdocImports.idle();
      await wsCleanup.dispose();
      wsServer.close();
      beginClose();
      await app.close();
      await closeSqlParsePool();
      await closeMockPool();
      await closeSheetXlsxPool();
      await plainText.close();
      await commitClock?.close();
      await db.close();
      redisEvents?.subscriber.disconnect();
      redisEvents?.publisher.disconnect();
      // An unreachable Redis cannot take a QUIT: drop the connection instead of failing the shutdown.
      await redis?.quit().catch(() => redis.disconnect());
    },
  };
}

/** One cookie of a raw `Cookie` header (the WebSocket upgrade has no parsed cookies); '' when absent. */
function cookieValue(header: string | undefined, name: string): string {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) {
      try {
        return decodeURIComponent(part.slice(at + 1).trim());
      } catch {
        return '';
      }
    }
  }
  return '';
}

function bearerOrCookie(request: FastifyRequest): string {
  const auth = request.headers.authorization ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(auth);
  return match ? match[1]!.trim() : (request.cookies[SESSION_COOKIE] ?? '');
}

/**
 * An invalid or expired token makes the caller a visitor; `me` then answers null and the app signs out. A
 * visitor with the visitor cookie is keyed by it (the items its session unlocked).
 */
async function viewerFromToken(
  services: Services,
  token: string,
  ip: string,
  visitorCookie?: string,
): Promise<Viewer> {
  const visitor = () =>
    visitorCookie ? new Viewer(null, hashToken(visitorCookie), ip) : Viewer.anonymous(ip);
  if (!token) return visitor();
  try {
    return await services.accounts.signedIn(token, undefined, ip);
  } catch (err) {
    if (err instanceof DomainError) return visitor();
    throw err;
  }
}

/** The viewer of an HTTP request to GraphQL and its companion routes: bearer token or session cookie, else the visitor cookie. */
function requestViewer(services: Services, request: FastifyRequest): Promise<Viewer> {
  return viewerFromToken(services, bearerOrCookie(request), request.ip, request.cookies[VISITOR_COOKIE]);
}

function sessionCookie(request: FastifyRequest, reply: FastifyReply): SessionCookie {
  // Secure when the request came over HTTPS, as told by the socket or a trusted proxy (QUIRE_TRUST_PROXY).
  const options = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  } as const;
  return {
    set: (token, expiresAt) =>
      void reply.setCookie(SESSION_COOKIE, token, { ...options, expires: expiresAt }),
    clear: () => void reply.clearCookie(SESSION_COOKIE, { path: '/' }),
    visitorKey: () => {
      let visitor = request.cookies[VISITOR_COOKIE];
      if (!visitor) {
        visitor = newToken();
        reply.setCookie(VISITOR_COOKIE, visitor, { ...options, maxAge: 180 * 24 * 3600 });
      }
      return hashToken(visitor);
    },
  };
}

async function bootstrap(app: FastifyInstance, services: Services, config: AppConfig): Promise<void> {
  const { user, created, generatedPassword } = await services.accounts.ensureAdmin(
    config.adminUser,
    config.adminPassword,
  );
  // First start: say who can sign in and how. A configured password is never printed; a generated one is
  // shown this once, as nobody could sign in otherwise.
  if (created) {
    app.log.warn(
      generatedPassword
        ? `created the administrator "${user.username}" with the password ${generatedPassword} (shown once): sign in at /user/login and change it under /user/setting`
        : `created the administrator "${user.username}" with the password from QUIRE_ADMIN_PASSWORD: sign in at /user/login`,
    );
  }
  if (config.testCaptcha) {
    app.log.warn('QUIRE_TEST_CAPTCHA is set: that value passes every captcha. Never set it in production.');
  }
}

/** The built web app, with index.html for every client route (the router decides what to show). */
const PROBE_TIMEOUT_MS = 2_000;

/** A probe that fails instead of waiting: a Redis that reconnects forever would hang `/readyz`. */
function withinProbeTime<T>(work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error('probe timed out')), PROBE_TIMEOUT_MS).unref(),
    ),
  ]);
}

async function readiness(
  db: Database,
  redis: Redis | null,
): Promise<{ database: boolean; migrations: boolean; redis: boolean | null }> {
  const checks = { database: false, migrations: false, redis: redis ? false : null } as {
    database: boolean;
    migrations: boolean;
    redis: boolean | null;
  };
  try {
    await withinProbeTime(db.orm.em.getConnection().execute('select 1'));
    checks.database = true;
    checks.migrations = (await withinProbeTime(pendingMigrations(db.orm, db.dialect))).length === 0;
  } catch {
    // Reported as false.
  }
  if (redis)
    checks.redis = await withinProbeTime(redis.ping()).then(
      (answer) => answer === 'PONG',
      () => false,
    );
  return checks;
}

async function serveWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const index = path.join(webDist, 'index.html');
  const hasWeb = fs.existsSync(index);
  if (hasWeb) await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  else app.log.warn(`no web app at ${webDist}: run \`npm run build\``);
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !/^\/(graphql|healthz)\b/.test(url);
    if (isPage && hasWeb && !path.extname(url)) {
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(fs.createReadStream(index));
    }
    return reply.code(404).send({ error: 'Not Found', message: `No route for ${request.method} ${url}` });
  });
}
