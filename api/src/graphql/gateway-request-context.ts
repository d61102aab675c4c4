import path from 'node:path';

// Issue #14. Apollo hands a gateway's executor (compiled-executor.ts) a request context made by its own
// `makeGatewayGraphQLRequestContext`, whose `response.http` is an object literal with a `status` getter and
// setter closing over Apollo's request context. V8 keeps a literal's accessors in its hidden class, so
// every request made a hidden class of its own, in the old generation, holding the request (our context
// with its services and EntityManager, the headers, the body and the answer) until a full collection:
// GraphQL requests were promoted whole (~20 % of all they allocated), RSS climbed ~70 MB/s under load, and
// `{ __typename }` ran at half the req/s of Apollo without a gateway. The same context, with the accessors
// on a class (one hidden class for all), dies young.

/** What Apollo passes in (the fields read here; see @apollo/server's makeGatewayGraphQLRequestContext). */
interface ApolloRequestContext {
  request: {
    query?: string;
    operationName?: string | null;
    variables?: Record<string, unknown>;
    extensions?: Record<string, unknown>;
    http?: { method: string; search: string; headers: Map<string, string> };
  };
  response: { http: { status?: number; headers: Map<string, string> } };
  [field: string]: unknown;
}

/** Fetch-style headers over Apollo's HeaderMap, as Apollo's own `FetcherHeadersForHeaderMap`. */
class HeadersOfMap {
  constructor(private readonly map: Map<string, string>) {}
  append(name: string, value: string): void {
    const had = this.map.get(name);
    this.map.set(name, had === undefined ? value : `${had}, ${value}`);
  }
  delete(name: string): void {
    this.map.delete(name);
  }
  get(name: string): string | null {
    return this.map.get(name) ?? null;
  }
  has(name: string): boolean {
    return this.map.has(name);
  }
  set(name: string, value: string): void {
    this.map.set(name, value);
  }
  entries(): IterableIterator<[string, string]> {
    return this.map.entries();
  }
  keys(): IterableIterator<string> {
    return this.map.keys();
  }
  values(): IterableIterator<string> {
    return this.map.values();
  }
  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.map.entries();
  }
}

/** `response.http`: its status reads and writes Apollo's response, as Apollo's literal does. */
class ResponseHttp {
  readonly headers: HeadersOfMap;
  constructor(private readonly target: { status?: number; headers: Map<string, string> }) {
    this.headers = new HeadersOfMap(target.headers);
  }
  get status(): number | undefined {
    return this.target.status;
  }
  set status(status: number | undefined) {
    this.target.status = status;
  }
}

/** Apollo's gateway request context, field for field, without a hidden class per request. */
export function gatewayRequestContext(
  context: ApolloRequestContext,
  server: { logger: unknown; cache: unknown },
  internals: { includeStacktraceInErrorResponses?: boolean },
): Record<string, unknown> {
  const source = context.request;
  const request: Record<string, unknown> = {};
  if ('query' in source) request.query = source.query;
  if ('operationName' in source) request.operationName = source.operationName;
  if ('variables' in source) request.variables = source.variables;
  if ('extensions' in source) request.extensions = source.extensions;
  if (source.http) {
    const { search } = source.http;
    const question = search !== '' && !search.startsWith('?');
    request.http = {
      method: source.http.method,
      url: `https://unknown-url.invalid/${question ? '?' : ''}${search}`,
      headers: new HeadersOfMap(source.http.headers),
    };
  }
  return {
    request,
    response: { http: new ResponseHttp(context.response.http) },
    logger: server.logger,
    schema: context.schema,
    schemaHash: 'schemaHash no longer exists since Apollo Server 4',
    context: context.contextValue,
    cache: server.cache,
    queryHash: context.queryHash,
    document: context.document,
    source: context.source,
    operationName: context.operationName,
    operation: context.operation,
    errors: context.errors,
    metrics: context.metrics,
    debug: internals.includeStacktraceInErrorResponses,
    overallCachePolicy: context.overallCachePolicy,
    requestIsBatched: context.requestIsBatched,
  };
}

const APOLLO_MODULE = 'dist/cjs/utils/makeGatewayGraphQLRequestContext.js';

/**
 * Puts `gatewayRequestContext` in the place of Apollo's function (its request pipeline reads the module's
 * export at each call). False when this Apollo has no such module or export: then Apollo's own stays, and
 * the test of this module fails so the next upgrade looks here again.
 */
export function useGatewayRequestContext(): boolean {
  try {
    // This module system's own require (Node's, or jest's registry in tests): the instance Apollo's pipeline
    // loaded. The package's exports map hides the file from a plain specifier, hence the resolved path.
    const root = path.resolve(path.dirname(require.resolve('@apollo/server')), '..', '..');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const apollo = require(path.join(root, APOLLO_MODULE)) as Record<string, unknown>;
    if (typeof apollo.makeGatewayGraphQLRequestContext !== 'function') return false;
    if (apollo.makeGatewayGraphQLRequestContext !== gatewayRequestContext) {
      apollo.makeGatewayGraphQLRequestContext = gatewayRequestContext;
    }
    return true;
  } catch {
    return false;
  }
}
