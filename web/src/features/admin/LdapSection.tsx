import { useMutation, useQuery } from '@apollo/client/react';
import {
  Alert,
  Button,
  Group,
  Loader,
  NumberInput,
  PasswordInput,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/errors';
import {
  AdminLdapConfigDocument,
  AdminSaveLdapConfigDocument,
  AdminSyncLdapUsersDocument,
  AdminTestLdapDocument,
  type LdapFormInput,
} from '../../gql/graphql';
import { withoutTypename } from './withoutTypename';

const EMPTY: LdapFormInput = {
  host: '',
  port: 389,
  version: 3,
  base_dn: '',
  bind_dn: '',
  bind_password: '',
  user_field: 'cn',
  name_field: '',
  search_filter: '(cn=%(user)s)',
};

/** The console's LDAP tab: settings, "test connection" (binds and counts users), "sync users" when on. */
export function LdapSection() {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const { data, error, refetch } = useQuery(AdminLdapConfigDocument, { fetchPolicy: 'network-only' });
  const [save, saving] = useMutation(AdminSaveLdapConfigDocument);
  const [test, testing] = useMutation(AdminTestLdapDocument);
  const [sync, syncing] = useMutation(AdminSyncLdapUsersDocument);
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<LdapFormInput>(EMPTY);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!data) return;
    setOpen(data.adminLdapConfig.open);
    if (data.adminLdapConfig.form) {
      setForm(withoutTypename(data.adminLdapConfig.form));
    }
  }, [data]);

  if (error && !data) return <Alert color="red">{errorMessage(error, tc('common.networkError'))}</Alert>;
  if (!data) return <Loader size="sm" />;

  const run = async (work: () => Promise<string>) => {
    setFailure(null);
    try {
      notifications.show({ color: 'green', message: await work() });
    } catch (err) {
      setFailure(errorMessage(err, tc('common.networkError')));
    }
  };
  const field = (key: keyof LdapFormInput, label: string, hint?: string) => (
    <TextInput
      label={label}
      description={hint}
      value={String(form[key] ?? '')}
      onChange={(e) => setForm({ ...form, [key]: e.currentTarget.value })}
    />
  );

  return (
    <Stack gap="sm" maw={720}>
      <Switch
        label={t('external.ldapOpen')}
        checked={open}
        onChange={(e) => setOpen(e.currentTarget.checked)}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {field('host', t('external.host'))}
        <NumberInput
          label={t('external.port')}
          description={t('external.portHint')}
          min={1}
          max={65535}
          value={form.port}
          onChange={(value) => setForm({ ...form, port: Number(value) || 389 })}
        />
        {field('base_dn', 'Base DN', 'ou=people,dc=example,dc=com')}
        {field('bind_dn', 'Bind DN', 'cn=reader,dc=example,dc=com')}
        <PasswordInput
          label={t('external.bindPassword')}
          value={form.bind_password}
          onChange={(e) => setForm({ ...form, bind_password: e.currentTarget.value })}
        />
        {field('user_field', t('external.userField'), 'uid / cn / sAMAccountName')}
        {field('name_field', t('external.nameField'), 'cn / displayName')}
        {field('search_filter', t('external.searchFilter'), '(&(objectClass=person)(uid=%(user)s))')}
      </SimpleGrid>
      {failure ? <Alert color="red">{failure}</Alert> : null}
      <Group gap="xs" wrap="wrap">
        <Button
          loading={saving.loading}
          onClick={() =>
            void run(async () => {
              const saved = await save({ variables: { open, form } });
              await refetch();
              return open
                ? t('external.synced', { count: saved.data?.adminSaveLdapConfig ?? 0 })
                : t('console.saved');
            })
          }
        >
          {tc('common.save')}
        </Button>
        <Button
          variant="default"
          loading={testing.loading}
          onClick={() =>
            void run(async () => {
              const tested = await test({ variables: { form } });
              return t('external.testOk', { count: tested.data?.adminTestLdap ?? 0 });
            })
          }
        >
          {t('external.test')}
        </Button>
        {data.adminLdapConfig.open ? (
          <Button
            variant="default"
            loading={syncing.loading}
            onClick={() =>
              void run(async () => {
                const synced = await sync();
                return t('external.synced', { count: synced.data?.adminSyncLdapUsers ?? 0 });
              })
            }
          >
            {t('external.sync')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
