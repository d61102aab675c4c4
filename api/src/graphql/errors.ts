import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { DomainError, type Language } from '../domain/errors';

/**
 * Domain errors reach clients with `extensions.code` (a stable string) and `extensions.showdocCode`;
 * anything unexpected is logged and reported without internals.
 */
export function formatGraphQLError(
  formatted: GraphQLFormattedError,
  error: unknown,
  language: Language,
  log: (err: unknown) => void,
): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  if (original instanceof DomainError) {
    return {
      message: original.localized(language),
      path: formatted.path,
      locations: formatted.locations,
      extensions: { code: original.info.code, showdocCode: original.info.showdoc },
    };
  }
  const code = formatted.extensions?.code;
  if (original instanceof GraphQLError || (typeof code === 'string' && code !== 'INTERNAL_SERVER_ERROR')) {
    // Parse and validation errors, bad variables: the client's mistake, reported as it is.
    return { message: formatted.message, locations: formatted.locations, path: formatted.path, extensions: { code } };
  }
  log(original);
  return {
    message: language === 'zh' ? '服务器内部错误' : 'Internal server error',
    path: formatted.path,
    extensions: { code: 'INTERNAL_SERVER_ERROR', showdocCode: 10500 },
  };
}
