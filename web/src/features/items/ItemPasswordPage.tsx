import { useApolloClient, useMutation } from '@apollo/client/react';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../../app/errors';
import { UnlockItemDocument } from '../../gql/graphql';
import { AuthLayout } from '../accounts/AuthLayout';
import { CaptchaField } from '../accounts/CaptchaField';
import { isIllegalRedirect } from '../accounts/redirect';
import { useCaptcha } from '../accounts/useCaptcha';

/**
 * Where to go after unlocking: a legal in-app `redirect` (the login page's rule), else the item itself
 * (on `page_id` when one was asked for).
 */
export function afterUnlockPath(redirect: string | null, itemKey: string, pageId: string | null): string {
  if (redirect && !isIllegalRedirect(redirect)) return redirect.startsWith('/') ? redirect : `/${redirect}`;
  const page = pageId && /^\d+$/.test(pageId) ? `/${pageId}` : '';
  return `/${itemKey}${page}`;
}

/** /item/password/{item_id}?redirect=...&page_id=...: a private item's visit password (spec §2). */
export function ItemPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useApolloClient();
  const { itemId: itemKey = '' } = useParams();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const pageId = params.get('page_id');
  const captcha = useCaptcha();
  const [unlock, { loading }] = useMutation(UnlockItemDocument);
  const [password, setPassword] = useState('');
  const [captchaText, setCaptchaText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const byId = /^\d+$/.test(itemKey);
  const loginTo = `/user/login?redirect=${encodeURIComponent(afterUnlockPath(redirect, itemKey, pageId))}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (loading) return;
    if (!password || !captchaText.trim()) {
      setError(t('itemPassword.missingFields'));
      return;
    }
    if (captcha.captchaId === null) {
      captcha.refresh();
      return;
    }
    setError(null);
    try {
      await unlock({
        variables: {
          ...(byId ? { itemId: Number(itemKey) } : { domain: itemKey }),
          password,
          captchaId: captcha.captchaId,
          captcha: captchaText.trim(),
        },
      });
      // The item was refused before: forget that answer so the view asks again.
      client.cache.evict({ fieldName: 'item' });
      await navigate(afterUnlockPath(redirect, itemKey, pageId), { replace: true });
    } catch (err) {
      // Spec §8: message shown and the captcha refreshed.
      setError(errorMessage(err, t('itemPassword.failed')));
      setCaptchaText('');
      captcha.refresh();
    }
  }

  return (
    <AuthLayout title={t('itemPassword.title')}>
      <Group gap="xs" justify="center" c="dimmed">
        <IconLock size={18} />
        <Text size="sm">{t('itemPassword.intro')}</Text>
      </Group>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <PasswordInput
            label={t('itemPassword.password')}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            autoComplete="off"
            name="password"
            data-autofocus
            autoFocus
          />
          <CaptchaField captcha={captcha} value={captchaText} onChange={setCaptchaText} />
          {error ? (
            <Alert color="red" icon={<IconAlertCircle size={18} />} p="xs">
              {error}
            </Alert>
          ) : null}
          <Button type="submit" fullWidth loading={loading} mt="xs">
            {t('itemPassword.submit')}
          </Button>
        </Stack>
      </form>
      <Group justify="center">
        <Anchor component={Link} to={loginTo} size="sm">
          {t('itemPassword.toLogin')}
        </Anchor>
      </Group>
    </AuthLayout>
  );
}
