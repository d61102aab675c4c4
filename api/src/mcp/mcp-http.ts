import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, hashToken, QUIRE_VERSION, Viewer, type Services } from '../domain';
import { McpCodes } from './mcp-errors';

type McpSession = typeof import('./mcp-session.js');
let session: Promise<McpSession> | undefined;
/** The SDK, the tools and the resources, loaded at the first MCP request (see mcp-session.ts). */
function loadSession(): Promise<McpSession> {
  session ??= import('./mcp-session.js');
  return session;
}

export interface McpHttpOptions {
  services: () => Services;
}

/** ShowDoc's limits on one MCP request: 1 MB, 10 messages in a batch. */
export const MCP_BODY_LIMIT = 1024 * 1024;
export const MCP_MAX_BATCH = 10;
const OPEN_METHODS = new Set(['initialize', 'notifications/initialized', 'ping']);

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers':
    'Content-Type, Authorization, X-API-Token, X-User-Token, X-Guest-Token, X-Guest-Item-Id, Mcp-Protocol-Version, Mcp-Session-Id',
};

interface JsonRpcMessage {
  jsonrpc?: unknown;
  id?: unknown;
  method?: unknown;
}

const rpcError = (reply: FastifyReply, id: unknown, code: number, message: string, status = 200) =>
  reply
    .code(status)
    .headers(CORS)
    .type('application/json; charset=utf-8')
    .send({ jsonrpc: '2.0', id: id ?? null, error: { code, message } });

/** The MCP door's token: `Authorization: Bearer`, `X-API-Token` (MCP tokens) or `X-User-Token` (a login). */
function tokenOf(request: FastifyRequest): string {
  const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
  if (bearer?.[1]?.trim()) return bearer[1].trim();
  for (const name of ['x-api-token', 'x-user-token']) {
    const value = request.headers[name];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return '';
}

/**
 * The MCP server for AI editors (compat-notes §9) over Streamable HTTP, stateless: every POST builds a
 * server for its caller, so any node answers any request. Mounted at `/mcp` and at ShowDoc's `/mcp.php`.
 */
export async function mcpHttpPlugin(app: FastifyInstance, options: McpHttpOptions): Promise<void> {
  // A body that is not JSON is MCP's parse error, not Fastify's 400 (this plugin's routes only).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MCP_BODY_LIMIT }, (_request, body, done) => {
    try {
      done(null, JSON.parse(String(body)));
    } catch {
      done(null, { __unparsable: true });
    }
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.statusCode === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return rpcError(reply, null, -32600, 'Request too large (请求内容过大)');
    if ((error.statusCode ?? 500) < 500)
      return rpcError(reply, null, -32600, `Invalid request: ${error.message}`);
    request.log.error({ err: error }, 'mcp request failed');
    return rpcError(reply, null, -32603, 'Internal error', 500);
  });

  for (const path of ['/mcp', '/mcp.php']) {
    // ShowDoc answers GET with an SSE preamble and closes: there are no server-initiated messages.
    app.get(path, async (_request, reply) =>
      reply
        .headers({ ...CORS, 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' })
        .send(': connected\n\n'),
    );
    app.options(path, async (_request, reply) => reply.code(204).headers(CORS).send());
    app.delete(path, async (_request, reply) =>
      rpcError(reply, null, -32600, 'No sessions: this server is stateless', 405),
    );
    app.post(path, { bodyLimit: MCP_BODY_LIMIT }, (request, reply) => handle(request, reply, options));
  }
}

async function handle(request: FastifyRequest, reply: FastifyReply, options: McpHttpOptions) {
  const body = request.body as unknown;
  if (!body || typeof body !== 'object' || (body as { __unparsable?: boolean }).__unparsable)
    return rpcError(reply, null, -32700, 'Parse error');
  const messages = (Array.isArray(body) ? body : [body]) as JsonRpcMessage[];
  if (messages.length === 0 || messages.length > MCP_MAX_BATCH)
    return rpcError(reply, null, -32600, `A batch holds 1 to ${MCP_MAX_BATCH} requests`);
  const firstId = messages.find((m) => m && typeof m === 'object' && m.id !== undefined)?.id ?? null;
  const needsAuth = messages.some((m) => !m || typeof m !== 'object' || !OPEN_METHODS.has(String(m.method)));

  const services = options.services();
  const { McpServer, StreamableHTTPServerTransport, registerPrompts, registerResources, registerTools } =
    await loadSession();
  const server = new McpServer(
    { name: 'quire-mcp', version: QUIRE_VERSION },
    {
      capabilities: {
        tools: { listChanged: false },
        resources: { subscribe: false, listChanged: false },
        prompts: { listChanged: false },
      },
    },
  );
  if (needsAuth) {
    const token = tokenOf(request);
    let grant;
    try {
      grant = await services.aiTokens.grantOf(token, (t) => services.accounts.authenticate(t));
    } catch (err) {
      if (err instanceof DomainError)
        return rpcError(reply, firstId, McpCodes.TokenInvalid, 'Token 无效或已过期');
      throw err;
    }
    const siteUrl =
      (await services.settings.get('site_url')).trim().replace(/\/+$/, '') ||
      `${request.protocol}://${request.host}`;
    const viewer = new Viewer(grant.user, hashToken(token), request.ip);
    const call = registerTools(server, { services, viewer, grant, siteUrl });
    registerResources(server, call);
    registerPrompts(server);
  }

  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  // ShowDoc's clients post plain JSON-RPC; the SDK wants both media types announced.
  request.raw.headers.accept = 'application/json, text/event-stream';
  reply.hijack();
  for (const [name, value] of Object.entries(CORS)) reply.raw.setHeader(name, value);
  reply.raw.on('close', () => {
    void transport.close();
    void server.close();
  });
  try {
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, body);
  } catch (err) {
    request.log.error({ err }, 'mcp request failed');
    if (!reply.raw.headersSent) {
      reply.raw.writeHead(500, { 'Content-Type': 'application/json' });
      reply.raw.end(
        JSON.stringify({ jsonrpc: '2.0', id: firstId, error: { code: -32603, message: 'Internal error' } }),
      );
    }
  }
}
