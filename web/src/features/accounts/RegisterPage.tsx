import { useApolloClient, useMutation } from '@apollo/client/react';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../app/errors';
import { RegisterDocument } from '../../gql/graphql';
import { AuthLayout } from './AuthLayout';
import { CaptchaField } from './CaptchaField';
import { DEFAULT_AFTER_LOGIN } from './redirect';
import { completeSignIn } from './signIn';
import { useCaptcha } from './useCaptcha';

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useApolloClient();
  const captcha = useCaptcha();
  const [register, { loading }] = useMutation(RegisterDocument);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [captchaText, setCaptchaText] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (loading) return;
    if (!username.trim() || !password || !confirmPassword || !captchaText.trim()) {
      setError(t('register.missingFields'));
      return;
    }
    if (captcha.captchaId === null) {
      captcha.refresh();
      return;
    }
    setError(null);
    try {
      const { data } = await register({
        variables: {
          input: {
            username: username.trim(),
            password,
            confirmPassword,
            captchaId: captcha.captchaId,
            captcha: captchaText.trim(),
          },
        },
      });
      if (!data) throw new Error('empty register response');
      await completeSignIn(client, data.register.token, data.register.user);
      await navigate(DEFAULT_AFTER_LOGIN, { replace: true });
    } catch (err) {
      // Spec §8: the server's message, and a new captcha (the old one is spent).
      setError(errorMessage(err, t('register.failed')));
      setCaptchaText('');
      captcha.refresh();
    }
  }

  return (
    <AuthLayout title={t('register.title')}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('register.username')}
            description={t('register.usernameHint')}
            value={username}
            onChange={(event) => setUsername(event.currentTarget.value)}
            autoComplete="username"
            autoCapitalize="off"
            name="username"
          />
          <PasswordInput
            label={t('register.password')}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            autoComplete="new-password"
            name="password"
          />
          <PasswordInput
            label={t('register.passwordAgain')}
            value={confirmPassword}
            onChange={(event) => setConfirmPassword(event.currentTarget.value)}
            autoComplete="new-password"
            name="confirmPassword"
          />
          <CaptchaField captcha={captcha} value={captchaText} onChange={setCaptchaText} />
          {error ? (
            <Alert color="red" icon={<IconAlertCircle size={18} />} p="xs">
              {error}
            </Alert>
          ) : null}
          <Button type="submit" fullWidth loading={loading} mt="xs">
            {t('register.submit')}
          </Button>
        </Stack>
      </form>
      <Group justify="center">
        <Anchor component={Link} to="/user/login" size="sm">
          {t('register.toLogin')}
        </Anchor>
      </Group>
    </AuthLayout>
  );
}
