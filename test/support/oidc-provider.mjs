// A real OAuth2 / OpenID Connect provider for tests (the oidc-provider package), run as its own process
// because it is ESM-only. Arguments: port, Quire's callback URL, and an optional path prefix: with a prefix
// the provider answers only under it, so its base address has no discovery document and Quire takes
// ShowDoc's generic OAuth2 path (configured endpoints). Any login signs in (devInteractions); the account
// id becomes `preferred_username`. Prints READY once listening.
import http from 'node:http';
import Provider from 'oidc-provider';

const [port, redirectUri, prefix = ''] = process.argv.slice(2);
const base = `http://127.0.0.1:${port}`;
const provider = new Provider(base, {
  clients: [
    {
      client_id: 'quire',
      client_secret: 'quire-secret',
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    },
  ],
  findAccount: async (_ctx, id) => ({
    accountId: id,
    claims: async () => ({ sub: id, preferred_username: id, name: `Name of ${id}` }),
  }),
  claims: { openid: ['sub'], profile: ['name', 'preferred_username'] },
  cookies: { keys: ['test-cookie-key'] },
  pkce: { required: () => true },
  features: { devInteractions: { enabled: true } },
});
provider.on('server_error', (_ctx, err) => console.error('oidc-provider error', err));
const handle = provider.callback();
http
  .createServer((req, res) => {
    if (prefix) {
      if (!req.url.startsWith(prefix)) {
        res.statusCode = 404;
        res.end();
        return;
      }
      // As Express mounts it: originalUrl keeps the prefix, url loses it (oidc-provider builds links from both).
      req.originalUrl = req.url;
      req.url = req.url.slice(prefix.length) || '/';
    }
    handle(req, res);
  })
  .listen(Number(port), '127.0.0.1', () => console.log('READY'));
