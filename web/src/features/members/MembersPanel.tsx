import { useMutation, useQuery } from '@apollo/client/react';
import {
  Alert,
  Button,
  Collapse,
  Group,
  Loader,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconUserPlus } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/errors';
import {
  AddItemMembersDocument,
  ItemMembersDocument,
  SetItemMembersReadOnlyDocument,
  UserCandidatesDocument,
} from '../../gql/graphql';
import { ConfirmButton } from '../shell/ConfirmAction';
import { quotaAwareMessage } from './QuotaPrompt';
import { MemberRow, displayName, notifyError, useAuthorityOptions } from './MemberRow';
import { TeamsSection } from './ItemTeamsSection';

/** Item members and teams: add, authority, catalog scope, remove; bind and unbind teams (spec §2, §6). */
export function MembersPanel({ itemId }: { itemId: number }) {
  const { t } = useTranslation();
  const { data, loading, error, refetch } = useQuery(ItemMembersDocument, { variables: { itemId } });
  const [adding, setAdding] = useState(false);
  const [setReadOnly, readOnlyState] = useMutation(SetItemMembersReadOnlyDocument);

  if (error) return <Alert color="red">{errorMessage(error, t('common.networkError'))}</Alert>;
  if (!data) return loading ? <Loader size="sm" /> : null;

  const topCatalogs = data.catalogs
    .filter((catalog) => catalog.level === 1)
    .map((catalog) => ({ value: String(catalog.id), label: catalog.name }));

  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={5}>{t('members.title')}</Title>
          <Group gap="xs">
            <ConfirmButton
              label={t('members.allReadOnly')}
              question={t('members.allReadOnlyConfirm')}
              loading={readOnlyState.loading}
              onConfirm={async () => {
                try {
                  const result = await setReadOnly({ variables: { itemId } });
                  notifications.show({
                    color: 'green',
                    message: t('members.allReadOnlyDone', {
                      count: result.data?.setItemMembersReadOnly ?? 0,
                    }),
                  });
                  await refetch();
                } catch (err) {
                  notifyError(err, t('common.networkError'));
                }
              }}
            />
            <Button
              size="xs"
              leftSection={<IconUserPlus size={16} />}
              variant={adding ? 'light' : 'filled'}
              onClick={() => setAdding((value) => !value)}
            >
              {t('members.add')}
            </Button>
          </Group>
        </Group>
        <Collapse expanded={adding}>
          {adding ? (
            <AddMembersForm
              itemId={itemId}
              existing={[data.item.owner.username, ...data.itemMembers.map((member) => member.user.username)]}
              catalogs={topCatalogs}
              onDone={() => {
                setAdding(false);
                void refetch();
              }}
            />
          ) : null}
        </Collapse>
        {data.itemMembers.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('members.none')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('members.user')}</Table.Th>
                  <Table.Th w={150}>{t('members.authorityLabel')}</Table.Th>
                  <Table.Th>{t('members.scope')}</Table.Th>
                  <Table.Th w={100}>{t('members.addedAt')}</Table.Th>
                  <Table.Th w={48} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.itemMembers.map((member) => (
                  <MemberRow
                    key={member.id}
                    kind="item"
                    member={member}
                    catalogs={topCatalogs}
                    onRemoved={() => void refetch()}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>

      <TeamsSection
        itemId={itemId}
        teams={data.itemTeams}
        catalogs={topCatalogs}
        onChanged={() => void refetch()}
      />
    </Stack>
  );
}

function AddMembersForm({
  itemId,
  existing,
  catalogs,
  onDone,
}: {
  itemId: number;
  existing: string[];
  catalogs: { value: string; label: string }[];
  onDone(): void;
}) {
  const { t } = useTranslation();
  const authorities = useAuthorityOptions();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [usernames, setUsernames] = useState<string[]>([]);
  const [authority, setAuthority] = useState('1');
  const [scope, setScope] = useState<string[]>([]);
  const [error, setError] = useState<ReactNode>(null);
  const candidates = useQuery(UserCandidatesDocument, { variables: { search: debounced.trim() } });
  const [addMembers, { loading }] = useMutation(AddItemMembersDocument);

  const taken = new Set(existing);
  const options = [
    ...usernames.map((username) => ({ value: username, label: username })),
    ...(candidates.data?.users ?? [])
      .filter((user) => !taken.has(user.username) && !usernames.includes(user.username))
      .map((user) => ({ value: user.username, label: displayName(user) })),
  ];

  async function submit() {
    if (usernames.length === 0) {
      setError(t('members.chooseUser'));
      return;
    }
    setError(null);
    try {
      const { data } = await addMembers({
        variables: {
          input: {
            itemId,
            usernames,
            memberGroupId: Number(authority),
            catalogIds: authority === '2' ? [] : scope.map(Number),
          },
        },
      });
      const skipped = data?.addItemMembers.skipped ?? [];
      if (skipped.length > 0) {
        notifications.show({
          color: 'yellow',
          message: t('members.skipped', { names: skipped.map((s) => s.username).join(', ') }),
        });
      } else {
        notifications.show({ color: 'green', message: t('members.added') });
      }
      onDone();
    } catch (err) {
      setError(quotaAwareMessage(err, t('common.networkError')));
    }
  }

  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="sm">
        <MultiSelect
          label={t('members.users')}
          placeholder={usernames.length === 0 ? t('members.usersPlaceholder') : undefined}
          data={options}
          value={usernames}
          onChange={setUsernames}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          nothingFoundMessage={t('members.noCandidates')}
          comboboxProps={{ withinPortal: true }}
        />
        <Group grow align="flex-start" wrap="wrap">
          <Select
            label={t('members.authorityLabel')}
            data={authorities}
            value={authority}
            onChange={(value) => setAuthority(value ?? '1')}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          {authority !== '2' ? (
            <MultiSelect
              label={t('members.scope')}
              description={t('members.scopeHint')}
              data={catalogs}
              value={scope}
              onChange={setScope}
              placeholder={scope.length === 0 ? t('members.scopeAll') : undefined}
              clearable
              comboboxProps={{ withinPortal: true }}
            />
          ) : null}
        </Group>
        {error ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} p="xs">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button size="xs" loading={loading} onClick={() => void submit()}>
            {t('members.addSubmit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
