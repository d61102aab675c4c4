import type { ApolloServerOptionsWithGateway, BaseContext } from '@apollo/server';
import {
  execute,
  GraphQLError,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
  type Source,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { withKeptMenus } from './catalogs/menu-json';
import { useGatewayRequestContext } from './gateway-request-context';

type Gateway = ApolloServerOptionsWithGateway<BaseContext>['gateway'];
type Executor = NonNullable<Awaited<ReturnType<Gateway['load']>>['executor']>;

/**
 * Runs queries as JavaScript compiled once per document (graphql-jit) instead of graphql-js' interpreter
 * (issue #14: a 2,000-page menu spent most of its time resolving 2,000 × 8 fields one by one). Apollo
 * takes another executor only from a "gateway", so this is one over Quire's own schema: parsing,
 * validation, the guards, plugins and error formatting stay Apollo's. Mutations, and documents the
 * compiler refuses, run on graphql-js as before.
 */
export function compiledExecutorGateway(schema: GraphQLSchema, compile = compileQuery): Gateway {
  // Apollo's request context for gateways kept every request alive until a full collection (see there).
  useGatewayRequestContext();
  const executor = compiledExecutor(schema, compile);
  return {
    // Apollo learns the schema from the gateway: it is this one, loaded once and never updated.
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: '' });
      return () => undefined;
    },
    load: async () => ({ executor }),
    stop: async () => undefined,
  };
}

/** The compiled queries of one document, by operation name ('' when the request names none). */
type Compiled = Map<string, CompiledQuery | null>;

function compiledExecutor(schema: GraphQLSchema, compile: typeof compileQuery): Executor {
  // Apollo keeps each parsed document in its document store: the same text is the same DocumentNode, and
  // its compiled queries go when the store lets the document go.
  const byDocument = new WeakMap<DocumentNode, Compiled>();
  const compiledFor = (document: DocumentNode, operationName: string | null): CompiledQuery | null => {
    let compiled = byDocument.get(document);
    if (!compiled) byDocument.set(document, (compiled = new Map()));
    const name = operationName ?? '';
    if (!compiled.has(name)) {
      const query = compile(schema, document, operationName ?? undefined);
      compiled.set(name, isCompiledQuery(query) ? query : null);
    }
    return compiled.get(name)!;
  };

  return async (request) => {
    const query =
      request.operation.operation === 'query' && compiledFor(request.document, request.operationName);
    if (query) {
      // Menus keep their JSON text here: the answer goes to `graphqlAnswerJson` (server.ts), which splices it.
      const result = await withKeptMenus(request.context, async () =>
        query.query(undefined, request.context, request.request.variables ?? {}),
      );
      // No `data` at all: the variables were refused before any resolver ran. graphql-js words that
      // refusal as Apollo expects (it answers bad variables with HTTP 400).
      if ('data' in result) return withGraphQLErrors(result, request.document.loc?.source);
    }
    return execute({
      schema,
      document: request.document,
      contextValue: request.context,
      variableValues: request.request.variables,
      operationName: request.operationName ?? undefined,
    });
  };
}

/**
 * graphql-jit's errors are read-only look-alikes without extensions; Apollo and the guard plugins
 * rewrite messages and codes in place. They become graphql-js' own errors, at the same locations.
 */
function withGraphQLErrors(result: ExecutionResult, source: Source | undefined): ExecutionResult {
  if (!result.errors) return result;
  const errors = result.errors.map(
    (error) =>
      new GraphQLError(error.message, {
        source,
        positions: source && error.locations?.map(({ line, column }) => positionIn(source, line, column)),
        path: error.path,
        originalError: error.originalError,
      }),
  );
  // In graphql-js' order, errors first: the answers stay the same to the byte.
  return { errors, data: result.data };
}

/** The offset of a 1-based line and column in the document's text (line breaks as graphql-js counts them). */
function positionIn(source: Source, line: number, column: number): number {
  const lineBreak = /\r\n|[\n\r]/g;
  let offset = 0;
  for (let at = 1; at < line && lineBreak.exec(source.body); at++) offset = lineBreak.lastIndex;
  return offset + column - 1;
}
