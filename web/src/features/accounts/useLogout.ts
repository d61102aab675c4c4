import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { LogoutDocument } from '../../gql/graphql';
import { clearSession } from '../../session/session';

/** Spec §4: logout ends the server session, clears cookies, local storage and the cache, and goes to /. */
export function useLogout(): () => Promise<void> {
  const client = useApolloClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await client.mutate({ mutation: LogoutDocument, context: { skipAuthRedirect: true } });
    } catch {
      // Already signed out on the server (expired token): the local clean-up below is what matters.
    }
    // Signed-in routes see `loggedOut` and head for / themselves; the explicit navigation covers the rest.
    clearSession('logout');
    await client.clearStore();
    await navigate('/', { replace: true });
  }, [client, navigate]);
}
