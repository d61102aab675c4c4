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

const DIGITS = /^\d+$/;

/** Does this address open the page: /{item}/{page}, /page/{page} or ?page_id={page}? */
function keepsPage(target: string, pageId: string): boolean {
  const [pathname = '', search = ''] = target.split('?');
  return pathname.split('/').includes(pageId) || new URLSearchParams(search).get('page_id') === pageId;
}

/**
 * Where to go after unlocking: a legal in-app `redirect` (the login page's rule), else the item itself,
 * or the page view for `/item/password/0`. A `page_id` the redirect lost is added back, so the reader
 * lands on the page they asked for rather than the item's first one.
 */
export function afterUnlockPath(redirect: string | null, itemKey: string, pageId: string | null): string {
  const page = pageId && DIGITS.test(pageId) ? pageId : null;
  if (redirect && !isIllegalRedirect(redirect)) {
    const target = redirect.startsWith('/') ? redirect : `/${redirect}`;
    if (!page || keepsPage(target, page)) return target;
    return `${target}${target.includes('?') ? '&' : '?'}page_id=${page}`;
  }
  if (itemKey === '0') return page ? `/page/${page}` : '/';
  return `/${itemKey}${page ? `/${page}` : ''}`;
}

/** What to unlock: the item by id or domain; id 0 with a page id is the item holding that page. */
function unlockTarget(itemKey: string, pageId: string | null) {
  if (itemKey === '0' && pageId && DIGITS.test(pageId)) return { pageId: Number(pageId) };
  return DIGITS.test(itemKey) ? { itemId: Number(itemKey) } : { domain: itemKey };
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
          ...unlockTarget(itemKey, pageId),
          password,
          captchaId: captcha.captchaId,
          captcha: captchaText.trim(),
        },
      });
      // The item (or page) was refused before: forget those answers so the view asks again.
      client.cache.evict({ fieldName: 'item' });
      client.cache.evict({ fieldName: 'page' });
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
