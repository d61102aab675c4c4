import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { HeaderMap } from '@apollo/server';
import { gatewayRequestContext, useGatewayRequestContext } from './gateway-request-context';

// Apollo's own module, the instance its request pipeline loads.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const apolloModule = require(
  path.join(
    path.resolve(path.dirname(require.resolve('@apollo/server')), '..', '..'),
    'dist/cjs/utils/makeGatewayGraphQLRequestContext.js',
  ),
) as { makeGatewayGraphQLRequestContext: typeof gatewayRequestContext };
const apolloOwn = apolloModule.makeGatewayGraphQLRequestContext;

function requestContext() {
  const headers = new HeaderMap([['x-one', '1']]);
  return {
    request: {
      query: '{ me { id } }',
      operationName: 'Me',
      variables: { a: 1 },
      extensions: { e: true },
      http: { method: 'POST', search: 'x=1', headers: new HeaderMap([['content-type', 'application/json']]) },
    },
    response: { http: { status: undefined as number | undefined, headers } },
    schema: { schema: true },
    contextValue: { viewer: 'v' },
    queryHash: 'hash',
    document: { kind: 'Document' },
    source: '{ me { id } }',
    operationName: 'Me',
    operation: { operation: 'query' },
    errors: undefined,
    metrics: { m: 1 },
    overallCachePolicy: { p: 1 },
    requestIsBatched: false,
  };
}
const server = { logger: { log: true }, cache: { cache: true } };
const internals = { includeStacktraceInErrorResponses: false };

describe('gatewayRequestContext', () => {
  it("takes the place of Apollo's function in the module its request pipeline calls", () => {
    expect(useGatewayRequestContext()).toBe(true);
    expect(apolloModule.makeGatewayGraphQLRequestContext).toBe(gatewayRequestContext);
  });

  it("makes what Apollo's own function makes: the same fields and values", () => {
    const ours = gatewayRequestContext(requestContext(), server, internals);
    const theirs = apolloOwn(requestContext(), server, internals);
    expect(Object.keys(ours)).toEqual(Object.keys(theirs));
    const plain = (value: Record<string, unknown>) => {
      const {
        request,
        response: _response,
        ...rest
      } = value as {
        request: { http: { headers: unknown } };
        response: unknown;
      };
      const { headers: _headers, ...http } = request.http;
      return { ...rest, request: { ...request, http } };
    };
    expect(plain(ours)).toEqual(plain(theirs));
  });

  it("reads and writes Apollo's response status and headers, and reads the request's headers", () => {
    const context = requestContext();
    const made = gatewayRequestContext(context, server, internals) as {
      request: { http: { headers: { get(name: string): string | null; has(name: string): boolean } } };
      response: {
        http: {
          status?: number;
          headers: {
            get(name: string): string | null;
            set(n: string, v: string): void;
            append(n: string, v: string): void;
          };
        };
      };
    };
    made.response.http.status = 418;
    expect(context.response.http.status).toBe(418);
    context.response.http.status = 201;
    expect(made.response.http.status).toBe(201);
    made.response.http.headers.set('x-two', '2');
    made.response.http.headers.append('x-one', '3');
    expect([...context.response.http.headers]).toEqual([
      ['x-one', '1, 3'],
      ['x-two', '2'],
    ]);
    expect(made.request.http.headers.get('content-type')).toBe('application/json');
    expect(made.request.http.headers.has('x-missing')).toBe(false);
  });

  it('gives every request the same hidden class shape for its response (no accessors of its own)', () => {
    const made = gatewayRequestContext(requestContext(), server, internals) as {
      response: { http: object };
    };
    // Apollo's literal defines `status` on each object; here it lives on the class.
    expect(Object.getOwnPropertyDescriptor(made.response.http, 'status')).toBeUndefined();
    const theirs = apolloOwn(requestContext(), server, internals) as { response: { http: object } };
    expect(Object.getOwnPropertyDescriptor(theirs.response.http, 'status')?.get).toBeDefined();
  });
});
