import { Alert, Anchor, Badge, Breadcrumbs, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconFolders, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../app/errors';
import type { TeamFieldsFragment } from '../../gql/graphql';
import { NotFoundPage } from '../shell/NotFoundPage';
import { LeaveTeamButton } from './LeaveTeamButton';
import { displayName, teamRole } from './teamRole';

/** The team id of /team/member/{team_id} and /team/item/{team_id}; null when it is not a number. */
export function useTeamIdParam(): number | null {
  const { teamId = '' } = useParams();
  return /^[1-9]\d{0,9}$/.test(teamId) ? Number(teamId) : null;
}

/**
 * The frame of a team's members and items screens: where it is, the team's name and the viewer's role,
 * a switch between the two screens, and "quit team" for members who did not create it.
 */
export function TeamScreen({
  teamId,
  section,
  team,
  error,
  actions,
  children,
}: {
  teamId: number | null;
  section: 'members' | 'items';
  team: TeamFieldsFragment | undefined;
  error: unknown;
  /** Managers' buttons beside the title (add members, bind items). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (teamId === null) return <NotFoundPage />;

  let body: ReactNode;
  if (error && !team) {
    body = (
      <Alert color="red" title={t('teams.unavailable')}>
        {errorMessage(error, t('common.networkError'))}
      </Alert>
    );
  } else if (!team) {
    body = <Loader size="sm" />;
  } else {
    body = (
      <>
        <Group justify="space-between" wrap="wrap" gap="sm" align="flex-end">
          <Stack gap={2} miw={0}>
            <Group gap="xs" wrap="nowrap" miw={0}>
              <Title order={2} style={{ overflowWrap: 'anywhere' }}>
                {team.name}
              </Title>
              <Badge variant="light" style={{ flexShrink: 0 }}>
                {t(`teams.role.${teamRole(team.viewerRights)}`)}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              {t('teams.createdBy', { name: displayName(team.owner) })}
            </Text>
          </Stack>
          <Group gap="xs" wrap="wrap">
            {team.viewerRights.manage ? actions : null}
            {team.viewerRights.member && !team.viewerRights.isOwner ? (
              <LeaveTeamButton team={team} onLeft={() => void navigate('/team/index')} />
            ) : null}
          </Group>
        </Group>
        <Group gap="xs" role="navigation" aria-label={t('teams.sections')}>
          <Button
            component={Link}
            to={`/team/member/${team.id}`}
            size="xs"
            variant={section === 'members' ? 'filled' : 'default'}
            leftSection={<IconUsers size={14} />}
            aria-current={section === 'members' ? 'page' : undefined}
          >
            {t('teams.membersLink', { count: team.memberCount })}
          </Button>
          <Button
            component={Link}
            to={`/team/item/${team.id}`}
            size="xs"
            variant={section === 'items' ? 'filled' : 'default'}
            leftSection={<IconFolders size={14} />}
            aria-current={section === 'items' ? 'page' : undefined}
          >
            {t('teams.itemsLink', { count: team.itemCount })}
          </Button>
        </Group>
        {!team.viewerRights.manage ? (
          <Text size="sm" c="dimmed">
            {t('teams.readOnlyHint')}
          </Text>
        ) : null}
        {children}
      </>
    );
  }

  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to="/team/index" size="sm">
          {t('teams.title')}
        </Anchor>
        <Text size="sm">{team?.name ?? '…'}</Text>
      </Breadcrumbs>
      {body}
    </Stack>
  );
}
