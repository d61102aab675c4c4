import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/errors';
import {
  RemoveTeamMemberDocument,
  TeamMembersScreenDocument,
  UpdateTeamMemberDocument,
  type TeamMemberFieldsFragment,
} from '../../gql/graphql';
import { ConfirmIcon } from '../shell/ConfirmAction';
import { CardList } from './CardList';
import { AddTeamMembersDialog } from './dialogs/AddTeamMembersDialog';
import { dayOf, displayName, TEAM_MEMBER_GROUPS } from './teamRole';
import { TeamScreen, useTeamIdParam } from './TeamScreen';

/** /team/member/{team_id}: the team's members; its managers add, promote and remove them (spec §2, §6). */
export function TeamMembersPage() {
  const { t } = useTranslation();
  const teamId = useTeamIdParam();
  const { data, error, refetch } = useQuery(TeamMembersScreenDocument, {
    variables: { teamId: teamId ?? 0 },
    skip: teamId === null,
    fetchPolicy: 'cache-and-network',
  });
  const [adding, setAdding] = useState(false);
  const team = data?.team;
  const manage = team?.viewerRights.manage ?? false;
  const members = data?.teamMembers ?? [];

  return (
    <TeamScreen
      teamId={teamId}
      section="members"
      team={team}
      error={error}
      actions={
        <Button size="xs" leftSection={<IconUserPlus size={16} />} onClick={() => setAdding(true)}>
          {t('teams.addMembers')}
        </Button>
      }
    >
      <CardList label={t('teams.memberList')} emptyText={t('teams.noMembers')}>
        {members.map((member) => (
          <MemberRow key={member.id} member={member} manage={manage} onRemoved={() => void refetch()} />
        ))}
      </CardList>
      {adding && teamId !== null ? (
        <AddTeamMembersDialog
          teamId={teamId}
          existing={members.map((member) => member.user.username)}
          onClose={() => setAdding(false)}
          onAdded={() => void refetch()}
        />
      ) : null}
    </TeamScreen>
  );
}

function MemberRow({
  member,
  manage,
  onRemoved,
}: {
  member: TeamMemberFieldsFragment;
  manage: boolean;
  onRemoved(): void;
}) {
  const { t } = useTranslation();
  const [update, updateState] = useMutation(UpdateTeamMemberDocument);
  const [remove, removeState] = useMutation(RemoveTeamMemberDocument);
  const groups = TEAM_MEMBER_GROUPS.map((value) => ({
    value: String(value),
    label: t(`teams.memberGroups.${value}`),
  }));
  const username = member.user.username;

  return (
    <Paper component="li" withBorder radius="md" px="sm" py="xs" aria-label={username}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stack gap={0} miw={0} style={{ flex: '1 1 160px' }}>
          <Text size="sm" fw={500} truncate>
            {displayName(member.user)}
          </Text>
          <Text size="xs" c="dimmed">
            {t('teams.addedOn', { date: dayOf(member.createdAt) })}
          </Text>
        </Stack>
        {manage ? (
          <Group gap="xs" wrap="nowrap">
            <Select
              size="xs"
              w={150}
              data={groups}
              value={String(member.teamMemberGroupId)}
              allowDeselect={false}
              disabled={updateState.loading}
              aria-label={t('teams.memberGroupOf', { name: username })}
              onChange={(value) => {
                if (value === null || Number(value) === member.teamMemberGroupId) return;
                update({ variables: { id: member.id, teamMemberGroupId: Number(value) } }).then(
                  () => notifications.show({ color: 'green', message: t('members.saved') }),
                  (err: unknown) =>
                    notifications.show({
                      color: 'red',
                      message: errorMessage(err, t('common.networkError')),
                    }),
                );
              }}
              comboboxProps={{ withinPortal: true }}
            />
            <ConfirmIcon
              label={t('teams.removeMemberOf', { name: username })}
              question={t('teams.removeMemberConfirm', { name: username })}
              loading={removeState.loading}
              onConfirm={async () => {
                try {
                  await remove({ variables: { id: member.id } });
                  onRemoved();
                } catch (err) {
                  notifications.show({ color: 'red', message: errorMessage(err, t('common.networkError')) });
                }
              }}
            />
          </Group>
        ) : (
          <Badge variant="light" color={member.teamMemberGroupId === 2 ? 'blue' : 'gray'}>
            {t(`teams.memberGroups.${member.teamMemberGroupId === 2 ? 2 : 1}`)}
          </Badge>
        )}
      </Group>
    </Paper>
  );
}
