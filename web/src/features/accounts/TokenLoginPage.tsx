import { useApolloClient } from '@apollo/client/react';
import { Alert, Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MeDocument } from '../../gql/graphql';
import { clearSession, saveToken, saveUser, setTokenCookie } from '../../session/session';
import { AuthLayout } from './AuthLayout';
import { DEFAULT_AFTER_LOGIN, afterLoginPath, isIllegalRedirect } from './redirect';

/** /user/loginByUserToken?user_token=...&redirect_uri=... (spec §2 "Token login"). */
export function TokenLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useApolloClient();
  const [params] = useSearchParams();
  const userToken = params.get('user_token') ?? '';
  const redirectUri = params.get('redirect_uri');
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const illegal = !!redirectUri && isIllegalRedirect(redirectUri);
    const target = illegal ? DEFAULT_AFTER_LOGIN : afterLoginPath(redirectUri);
    if (illegal) notifications.show({ color: 'red', message: t('login.illegalRedirect') });

    void (async () => {
      if (!userToken) {
        setFailed(true);
        return;
      }
      await client.clearStore();
      saveToken(userToken);
      try {
        const { data } = await client.query({ query: MeDocument, fetchPolicy: 'network-only' });
        if (!data?.me) throw new Error('token refused');
        saveUser(data.me);
        setTokenCookie(userToken);
        await navigate(target, { replace: true });
      } catch {
        clearSession();
        setFailed(true);
      }
    })();
  }, [client, navigate, redirectUri, t, userToken]);

  return (
    <AuthLayout>
      {failed ? (
        <Stack gap="md">
          <Alert color="red">{t('tokenLogin.failed')}</Alert>
          <Group justify="center">
            <Anchor component={Link} to="/user/login">
              {t('login.title')}
            </Anchor>
          </Group>
        </Stack>
      ) : (
        <Group justify="center" gap="sm" py="lg">
          <Loader size="sm" />
          <Text>{t('tokenLogin.signingIn')}</Text>
        </Group>
      )}
    </AuthLayout>
  );
}
