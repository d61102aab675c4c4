import { useQuery } from '@apollo/client/react';
import { AppShell, Center, Container, Loader } from '@mantine/core';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useOutletContext } from 'react-router';
import { MeDocument, type MeFieldsFragment } from '../../gql/graphql';
import { clearSession, saveUser, useSession } from '../../session/session';
import { loginPathFor } from '../accounts/redirect';
import { HeaderBar } from './HeaderBar';

/**
 * The frame of every signed-in route. A visitor without a session goes to the login page with the current
 * path as redirect; a stored session the server no longer accepts (`me` is null) is cleared, which leads
 * to the same place. After an explicit logout it goes to / instead (spec §4).
 */
export function SignedInLayout() {
  const { token, user, loggedOut } = useSession();
  const location = useLocation();
  const { data } = useQuery(MeDocument, { skip: !token });

  useEffect(() => {
    if (!token || !data) return;
    if (data.me === null) clearSession();
    else if (JSON.stringify(data.me) !== JSON.stringify(user)) saveUser(data.me);
  }, [data, token, user]);

  if (!token) return <Navigate to={loggedOut ? '/' : (loginPathFor(location) ?? '/user/login')} replace />;
  const me = data?.me ?? user;
  if (!me) {
    return (
      <Center mih="100dvh">
        <Loader />
      </Center>
    );
  }
  return (
    <AppShell header={{ height: 56 }} padding={{ base: 'sm', sm: 'md' }}>
      <AppShell.Header>
        <HeaderBar me={me} />
      </AppShell.Header>
      <AppShell.Main>
        <Container size="xl" px={{ base: 0, sm: 'md' }}>
          <Outlet context={me} />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}

/** The signed-in user, for pages rendered inside SignedInLayout. */
export function useSignedInUser(): MeFieldsFragment {
  return useOutletContext<MeFieldsFragment>();
}
