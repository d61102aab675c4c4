import {
  GraphQLError,
  type ExecutionResult,
  type FormattedExecutionResult,
  type GraphQLFormattedError,
} from 'graphql';
import type { ApolloServerPlugin } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import { DomainError, type Language } from '../domain';

/**
 * Domain errors reach clients with `extensions.code` (a stable string) and `extensions.showdocCode`;
 * anything unexpected is logged and reported without internals.
 */
export function formatGraphQLError(
  formatted: GraphQLFormattedError,
  error: unknown,
  /** null: the message was already localized (by localizeErrorsPlugin). */
  language: Language | null,
  log: (err: unknown) => void,
): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  if (original instanceof DomainError) {
    return {
      message: language ? original.localized(language) : formatted.message,
      path: formatted.path,
      locations: formatted.locations,
      extensions: { ...original.extensions, code: original.info.code, showdocCode: original.info.showdoc },
    };
  }
  const code = formatted.extensions?.code;
  if (original instanceof GraphQLError || (typeof code === 'string' && code !== 'INTERNAL_SERVER_ERROR')) {
    // Parse and validation errors, bad variables: the client's mistake, reported as it is.
    return {
      message: formatted.message,
      locations: formatted.locations,
      path: formatted.path,
      extensions: { code },
    };
  }
  log(original);
  return {
    message: language === 'zh' ? '服务器内部错误' : 'Internal server error',
    path: formatted.path,
    extensions: { code: 'INTERNAL_SERVER_ERROR', showdocCode: 10500 },
  };
}

/** Apollo's formatError does not see the context: this plugin localizes domain errors beforehand. */
export function localizeErrorsPlugin<C extends { language: Language }>(): ApolloServerPlugin<C> {
  return {
    async requestDidStart() {
      return {
        async didEncounterErrors({ contextValue, errors }) {
          for (const error of errors) {
            const original = unwrapResolverError(error);
            if (original instanceof DomainError) error.message = original.localized(contextValue.language);
          }
        },
      };
    },
  };
}

/** The same shaping for results sent over graphql-ws, which has no formatError of its own. */
export function formatExecutionResult(
  result: ExecutionResult,
  language: Language,
  log: (err: unknown) => void,
): FormattedExecutionResult {
  return {
    ...(result.data !== undefined ? { data: result.data } : {}),
    ...(result.errors
      ? { errors: result.errors.map((error) => formatGraphQLError(error.toJSON(), error, language, log)) }
      : {}),
  };
}
