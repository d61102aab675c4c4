import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { LogoutDocument, OAuth2LogoutRedirectDocument } from '../../gql/graphql';
import { clearSession } from '../../session/session';

/** Spec §4: logout ends the server session, clears cookies, local storage and the cache, and goes to /. */
export function useLogout(): () => Promise<void> {
  const client = useApolloClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    // With OAuth2 on, the site may send the browser on to the provider's logout (compat-api §20.3).
    const onward = await client
      .query({ query: OAuth2LogoutRedirectDocument, fetchPolicy: 'network-only' })
      .then((answer) => answer.data?.oauth2LogoutRedirect ?? '')
      .catch(() => '');
    try {
      await client.mutate({ mutation: LogoutDocument, context: { skipAuthRedirect: true } });
    } catch {
      // Already signed out on the server (expired token): the local clean-up below is what matters.
    }
    // Signed-in routes see `loggedOut` and head for / themselves; the explicit navigation covers the rest.
    clearSession('logout');
    await client.clearStore();
    if (/^https?:\/\//i.test(onward)) window.location.assign(onward);
    else await navigate('/', { replace: true });
  }, [client, navigate]);
}
