import { useMutation } from '@apollo/client/react';
import { Alert, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconAlertTriangle } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/errors';
import {
  ArchiveItemDocument,
  DeleteItemDocument,
  ItemViewDocument,
  MyItemsDocument,
  TransferItemDocument,
  type ItemSummaryFragment,
} from '../../../gql/graphql';
import { DialogFrame } from '../../shell/DialogFrame';

interface GuardedDialogProps {
  item: ItemSummaryFragment;
  onClose(): void;
  /** After success (the item is gone from the viewer's hands: the view may leave it). */
  onDone?(): void;
}

/** Archive, transfer and delete: a warning and the caller's login password (spec §5). */
function PasswordGuardDialog({
  title,
  warning,
  confirmLabel,
  extra,
  onSubmit,
  loading,
  onClose,
  color = 'red',
}: {
  title: string;
  warning: ReactNode;
  confirmLabel: string;
  extra?: ReactNode;
  onSubmit(password: string): Promise<string | null>;
  loading: boolean;
  onClose(): void;
  color?: string;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit() {
    if (!password) {
      setError(t('guarded.passwordRequired'));
      return;
    }
    setError(await onSubmit(password));
  }

  return (
    <DialogFrame
      opened
      title={title}
      onClose={onClose}
      onConfirm={() => void submit()}
      confirmLabel={confirmLabel}
      confirmColor={color}
      loading={loading}
    >
      <Stack gap="sm">
        <Alert color={color === 'red' ? 'red' : 'yellow'} icon={<IconAlertTriangle size={18} />} p="sm">
          {warning}
        </Alert>
        {extra}
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
      </Stack>
    </DialogFrame>
  );
}

export function ArchiveItemDialog({ item, onClose, onDone }: GuardedDialogProps) {
  const { t } = useTranslation();
  // The item view (if open) must learn that the item turned read-only.
  const [archive, { loading }] = useMutation(ArchiveItemDocument, {
    refetchQueries: [MyItemsDocument, ItemViewDocument],
  });
  return (
    <PasswordGuardDialog
      title={t('itemMenu.archive')}
      warning={
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {item.name}
          </Text>
          <Text size="sm">{t('guarded.archiveWarning')}</Text>
        </Stack>
      }
      confirmLabel={t('guarded.archiveSubmit')}
      color="orange"
      loading={loading}
      onClose={onClose}
      onSubmit={async (password) => {
        try {
          await archive({ variables: { id: item.id, password } });
          notifications.show({ color: 'green', message: t('guarded.archived') });
          onClose();
          onDone?.();
          return null;
        } catch (err) {
          return errorMessage(err, t('common.networkError'));
        }
      }}
    />
  );
}

export function TransferItemDialog({ item, onClose, onDone }: GuardedDialogProps) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [transfer, { loading }] = useMutation(TransferItemDocument, { refetchQueries: [MyItemsDocument] });
  return (
    <PasswordGuardDialog
      title={t('itemMenu.transfer')}
      warning={t('guarded.transferWarning', { name: item.name })}
      confirmLabel={t('guarded.transferSubmit')}
      color="orange"
      loading={loading}
      onClose={onClose}
      extra={
        <TextInput
          label={t('guarded.receiver')}
          description={t('guarded.receiverHint')}
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
          autoCapitalize="off"
          name="receiver"
          data-autofocus
        />
      }
      onSubmit={async (password) => {
        if (!username.trim()) return t('guarded.receiverRequired');
        try {
          await transfer({ variables: { id: item.id, username: username.trim(), password } });
          notifications.show({ color: 'green', message: t('guarded.transferred') });
          onClose();
          onDone?.();
          return null;
        } catch (err) {
          return errorMessage(err, t('common.networkError'));
        }
      }}
    />
  );
}

export function DeleteItemDialog({ item, onClose, onDone }: GuardedDialogProps) {
  const { t } = useTranslation();
  const [deleteItem, { loading }] = useMutation(DeleteItemDocument, { refetchQueries: [MyItemsDocument] });
  return (
    <PasswordGuardDialog
      title={t('itemMenu.delete')}
      warning={t('guarded.deleteWarning', { name: item.name })}
      confirmLabel={t('guarded.deleteSubmit')}
      loading={loading}
      onClose={onClose}
      onSubmit={async (password) => {
        try {
          await deleteItem({ variables: { id: item.id, password } });
          notifications.show({ color: 'green', message: t('guarded.deleted') });
          onClose();
          onDone?.();
          return null;
        } catch (err) {
          return errorMessage(err, t('common.networkError'));
        }
      }}
    />
  );
}
