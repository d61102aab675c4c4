import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, MultiSelect, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/errors';
import { BindTeamItemsDocument, TeamBindableItemsDocument } from '../../../gql/graphql';
import { DialogFrame } from '../../shell/DialogFrame';

/** Binds one or several items the viewer manages to the team: every member gets edit rights in them. */
export function BindTeamItemsDialog({
  teamId,
  boundItemIds,
  onClose,
  onBound,
}: {
  teamId: number;
  boundItemIds: readonly number[];
  onClose(): void;
  onBound(): void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const mine = useQuery(TeamBindableItemsDocument, { fetchPolicy: 'cache-and-network' });
  const [bind, { loading }] = useMutation(BindTeamItemsDocument);
  const bound = new Set(boundItemIds);
  const options = (mine.data?.myItems.edges ?? [])
    .filter((edge) => edge.manager && !edge.node.isArchived && !bound.has(edge.node.id))
    .map((edge) => ({ value: String(edge.node.id), label: edge.node.name }));

  async function submit() {
    if (chosen.length === 0) {
      setError(t('teams.chooseItems'));
      return;
    }
    try {
      await bind({ variables: { teamId, itemIds: chosen.map(Number) } });
      notifications.show({ color: 'green', message: t('teams.itemsBound', { count: chosen.length }) });
      onBound();
      onClose();
    } catch (err) {
      setError(errorMessage(err, t('common.networkError')));
    }
  }

  return (
    <DialogFrame
      opened
      size="md"
      title={t('teams.bindItems')}
      onClose={onClose}
      onConfirm={() => void submit()}
      confirmLabel={t('teams.bindSubmit')}
      loading={loading}
    >
      <Text size="sm" c="dimmed">
        {t('teams.bindHint')}
      </Text>
      <MultiSelect
        label={t('teams.items')}
        placeholder={chosen.length === 0 ? t('teams.itemsPlaceholder') : undefined}
        data={options}
        value={chosen}
        onChange={setChosen}
        searchable
        clearable
        nothingFoundMessage={mine.loading ? t('common.loading') : t('teams.noBindableItems')}
        comboboxProps={{ withinPortal: true }}
        data-autofocus
      />
      {error ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} p="xs" role="alert">
          {error}
        </Alert>
      ) : null}
    </DialogFrame>
  );
}
