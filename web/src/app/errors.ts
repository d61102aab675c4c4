import { CombinedGraphQLErrors } from '@apollo/client/errors';

/** The server's stable error code (`extensions.code`), when the failure is a GraphQL error. */
export function errorCode(error: unknown): string | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  const code = error.errors[0]?.extensions?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The server's message (already localized through Accept-Language), or the fallback for network failures. */
export function errorMessage(error: unknown, fallback: string): string {
  if (CombinedGraphQLErrors.is(error)) {
    const message = error.errors.map((e) => e.message).find(Boolean);
    if (message) return message;
  }
  return fallback;
}

/** A number the server put beside the code (`extensions.itemId` of ITEM_PASSWORD_REQUIRED, say). */
export function errorNumber(error: unknown, key: string): number | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  const value = error.errors[0]?.extensions?.[key];
  return typeof value === 'number' ? value : undefined;
}
