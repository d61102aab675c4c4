import type { ApolloServerPlugin } from '@apollo/server';
import {
  GraphQLError,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type ExecutionArgs,
  type GraphQLSchema,
  type ValidationRule,
} from 'graphql';
import type { Viewer } from '../domain';
import { noControlCharactersRule, variablesError } from './input-guard';
import {
  asksForIntrospection,
  isTokenLimitError,
  LIMIT_CODE,
  limitsRule,
  withoutSuggestions,
  type GraphQLLimits,
} from './limits';

/** QUIRE_GRAPHQL_INTROSPECTION: who may read the schema through `__schema`/`__type`. */
export type IntrospectionMode = 'on' | 'off' | 'signed-in';

export interface GraphQLGuardOptions {
  limits: GraphQLLimits;
  introspection: IntrospectionMode;
}

/** Checks that run on every document before anything executes, on HTTP and on graphql-ws alike. */
export function guardValidationRules(options: GraphQLGuardOptions): ValidationRule[] {
  return [limitsRule(options.limits), noControlCharactersRule];
}

/** Apollo's `parseOptions`: graphql-js stops lexing a document past this many tokens. */
export function guardParseOptions(options: GraphQLGuardOptions): { maxTokens: number } {
  return { maxTokens: options.limits.maxTokens };
}

function introspectionRefusal(
  mode: IntrospectionMode,
  document: DocumentNode,
  signedIn: () => boolean | Promise<boolean>,
): GraphQLError | null | Promise<GraphQLError | null> {
  if (mode === 'on' || !asksForIntrospection(document)) return null;
  const refusal = new GraphQLError(
    mode === 'off' ? 'Introspection is disabled on this server' : 'Introspection is for signed-in users',
    { extensions: { code: 'INTROSPECTION_DISABLED', http: { status: 400 } } },
  );
  if (mode === 'off') return refusal;
  return Promise.resolve(signedIn()).then((yes) => (yes ? null : refusal));
}

/** Variables and introspection checks (they need the request), and no name suggestions in errors. */
export function guardPlugin<C extends { viewer: Viewer }>(
  options: GraphQLGuardOptions,
): ApolloServerPlugin<C> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, contextValue }) {
          const refusal =
            variablesError(request.variables) ??
            (await introspectionRefusal(
              options.introspection,
              document,
              () => contextValue.viewer.isLoggedIn,
            ));
          if (refusal) throw refusal;
        },
        async didEncounterErrors({ errors }) {
          for (const error of errors) {
            error.message = withoutSuggestions(error.message);
            const code = guardCode(error);
            // Apollo files every validation error under GRAPHQL_VALIDATION_FAILED (and the token limit
            // under GRAPHQL_PARSE_FAILED); clients get the guard's own code instead.
            if (code) error.extensions.code = code;
          }
        },
      };
    },
  };
}

interface SubscribePayload {
  query: string;
  operationName?: string | null;
  variables?: Record<string, unknown> | null;
}

/**
 * graphql-ws' `onSubscribe`: the same parse limit, validation rules, variables check and introspection
 * setting as HTTP. `signedIn` tells whether the socket's connection token names a user.
 */
export function guardSubscribe<Ctx>(
  schema: GraphQLSchema,
  options: GraphQLGuardOptions,
  signedIn: (ctx: Ctx) => Promise<boolean>,
) {
  const rules = [...specifiedRules, ...guardValidationRules(options)];
  return async (
    ctx: Ctx,
    _id: string,
    payload: SubscribePayload,
  ): Promise<ExecutionArgs | GraphQLError[]> => {
    let document: DocumentNode;
    try {
      document = parse(payload.query, guardParseOptions(options));
    } catch (err) {
      return [forSocket(err instanceof GraphQLError ? err : new GraphQLError('Syntax Error'))];
    }
    const errors = validate(schema, document, rules);
    if (errors.length) return errors.map(forSocket);
    const refusal =
      variablesError(payload.variables) ??
      (await introspectionRefusal(options.introspection, document, () => signedIn(ctx)));
    if (refusal) return [forSocket(refusal)];
    return {
      schema,
      document,
      variableValues: payload.variables ?? undefined,
      operationName: payload.operationName ?? undefined,
    };
  };
}

const GUARD_CODES = new Set<unknown>([LIMIT_CODE, 'BAD_USER_INPUT']);

/** The code of a refusal by these guards, or null for any other error. */
function guardCode(error: GraphQLError): string | null {
  if (isTokenLimitError(error.message)) return LIMIT_CODE;
  const code = error.originalError instanceof GraphQLError ? error.originalError.extensions.code : undefined;
  return typeof code === 'string' && GUARD_CODES.has(code) ? code : null;
}

/** Errors sent over the socket as they are: no suggestions, no HTTP status meant for Apollo. */
function forSocket(error: GraphQLError): GraphQLError {
  const { http: _http, ...extensions } = error.extensions;
  if (isTokenLimitError(error.message)) extensions.code = LIMIT_CODE;
  return new GraphQLError(withoutSuggestions(error.message), {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    extensions,
  });
}
