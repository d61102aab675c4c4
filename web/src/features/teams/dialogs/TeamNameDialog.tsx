import { useMutation } from '@apollo/client/react';
import { Alert, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/errors';
import { SaveTeamDocument, TeamListDocument } from '../../../gql/graphql';
import { DialogFrame } from '../../shell/DialogFrame';
import { NAME_LIMITS } from '../../../app/name-limits';

/** The server's limit (MAX_TEAM_NAME_LENGTH): said here before the round trip. */

/** Creates a team (no `team`) or renames one. */
export function TeamNameDialog({
  team,
  onClose,
}: {
  team?: { id: number; name: string } | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(team?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const [save, { loading }] = useMutation(SaveTeamDocument, { refetchQueries: [TeamListDocument] });

  async function submit() {
    const trimmed = name.trim();
    if (!trimmed) {
      setError(t('teams.nameRequired'));
      return;
    }
    try {
      await save({ variables: { id: team?.id ?? null, name: trimmed } });
      notifications.show({ color: 'green', message: team ? t('teams.renamed') : t('teams.created') });
      onClose();
    } catch (err) {
      setError(errorMessage(err, t('common.networkError')));
    }
  }

  return (
    <DialogFrame
      opened
      size="md"
      title={team ? t('teams.rename') : t('teams.create')}
      onClose={onClose}
      onConfirm={() => void submit()}
      loading={loading}
    >
      <TextInput
        label={t('teams.name')}
        value={name}
        maxLength={NAME_LIMITS.team}
        onChange={(event) => setName(event.currentTarget.value)}
        data-autofocus
        name="teamName"
      />
      {error ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} p="xs">
          {error}
        </Alert>
      ) : null}
    </DialogFrame>
  );
}
