import { useMutation, useQuery } from '@apollo/client/react';
import {
  Alert,
  Badge,
  Button,
  Collapse,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconChevronRight, IconUsersPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/errors';
import {
  BindTeamItemsDocument,
  MyTeamsDocument,
  TeamItemMembersDocument,
  UnbindTeamItemDocument,
} from '../../gql/graphql';
import { ConfirmIcon } from '../shell/ConfirmAction';
import { MemberRow, notifyError } from './MemberRow';

export function TeamsSection({
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
