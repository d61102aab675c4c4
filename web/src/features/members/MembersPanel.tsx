import { useMutation, useQuery } from '@apollo/client/react';
import {
  Alert,
  Badge,
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
import {
  IconAlertCircle,
  IconChevronDown,
  IconChevronRight,
  IconUserPlus,
  IconUsersPlus,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/errors';
import {
  AddItemMembersDocument,
  BindTeamItemsDocument,
  ItemMembersDocument,
  MyTeamsDocument,
  RemoveItemMemberDocument,
  SetItemMembersReadOnlyDocument,
  TeamItemMembersDocument,
  UnbindTeamItemDocument,
  UpdateItemMemberDocument,
  UpdateTeamItemMemberDocument,
  UserCandidatesDocument,
} from '../../gql/graphql';
import { ConfirmButton, ConfirmIcon } from '../shell/ConfirmAction';
import { quotaAwareMessage } from './QuotaPrompt';

/** 0 read-only, 1 edit, 2 item admin (spec §4). */
const AUTHORITIES = [1, 0, 2] as const;

function useAuthorityOptions() {
  const { t } = useTranslation();
  return AUTHORITIES.map((value) => ({ value: String(value), label: t(`members.authority.${value}`) }));
}

function displayName(user: { username: string; name?: string | null }): string {
  return user.name ? `${user.username} (${user.name})` : user.username;
}

function formatDate(iso: string): string {
  return iso.slice(0, 10);
}

function notifyError(error: unknown, fallback: string) {
  notifications.show({ color: 'red', message: quotaAwareMessage(error, fallback), autoClose: 8000 });
}

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

interface MemberLike {
  id: number;
  memberGroupId: number;
  createdAt: string;
  user: { username: string; name?: string | null };
  catalogScope: { id: number; name: string }[];
}

function MemberRow({
  kind,
  member,
  catalogs,
  onRemoved,
}: {
  kind: 'item' | 'team';
  member: MemberLike;
  catalogs: { value: string; label: string }[];
  onRemoved?(): void;
}) {
  const { t } = useTranslation();
  const authorities = useAuthorityOptions();
  const [updateItemMember] = useMutation(UpdateItemMemberDocument);
  const [updateTeamItemMember] = useMutation(UpdateTeamItemMemberDocument);
  const [removeMember, removeState] = useMutation(RemoveItemMemberDocument);

  async function update(input: { memberGroupId?: number; catalogIds?: number[] }) {
    try {
      const variables = { input: { id: member.id, ...input } };
      if (kind === 'item') await updateItemMember({ variables });
      else await updateTeamItemMember({ variables });
      notifications.show({ color: 'green', message: t('members.saved') });
    } catch (err) {
      notifyError(err, t('common.networkError'));
    }
  }

  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500}>
          {displayName(member.user)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Select
          size="xs"
          data={authorities}
          value={String(member.memberGroupId)}
          allowDeselect={false}
          aria-label={t('members.authorityOf', { name: member.user.username })}
          onChange={(value) => {
            if (value !== null) void update({ memberGroupId: Number(value) });
          }}
          comboboxProps={{ withinPortal: true }}
        />
      </Table.Td>
      <Table.Td>
        {member.memberGroupId === 2 ? (
          <Text size="xs" c="dimmed">
            {t('members.scopeAll')}
          </Text>
        ) : (
          <MultiSelect
            size="xs"
            data={catalogs}
            value={member.catalogScope.map((catalog) => String(catalog.id))}
            placeholder={member.catalogScope.length === 0 ? t('members.scopeAll') : undefined}
            aria-label={t('members.scopeOf', { name: member.user.username })}
            onChange={(values) => void update({ catalogIds: values.map(Number) })}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
        )}
      </Table.Td>
      <Table.Td>
        <Text size="xs" c="dimmed">
          {formatDate(member.createdAt)}
        </Text>
      </Table.Td>
      <Table.Td>
        {kind === 'item' ? (
          <ConfirmIcon
            label={t('members.remove')}
            question={t('members.removeConfirm', { name: member.user.username })}
            loading={removeState.loading}
            onConfirm={async () => {
              try {
                await removeMember({ variables: { id: member.id } });
                onRemoved?.();
              } catch (err) {
                notifyError(err, t('common.networkError'));
              }
            }}
          />
        ) : null}
      </Table.Td>
    </Table.Tr>
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

function TeamsSection({
  itemId,
  teams,
  catalogs,
  onChanged,
}: {
  itemId: number;
  teams: {
    id: number;
    teamId: number;
    createdAt: string;
    team: { id: number; name: string; memberCount: number };
  }[];
  catalogs: { value: string; label: string }[];
  onChanged(): void;
}) {
  const { t } = useTranslation();
  const [binding, setBinding] = useState(false);
  const [teamId, setTeamId] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<number | null>(null);
  const myTeams = useQuery(MyTeamsDocument, { skip: !binding });
  const [bind, bindState] = useMutation(BindTeamItemsDocument);
  const [unbind, unbindState] = useMutation(UnbindTeamItemDocument);
  const bound = new Set(teams.map((link) => link.teamId));
  const choices = (myTeams.data?.teams ?? [])
    .filter((team) => team.viewerRights.manage && !bound.has(team.id))
    .map((team) => ({ value: String(team.id), label: team.name }));

  async function submit() {
    if (!teamId) {
      notifications.show({ color: 'red', message: t('members.chooseTeam') });
      return;
    }
    try {
      await bind({ variables: { teamId: Number(teamId), itemIds: [itemId] } });
      setBinding(false);
      setTeamId(null);
      onChanged();
    } catch (err) {
      notifyError(err, t('common.networkError'));
    }
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={5}>{t('members.teams')}</Title>
        <Button
          size="xs"
          variant={binding ? 'light' : 'default'}
          leftSection={<IconUsersPlus size={16} />}
          onClick={() => setBinding((value) => !value)}
        >
          {t('members.addTeam')}
        </Button>
      </Group>
      <Collapse expanded={binding}>
        <Paper withBorder p="sm" radius="md">
          <Group align="flex-end" wrap="wrap">
            <Select
              label={t('members.team')}
              data={choices}
              value={teamId}
              onChange={setTeamId}
              placeholder={myTeams.loading ? t('common.loading') : t('members.teamPlaceholder')}
              nothingFoundMessage={t('members.noTeams')}
              style={{ flex: 1, minWidth: 200 }}
              comboboxProps={{ withinPortal: true }}
            />
            <Button size="sm" loading={bindState.loading} onClick={() => void submit()}>
              {t('members.bindTeam')}
            </Button>
          </Group>
        </Paper>
      </Collapse>
      {teams.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('members.noBoundTeams')}
        </Text>
      ) : (
        teams.map((link) => (
          <Paper key={link.id} withBorder radius="md" p="xs">
            <Group justify="space-between" wrap="nowrap">
              <Button
                variant="subtle"
                color="gray"
                size="compact-sm"
                leftSection={
                  expanded === link.id ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />
                }
                onClick={() => setExpanded(expanded === link.id ? null : link.id)}
                aria-expanded={expanded === link.id}
              >
                {link.team.name}
              </Button>
              <Group gap="xs" wrap="nowrap">
                <Badge variant="light" color="gray">
                  {t('members.memberCount', { count: link.team.memberCount })}
                </Badge>
                <ConfirmIcon
                  label={t('members.unbind')}
                  question={t('members.unbindConfirm', { name: link.team.name })}
                  loading={unbindState.loading}
                  onConfirm={async () => {
                    try {
                      await unbind({ variables: { id: link.id } });
                      onChanged();
                    } catch (err) {
                      notifyError(err, t('common.networkError'));
                    }
                  }}
                />
              </Group>
            </Group>
            {expanded === link.id ? (
              <TeamMembers itemId={itemId} teamId={link.teamId} catalogs={catalogs} />
            ) : null}
          </Paper>
        ))
      )}
    </Stack>
  );
}

function TeamMembers({
  itemId,
  teamId,
  catalogs,
}: {
  itemId: number;
  teamId: number;
  catalogs: { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  const { data, error } = useQuery(TeamItemMembersDocument, { variables: { itemId, teamId } });
  if (error) return <Alert color="red">{errorMessage(error, t('common.networkError'))}</Alert>;
  if (!data) return <Loader size="xs" m="xs" />;
  if (data.teamItemMembers.length === 0) {
    return (
      <Text size="sm" c="dimmed" p="xs">
        {t('members.teamEmpty')}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={520} mt="xs">
      <Table verticalSpacing={4}>
        <Table.Tbody>
          {data.teamItemMembers.map((member) => (
            <MemberRow key={member.id} kind="team" member={member} catalogs={catalogs} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
