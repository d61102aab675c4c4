import type { ApolloClient } from '@apollo/client';
import { MeDocument, type MeFieldsFragment } from '../../gql/graphql';
import { saveSession } from '../../session/session';

/**
 * After login or registration: drop whatever the visitor's cache held, keep the session (local storage,
 * spec §4) and seed `me` so the shell renders without another round trip.
 */
export async function completeSignIn(
  client: ApolloClient,
  token: string,
  user: MeFieldsFragment,
): Promise<void> {
  await client.clearStore();
  saveSession(token, user);
  client.writeQuery({ query: MeDocument, data: { me: user } });
}
