import { useMutation } from '@apollo/client/react';
import { Alert, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/errors';
import { LeaveItemDocument, MyItemsDocument, type ItemSummaryFragment } from '../../../gql/graphql';
import { DialogFrame } from '../../shell/DialogFrame';

/** "Exit item" for members who do not manage it. */
export function LeaveItemDialog({
  item,
  onClose,
  onDone,
}: {
  item: ItemSummaryFragment;
  onClose(): void;
  onDone?(): void;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [leave, { loading }] = useMutation(LeaveItemDocument, { refetchQueries: [MyItemsDocument] });
  return (
    <DialogFrame
      opened
      title={t('itemMenu.leave')}
      onClose={onClose}
      confirmColor="red"
      confirmLabel={t('itemMenu.leave')}
      loading={loading}
      onConfirm={() => {
        leave({ variables: { id: item.id } })
          .then(() => {
            notifications.show({ color: 'green', message: t('leaveItem.done') });
            onClose();
            onDone?.();
          })
          .catch((err: unknown) => setError(errorMessage(err, t('common.networkError'))));
      }}
    >
      <Text size="sm">{t('leaveItem.confirm', { name: item.name })}</Text>
      {error ? (
        <Alert color="red" p="xs">
          {error}
        </Alert>
      ) : null}
    </DialogFrame>
  );
}
