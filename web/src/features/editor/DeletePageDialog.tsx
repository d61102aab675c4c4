import { useMutation } from '@apollo/client/react';
import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/errors';
import { EditorDeletePageDocument } from '../../gql/graphql';
import { DialogFrame } from '../shell/DialogFrame';

/** "Delete page" from the editor bar: the page goes to the item's recycle bin. */
export function DeletePageDialog({
  pageId,
  onClose,
  onDeleted,
}: {
  pageId: number;
  onClose(): void;
  onDeleted(): void;
}) {
  const { t } = useTranslation('editor');
  const [deletePage, deleting] = useMutation(EditorDeletePageDocument);
  return (
    <DialogFrame
      opened
      title={t('bar.deletePage')}
      onClose={onClose}
      confirmColor="red"
      loading={deleting.loading}
      onConfirm={() =>
        void deletePage({ variables: { id: pageId } })
          .then(() => {
            notifications.show({ color: 'green', message: t('bar.deleted') });
            onClose();
            onDeleted();
          })
          .catch((failure: unknown) =>
            notifications.show({ color: 'red', message: errorMessage(failure, t('common.networkError')) }),
          )
      }
    >
      <Text>{t('bar.deleteConfirm')}</Text>
    </DialogFrame>
  );
}
