import { useMutation, useQuery } from '@apollo/client/react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowsExchange,
  IconFolders,
  IconPencil,
  IconPlus,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../app/errors';
import { DeleteTeamDocument, TeamListDocument, type TeamFieldsFragment } from '../../gql/graphql';
import { ConfirmIcon } from '../shell/ConfirmAction';
import { TeamNameDialog } from './dialogs/TeamNameDialog';
import { TransferTeamDialog } from './dialogs/TransferTeamDialog';
import { LeaveTeamButton } from './LeaveTeamButton';
import { displayName, teamRole } from './teamRole';

type OpenDialog = { kind: 'create' } | { kind: 'rename' | 'transfer'; team: TeamFieldsFragment } | null;

/** /team/index: the teams the viewer created or belongs to, with what each may do there (spec §2, §6). */
export function TeamIndexPage() {
  const { t } = useTranslation();
  const { data, error, loading } = useQuery(TeamListDocument, { fetchPolicy: 'cache-and-network' });
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2}>{t('teams.title')}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'create' })}>
          {t('teams.create')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('teams.intro')}
      </Text>
      {error && !data ? <Alert color="red">{errorMessage(error, t('common.networkError'))}</Alert> : null}
      {!data && loading ? <Loader size="sm" /> : null}
      {data && data.teams.length === 0 ? (
        <Stack align="center" gap="xs" py="xl" ta="center">
          <ThemeIcon size={48} radius="xl" variant="light">
            <IconUsersGroup size={26} stroke={1.5} />
          </ThemeIcon>
          <Text fw={500}>{t('teams.emptyTitle')}</Text>
          <Text size="sm" c="dimmed">
            {t('teams.emptyText')}
          </Text>
        </Stack>
      ) : null}
      {data && data.teams.length > 0 ? (
        <Stack
          component="ul"
          gap="sm"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('teams.title')}
        >
          {data.teams.map((team) => (
            <TeamCard
              key={team.id}
              team={team}
              onRename={() => setDialog({ kind: 'rename', team })}
              onTransfer={() => setDialog({ kind: 'transfer', team })}
            />
          ))}
        </Stack>
      ) : null}
      {dialog?.kind === 'create' ? <TeamNameDialog onClose={close} /> : null}
      {dialog?.kind === 'rename' ? <TeamNameDialog team={dialog.team} onClose={close} /> : null}
      {dialog?.kind === 'transfer' ? <TransferTeamDialog team={dialog.team} onClose={close} /> : null}
    </Stack>
  );
}

function TeamCard({
  team,
  onRename,
  onTransfer,
}: {
  team: TeamFieldsFragment;
  onRename(): void;
  onTransfer(): void;
}) {
  const { t } = useTranslation();
  const rights = team.viewerRights;
  const role = teamRole(rights);
  const [deleteTeam, deleteState] = useMutation(DeleteTeamDocument, {
    update(cache, { data }) {
      if (!data?.deleteTeam) return;
      cache.evict({ id: cache.identify({ __typename: 'Team', id: team.id }) });
      cache.gc();
    },
  });

  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={team.name}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Stack gap={2} miw={0}>
            <Group gap="xs" wrap="nowrap" miw={0}>
              <Text fw={600} truncate>
                {team.name}
              </Text>
              <Badge
                size="sm"
                variant="light"
                color={role === 'member' ? 'gray' : 'blue'}
                style={{ flexShrink: 0 }}
              >
                {t(`teams.role.${role}`)}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              {t('teams.createdBy', { name: displayName(team.owner) })}
            </Text>
          </Stack>
          {rights.manage ? (
            <Group gap={2} wrap="nowrap">
              <Tooltip label={t('teams.rename')}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('teams.renameOf', { name: team.name })}
                  onClick={onRename}
                >
                  <IconPencil size={16} />
                </ActionIcon>
              </Tooltip>
              {rights.isOwner ? (
                <>
                  <Tooltip label={t('teams.transfer')}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={t('teams.transferOf', { name: team.name })}
                      onClick={onTransfer}
                    >
                      <IconArrowsExchange size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <ConfirmIcon
                    label={t('teams.deleteOf', { name: team.name })}
                    question={t('teams.deleteConfirm', { name: team.name })}
                    loading={deleteState.loading}
                    onConfirm={async () => {
                      try {
                        await deleteTeam({ variables: { id: team.id } });
                        notifications.show({ color: 'green', message: t('teams.deleted') });
                      } catch (err) {
                        notifications.show({
                          color: 'red',
                          message: errorMessage(err, t('common.networkError')),
                        });
                      }
                    }}
                  />
                </>
              ) : null}
            </Group>
          ) : null}
        </Group>
        <Group gap="xs" wrap="wrap">
          <Button
            component={Link}
            to={`/team/member/${team.id}`}
            size="xs"
            variant="light"
            leftSection={<IconUsers size={14} />}
          >
            {t('teams.membersLink', { count: team.memberCount })}
          </Button>
          <Button
            component={Link}
            to={`/team/item/${team.id}`}
            size="xs"
            variant="light"
            leftSection={<IconFolders size={14} />}
          >
            {t('teams.itemsLink', { count: team.itemCount })}
          </Button>
          {rights.member && !rights.isOwner ? <LeaveTeamButton team={team} /> : null}
        </Group>
      </Stack>
    </Paper>
  );
}
