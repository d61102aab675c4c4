import { useMutation } from '@apollo/client/react';
import { Alert, PasswordInput, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/errors';
import { TeamListDocument, TransferTeamDocument } from '../../../gql/graphql';
import { DialogFrame } from '../../shell/DialogFrame';

/** Gives a team to another user: the receiver's username and the caller's login password (spec §5). */
export function TransferTeamDialog({
  team,
  onClose,
}: {
  team: { id: number; name: string };
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [transfer, { loading }] = useMutation(TransferTeamDocument, { refetchQueries: [TeamListDocument] });

  async function submit() {
    if (!username.trim()) {
      setError(t('guarded.receiverRequired'));
      return;
    }
    if (!password) {
      setError(t('guarded.passwordRequired'));
      return;
    }
    try {
      await transfer({ variables: { teamId: team.id, username: username.trim(), password } });
      notifications.show({ color: 'green', message: t('teams.transferred') });
      onClose();
    } catch (err) {
      setError(errorMessage(err, t('common.networkError')));
    }
  }

  return (
    <DialogFrame
      opened
      size="md"
      title={t('teams.transfer')}
      onClose={onClose}
      onConfirm={() => void submit()}
      confirmLabel={t('guarded.transferSubmit')}
      confirmColor="orange"
      loading={loading}
    >
      <Alert color="yellow" icon={<IconAlertTriangle size={18} />} p="sm">
        {t('teams.transferWarning', { name: team.name })}
      </Alert>
      <TextInput
        label={t('guarded.receiver')}
        description={t('guarded.receiverHint')}
        value={username}
        onChange={(event) => setUsername(event.currentTarget.value)}
        autoCapitalize="off"
        name="receiver"
        data-autofocus
      />
      <PasswordInput
        label={t('guarded.loginPassword')}
        description={t('guarded.loginPasswordHint')}
        value={password}
        onChange={(event) => setPassword(event.currentTarget.value)}
        autoComplete="current-password"
        name="loginPassword"
      />
      {error ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} p="xs">
          {error}
        </Alert>
      ) : null}
    </DialogFrame>
  );
}
