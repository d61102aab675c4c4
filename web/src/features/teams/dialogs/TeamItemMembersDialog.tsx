import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Group, Loader, MultiSelect, Paper, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/errors';
import {
  TeamItemCatalogsDocument,
  TeamItemMembersDocument,
  UpdateTeamItemMemberDocument,
  type TeamItemMemberFieldsFragment,
} from '../../../gql/graphql';
import { DialogFrame } from '../../shell/DialogFrame';
import { CardList } from '../CardList';
import { displayName } from '../teamRole';

/** 0 read-only, 1 edit, 2 item admin (spec §4), in the order the dialogs offer them. */
const AUTHORITIES = [1, 0, 2] as const;
const ITEM_ADMIN = 2;

interface CatalogOption {
  value: string;
  label: string;
}

/**
 * Each team member's authority in one item bound to the team, and the top-level catalogs they are
 * limited to (not for item admins, spec §6). A change is saved at once.
 */
export function TeamItemMembersDialog({
  teamId,
  item,
  onClose,
}: {
  teamId: number;
  item: { id: number; name: string };
  onClose(): void;
}) {
  const { t } = useTranslation();
  const members = useQuery(TeamItemMembersDocument, {
    variables: { teamId, itemId: item.id },
    fetchPolicy: 'cache-and-network',
  });
  // Without read access to the item the scope cannot be chosen, but the authority still can.
  const catalogs = useQuery(TeamItemCatalogsDocument, { variables: { itemId: item.id } });
  const topCatalogs: CatalogOption[] = (catalogs.data?.catalogs ?? [])
    .filter((catalog) => catalog.level === 1)
    .map((catalog) => ({ value: String(catalog.id), label: catalog.name }));

  let body;
  if (members.error && !members.data) {
    body = <Alert color="red">{errorMessage(members.error, t('common.networkError'))}</Alert>;
  } else if (!members.data) {
    body = <Loader size="sm" />;
  } else {
    body = (
      <CardList label={t('teams.memberList')} emptyText={t('members.teamEmpty')}>
        {members.data.teamItemMembers.map((member) => (
          <AuthorityRow key={member.id} member={member} catalogs={topCatalogs} />
        ))}
      </CardList>
    );
  }

  return (
    <DialogFrame opened title={t('teams.authorityTitle', { name: item.name })} onClose={onClose}>
      <Text size="sm" c="dimmed">
        {t('teams.authorityHint')}
      </Text>
      {body}
    </DialogFrame>
  );
}

function AuthorityRow({
  member,
  catalogs,
}: {
  member: TeamItemMemberFieldsFragment;
  catalogs: CatalogOption[];
}) {
  const { t } = useTranslation();
  const [update, { loading }] = useMutation(UpdateTeamItemMemberDocument);
  const username = member.user.username;
  const authorities = AUTHORITIES.map((value) => ({
    value: String(value),
    label: t(`members.authority.${value}`),
  }));
  // Scope entries the catalog list lacks (an unreadable item) still show by name.
  const scopeOptions = [
    ...catalogs,
    ...member.catalogScope
      .filter((catalog) => !catalogs.some((option) => option.value === String(catalog.id)))
      .map((catalog) => ({ value: String(catalog.id), label: catalog.name })),
  ];

  async function save(input: { memberGroupId?: number; catalogIds?: number[] }) {
    try {
      await update({ variables: { input: { id: member.id, ...input } } });
      notifications.show({ color: 'green', message: t('members.saved') });
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessage(err, t('common.networkError')) });
    }
  }

  return (
    <Paper component="li" withBorder radius="md" p="xs" aria-label={username}>
      <Stack gap={6}>
        <Text size="sm" fw={500} truncate>
          {displayName(member.user)}
        </Text>
        <Group gap="xs" align="flex-start" wrap="wrap">
          <Select
            size="xs"
            w={140}
            data={authorities}
            value={String(member.memberGroupId)}
            allowDeselect={false}
            disabled={loading}
            aria-label={t('members.authorityOf', { name: username })}
            onChange={(value) => {
              if (value !== null && Number(value) !== member.memberGroupId) {
                void save({ memberGroupId: Number(value) });
              }
            }}
            comboboxProps={{ withinPortal: true }}
          />
          {member.memberGroupId === ITEM_ADMIN ? (
            <Text size="xs" c="dimmed" pt={6}>
              {t('members.scopeAll')}
            </Text>
          ) : (
            <MultiSelect
              size="xs"
              style={{ flex: '1 1 180px' }}
              data={scopeOptions}
              value={member.catalogScope.map((catalog) => String(catalog.id))}
              placeholder={member.catalogScope.length === 0 ? t('members.scopeAll') : undefined}
              aria-label={t('members.scopeOf', { name: username })}
              disabled={loading}
              onChange={(values) => void save({ catalogIds: values.map(Number) })}
              clearable
              comboboxProps={{ withinPortal: true }}
            />
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
