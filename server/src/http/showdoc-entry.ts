import type { FastifyInstance } from 'fastify';

/**
 * ShowDoc's web app lives under `/web/` with hash routes (`/web/#/p/{key}`, `/web/#/{item}/{page}`), so
 * links sent to customers and bookmarks point there. The hash never reaches a server: a tiny page reads it
 * and replaces it with Quire's path of the same shape. Its script is a file of its own, since the CSP allows
 * no inline script. Only path characters pass, and leading slashes are dropped (no `//host` redirect).
 */
export const SHOWDOC_ENTRY_SCRIPT = `(function () {
  var path = String(location.hash || '').replace(/^#\\/*/, '').split('?')[0];
  if (!/^[A-Za-z0-9_\\-./]*$/.test(path)) path = '';
  location.replace('/' + path);
})();
`;

const ENTRY_PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>Quire</title>
<script src="/web/showdoc-entry.js"></script></head>
<body><noscript><a href="/">Quire</a></noscript></body></html>
`;

export function registerShowdocEntry(app: FastifyInstance): void {
  // The router ignores trailing slashes: '/web' answers '/web/' too.
  for (const url of ['/web', '/web/index.html']) {
    app.get(url, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(ENTRY_PAGE),
    );
  }
  app.get('/web/showdoc-entry.js', async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(SHOWDOC_ENTRY_SCRIPT),
  );
}
