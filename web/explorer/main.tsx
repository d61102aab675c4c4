// The GraphQL explorer at /graphql (issue #22): GraphiQL bundled with Quire (no CDN, no telemetry), its
// own build (vite.explorer.config.ts) so the web app's chunks stay as they are. It calls /graphql with the
// browser's session cookie, so it sees what the signed-in user may see; introspection follows
// QUIRE_GRAPHQL_INTROSPECTION.
import 'graphiql/setup-workers/vite';
import 'graphiql/style.css';
import { createGraphiQLFetcher } from '@graphiql/toolkit';
import { GraphiQL } from 'graphiql';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { TOKEN_KEY } from '../src/session/session';

/** The web app's token (same origin), so the explorer sees what the signed-in user may see. */
function sessionHeaders(): Record<string, string> {
  try {
    const token = window.localStorage.getItem(TOKEN_KEY);
    return token ? { authorization: `Bearer ${token}` } : {};
  } catch {
    return {};
  }
}

const fetcher = createGraphiQLFetcher({
  url: '/graphql',
  fetch: (input, init) =>
    fetch(input, {
      ...init,
      credentials: 'same-origin',
      headers: { ...(init?.headers as Record<string, string> | undefined), ...sessionHeaders() },
    }),
});

const DEFAULT_QUERY = `# Quire's GraphQL API. Sign in to the web app in this browser first: the explorer uses its session.
# Press Ctrl+Enter to run; the Docs button on the left lists every query, mutation and type.
query Me {
  me {
    id
    username
  }
}
`;

const root = document.getElementById('explorer');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <GraphiQL fetcher={fetcher} defaultQuery={DEFAULT_QUERY} />
    </StrictMode>,
  );
}
