// The GraphQL door's public module: what the composition root (server/) needs to mount it.
export type { GraphQLContext, SessionCookie } from './context';
export { formatExecutionResult, formatGraphQLError, localizeErrorsPlugin } from './errors';
export { buildGraphQLSchema, printSdl } from './schema';
