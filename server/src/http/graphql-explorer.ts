import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/**
 * The GraphQL explorer (issue #22): GraphiQL, built with the web app into `<webDist>/explorer/` (no CDN, no
 * telemetry), shown when a browser opens `/graphql` and the setting is on (QUIRE_GRAPHQL_EXPLORER; on by
 * default except with NODE_ENV=production). GraphQL clients (POST, or GET with a `query`) never see it.
 * When off, `/graphql` in a browser gets Apollo's plain answer and `/explorer/*` answers 404.
 */
export function registerGraphQLExplorer(
  app: FastifyInstance,
  { enabled, webDist }: { enabled: boolean; webDist: string },
): void {
  const page = path.join(webDist, 'explorer', 'index.html');
  // A callback hook that lets every other request through at once: it runs before all of them (issue #14).
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    if (url.startsWith('/explorer/')) {
      if (enabled) return done();
      void reply.code(404).send({ error: 'Not Found', message: 'the GraphQL explorer is turned off' });
      return;
    }
    const graphql = url === '/graphql' || url.startsWith('/graphql?');
    if (!enabled || !graphql || request.method !== 'GET') return done();
    if (!wantsPage(request.headers.accept, url)) return done();
    if (!fs.existsSync(page)) return done(); // web app not built: Apollo answers as usual
    void reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(fs.createReadStream(page));
  });
}

/** A browser navigating to /graphql: it prefers HTML and sends no GraphQL operation. */
function wantsPage(accept: string | undefined, rawUrl: string): boolean {
  if (!accept || !/\btext\/html\b/i.test(accept)) return false;
  const query = new URLSearchParams(rawUrl.split('?')[1] ?? '');
  return !query.has('query') && !query.has('extensions');
}

/** `QUIRE_GRAPHQL_EXPLORER`: `on` or `off`; unset, on unless NODE_ENV=production. */
export function explorerSetting(raw: string | undefined, nodeEnv: string | undefined): boolean {
  const value = raw?.trim().toLowerCase();
  if (!value) return nodeEnv !== 'production';
  if (value === 'on' || value === 'true' || value === '1') return true;
  if (value === 'off' || value === 'false' || value === '0') return false;
  throw new Error(`QUIRE_GRAPHQL_EXPLORER must be on or off, got "${raw}"`);
}
