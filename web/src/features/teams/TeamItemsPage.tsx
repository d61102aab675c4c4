import { useMutation, useQuery } from '@apollo/client/react';
import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLink, IconUserShield } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../app/errors';
import {
  TeamItemsScreenDocument,
  UnbindTeamItemDocument,
  type TeamItemFieldsFragment,
} from '../../gql/graphql';
import { itemPath } from '../items/itemLinks';
import { ConfirmIcon } from '../shell/ConfirmAction';
import { CardList } from './CardList';
import { BindTeamItemsDialog } from './dialogs/BindTeamItemsDialog';
import { TeamItemMembersDialog } from './dialogs/TeamItemMembersDialog';
import { dayOf } from './teamRole';
import { TeamScreen, useTeamIdParam } from './TeamScreen';

/**
 * /team/item/{team_id}: the items bound to the team. Its managers bind and unbind items and set each
 * member's authority per item; members see the list and open the items (spec §2, §6).
 */
export function TeamItemsPage() {
  const { t } = useTranslation();
  const teamId = useTeamIdParam();
  const { data, error, refetch } = useQuery(TeamItemsScreenDocument, {
    variables: { teamId: teamId ?? 0 },
    skip: teamId === null,
    fetchPolicy: 'cache-and-network',
  });
  const [binding, setBinding] = useState(false);
  const [authorityOf, setAuthorityOf] = useState<TeamItemFieldsFragment['item'] | null>(null);
  const team = data?.team;
  const links = data?.teamItems ?? [];

  return (
    <TeamScreen
      teamId={teamId}
      section="items"
      team={team}
      error={error}
      actions={
        <Button size="xs" leftSection={<IconLink size={16} />} onClick={() => setBinding(true)}>
          {t('teams.bindItems')}
        </Button>
      }
    >
      <CardList label={t('teams.itemList')} emptyText={t('teams.noItems')}>
        {links.map((link) => (
          <ItemRow
            key={link.id}
            link={link}
            manage={team?.viewerRights.manage ?? false}
            onAuthority={() => setAuthorityOf(link.item)}
            onUnbound={() => void refetch()}
          />
        ))}
      </CardList>
      {binding && teamId !== null ? (
        <BindTeamItemsDialog
          teamId={teamId}
          boundItemIds={links.map((link) => link.itemId)}
          onClose={() => setBinding(false)}
          onBound={() => void refetch()}
        />
      ) : null}
      {authorityOf && teamId !== null ? (
        <TeamItemMembersDialog teamId={teamId} item={authorityOf} onClose={() => setAuthorityOf(null)} />
      ) : null}
    </TeamScreen>
  );
}

function ItemRow({
  link,
  manage,
  onAuthority,
  onUnbound,
}: {
  link: TeamItemFieldsFragment;
  manage: boolean;
  onAuthority(): void;
  onUnbound(): void;
}) {
  const { t } = useTranslation();
  const [unbind, { loading }] = useMutation(UnbindTeamItemDocument);
  const item = link.item;

  return (
    <Paper component="li" withBorder radius="md" px="sm" py="xs" aria-label={item.name}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stack gap={0} miw={0} style={{ flex: '1 1 160px' }}>
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Anchor component={Link} to={itemPath(item)} fw={500} size="sm" truncate>
              {item.name}
            </Anchor>
            {item.isArchived ? (
              <Badge size="xs" variant="light" color="gray">
                {t('teams.archived')}
              </Badge>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            {t('teams.boundOn', { date: dayOf(link.createdAt) })}
          </Text>
        </Stack>
        {manage ? (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconUserShield size={14} />}
              onClick={onAuthority}
              aria-label={t('teams.authorityOf', { name: item.name })}
            >
              {t('teams.authority')}
            </Button>
            <ConfirmIcon
              label={t('teams.unbindOf', { name: item.name })}
              question={t('teams.unbindConfirm', { name: item.name })}
              loading={loading}
              onConfirm={async () => {
                try {
                  await unbind({ variables: { id: link.id } });
                  onUnbound();
                } catch (err) {
                  notifications.show({ color: 'red', message: errorMessage(err, t('common.networkError')) });
                }
              }}
            />
          </Group>
        ) : null}
      </Group>
    </Paper>
  );
}
