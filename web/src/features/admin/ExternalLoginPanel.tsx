import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Group, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/errors';
import { AdminLoginSecretKeyDocument, AdminResetLoginSecretKeyDocument } from '../../gql/graphql';
import { ConfirmButton } from '../shell/ConfirmAction';
import { LdapSection } from './LdapSection';
import { OAuth2Section } from './OAuth2Section';

/** Spec 001 §2 external login: LDAP, OAuth2, and generic access (single sign-on by key; Chinese only). */
export function ExternalLoginPanel() {
  const { t, i18n } = useTranslation('admin');
  const chinese = i18n.language === 'zh-CN';
  return (
    <Tabs defaultValue={chinese ? 'generic' : 'ldap'} keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="ldap">{t('external.ldap')}</Tabs.Tab>
        <Tabs.Tab value="oauth2">{t('external.oauth2')}</Tabs.Tab>
        {chinese ? <Tabs.Tab value="generic">{t('external.generic')}</Tabs.Tab> : null}
      </Tabs.List>
      <Tabs.Panel value="ldap" pt="md">
        <LdapSection />
      </Tabs.Panel>
      <Tabs.Panel value="oauth2" pt="md">
        <OAuth2Section />
      </Tabs.Panel>
      {chinese ? (
        <Tabs.Panel value="generic" pt="md">
          <SecretKeySection />
        </Tabs.Panel>
      ) : null}
    </Tabs>
  );
}

function SecretKeySection() {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const { data, error, refetch } = useQuery(AdminLoginSecretKeyDocument, { fetchPolicy: 'network-only' });
  const [reset, resetting] = useMutation(AdminResetLoginSecretKeyDocument);
  return (
    <Stack gap="sm" maw={640}>
      {error ? <Alert color="red">{errorMessage(error, tc('common.networkError'))}</Alert> : null}
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={t('external.secretKey')}
          readOnly
          value={data?.adminLoginSecretKey ?? ''}
          style={{ flex: '1 1 18rem' }}
        />
        <ConfirmButton
          label={t('external.reset')}
          question={t('external.resetQuestion')}
          loading={resetting.loading}
          onConfirm={async () => {
            try {
              await reset();
              await refetch();
              notifications.show({ color: 'green', message: t('console.done') });
            } catch (err) {
              notifications.show({ color: 'red', message: errorMessage(err, tc('common.networkError')) });
            }
          }}
        />
      </Group>
      <Text size="sm" c="dimmed" style={{ wordBreak: 'break-word' }}>
        {t('external.help')}
      </Text>
    </Stack>
  );
}
