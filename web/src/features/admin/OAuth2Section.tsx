import { useMutation, useQuery } from '@apollo/client/react';
import {
  Alert,
  Button,
  Loader,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/errors';
import {
  AdminOAuth2ConfigDocument,
  AdminSaveOAuth2ConfigDocument,
  SiteInfoDocument,
  type OAuth2FormInput,
} from '../../gql/graphql';
import { withoutTypename } from './withoutTypename';

const callbackUrl = () =>
  typeof window === 'undefined' ? '' : `${window.location.origin}/server/?s=/api/extLogin/oauth2`;

/** The console's OAuth2 tab: ShowDoc's generic settings; OIDC discovery is used when the provider has it. */
export function OAuth2Section() {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const { data, error } = useQuery(AdminOAuth2ConfigDocument, { fetchPolicy: 'network-only' });
  const [save, saving] = useMutation(AdminSaveOAuth2ConfigDocument, {
    refetchQueries: [{ query: SiteInfoDocument }],
  });
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<OAuth2FormInput>({
    redirectUri: callbackUrl(),
    entrance_tips: '',
    client_id: '',
    client_secret: '',
    protocol: 'https',
    host: '',
    authorize_path: '',
    token_path: '',
    resource_path: '',
    userinfo_path: '',
    logout_redirect_uri: '',
    scope: '',
  });
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!data) return;
    setOpen(data.adminOAuth2Config.open);
    if (data.adminOAuth2Config.form) {
      setForm(withoutTypename(data.adminOAuth2Config.form));
    }
  }, [data]);

  if (error && !data) return <Alert color="red">{errorMessage(error, tc('common.networkError'))}</Alert>;
  if (!data) return <Loader size="sm" />;

  const field = (key: keyof OAuth2FormInput, label: string, hint?: string) => (
    <TextInput
      label={label}
      description={hint}
      value={String(form[key] ?? '')}
      onChange={(e) => setForm({ ...form, [key]: e.currentTarget.value })}
    />
  );
  const submit = async () => {
    setFailure(null);
    try {
      await save({ variables: { open, form } });
      notifications.show({ color: 'green', message: t('console.saved') });
    } catch (err) {
      setFailure(errorMessage(err, tc('common.networkError')));
    }
  };

  return (
    <Stack gap="sm" maw={720}>
      <Switch
        label={t('external.oauth2Open')}
        checked={open}
        onChange={(e) => setOpen(e.currentTarget.checked)}
      />
      <Text size="sm" c="dimmed">
        {t('external.oauth2Help')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {field('redirectUri', t('external.callback'), callbackUrl())}
        {field('entrance_tips', t('external.entranceTips'))}
        {field('client_id', 'Client ID')}
        <PasswordInput
          label="Client secret"
          value={form.client_secret}
          onChange={(e) => setForm({ ...form, client_secret: e.currentTarget.value })}
        />
        <Select
          label={t('external.protocol')}
          value={form.protocol}
          allowDeselect={false}
          data={['https', 'http']}
          onChange={(value) => setForm({ ...form, protocol: value ?? 'https' })}
        />
        {field('host', t('external.providerHost'), 'sso.example.com')}
        {field('authorize_path', t('external.authorizePath'), '/oauth/authorize')}
        {field('token_path', t('external.tokenPath'), '/oauth/token')}
        {field('userinfo_path', t('external.userinfoPath'), '/api/v4/user')}
        {field('scope', 'Scope', 'openid profile')}
        {field('logout_redirect_uri', t('external.logoutRedirect'))}
      </SimpleGrid>
      {failure ? <Alert color="red">{failure}</Alert> : null}
      <Button loading={saving.loading} onClick={() => void submit()} style={{ alignSelf: 'flex-start' }}>
        {tc('common.save')}
      </Button>
    </Stack>
  );
}
