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
  app.addHook('onRequest', async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url.startsWith('/explorer/') && !enabled) {
      return reply.code(404).send({ error: 'Not Found', message: 'the GraphQL explorer is turned off' });
    }
    if (!enabled || url !== '/graphql' || request.method !== 'GET') return;
    if (!wantsPage(request.headers.accept, request.url)) return;
    if (!fs.existsSync(page)) return; // web app not built: Apollo answers as usual
    return reply
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
