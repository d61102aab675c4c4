import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../app/errors';
import { LoginDocument, MeDocument, SiteInfoDocument } from '../../gql/graphql';
import { clearSession, useSession } from '../../session/session';
import { AuthLayout } from './AuthLayout';
import { CaptchaField } from './CaptchaField';
import { afterLoginPath, isIllegalRedirect } from './redirect';
import { completeSignIn } from './signIn';
import { useCaptcha } from './useCaptcha';

/** Spec §5: after a failed login, another submit waits this long. */
export const FAILED_LOGIN_GUARD_MS = 500;

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useApolloClient();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const illegalRedirect = !!redirect && isIllegalRedirect(redirect);
  const { token } = useSession();

  const site = useQuery(SiteInfoDocument);
  // An already signed-in visitor goes straight on (unless the redirect itself is refused).
  const me = useQuery(MeDocument, { skip: !token || illegalRedirect, fetchPolicy: 'network-only' });
  useEffect(() => {
    if (!me.data) return;
    if (me.data.me) void navigate(afterLoginPath(redirect), { replace: true });
    else clearSession();
  }, [me.data, navigate, redirect]);

  const captcha = useCaptcha();
  const [login, { loading }] = useMutation(LoginDocument);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [captchaText, setCaptchaText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const blockedUntil = useRef(0);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (loading || Date.now() < blockedUntil.current) return;
    if (illegalRedirect) {
      setError(t('login.illegalRedirect'));
      return;
    }
    if (!username.trim() || !password || !captchaText.trim()) {
      setError(t('login.missingFields'));
      return;
    }
    if (captcha.captchaId === null) {
      captcha.refresh();
      return;
    }
    setError(null);
    try {
      const { data } = await login({
        variables: {
          input: {
            login: username.trim(),
            password,
            captchaId: captcha.captchaId,
            captcha: captchaText.trim(),
          },
        },
      });
      if (!data) throw new Error('empty login response');
      await completeSignIn(client, data.login.token, data.login.user);
      await navigate(afterLoginPath(redirect), { replace: true });
    } catch (err) {
      // Spec §5/§8: message shown, captcha refreshed, then a short guard before the next try.
      setError(errorMessage(err, t('login.failed')));
      setCaptchaText('');
      captcha.refresh();
      blockedUntil.current = Date.now() + FAILED_LOGIN_GUARD_MS;
    }
  }

  const siteInfo = site.data?.siteInfo;
  return (
    <AuthLayout title={t('login.title')}>
      {illegalRedirect && !error ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('login.illegalRedirect')} />
      ) : null}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('login.username')}
            value={username}
            onChange={(event) => setUsername(event.currentTarget.value)}
            autoComplete="username"
            autoCapitalize="off"
            name="username"
            data-autofocus
          />
          <PasswordInput
            label={t('login.password')}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            autoComplete="current-password"
            name="password"
          />
          <CaptchaField captcha={captcha} value={captchaText} onChange={setCaptchaText} />
          {error ? (
            <Alert color="red" icon={<IconAlertCircle size={18} />} p="xs">
              {error}
            </Alert>
          ) : null}
          <Button type="submit" fullWidth loading={loading} mt="xs">
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
      <Group justify="center" gap="lg">
        {siteInfo?.registerOpen ? (
          <Anchor component={Link} to="/user/register" size="sm">
            {t('login.register')}
          </Anchor>
        ) : null}
        {siteInfo?.oauth2Open ? (
          <Anchor href="/api/ExtLogin/oauth2" size="sm">
            {siteInfo.oauth2EntranceTips || 'OAuth2'}
          </Anchor>
        ) : null}
      </Group>
    </AuthLayout>
  );
}
