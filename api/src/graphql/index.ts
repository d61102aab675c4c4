// The GraphQL door's public module: what the composition root (server/) needs to mount it.
export type { GraphQLContext, SessionCookie } from './context';
export { formatExecutionResult, formatGraphQLError, localizeErrorsPlugin } from './errors';
export { buildGraphQLSchema, printSdl } from './schema';
export { compiledExecutorGateway } from './compiled-executor';
export { graphqlAnswerJson, keptAnswerBytes } from './catalogs/menu-json';
export { fileHttpPlugin, type FileHttpOptions } from './files/file-http';
export { openApiHttpPlugin } from './openapi-export/openapi-http';
export { assistantHttpPlugin, type AssistantHttpOptions } from './ai/assistant-http';
export { importHttpPlugin } from './imports/import-http';
export { sheetHttpPlugin } from './sheets/sheet-http';
// Limits on work per request (issue #15): parse/validation rules, the plugin and the graphql-ws guard.
export { DEFAULT_GRAPHQL_LIMITS, type GraphQLLimits } from './limits';
export {
  guardParseOptions,
  guardPlugin,
  guardSubscribe,
  guardValidationRules,
  type IntrospectionMode,
} from './request-guard';
