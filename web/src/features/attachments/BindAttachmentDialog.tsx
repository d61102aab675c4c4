import { useMutation } from '@apollo/client/react';
import { TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/errors';
import { BindAttachmentDocument } from '../../gql/graphql';
import { DialogFrame } from '../shell/DialogFrame';
import { pageIdFrom } from './pageIdFrom';

/** Shows one of your files on another page: its id or its link (you need edit rights there). */
export function BindAttachmentDialog({
  file,
  onBound,
  onClose,
}: {
  file: { id: number; name: string };
  onBound?(): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [bind, { loading }] = useMutation(BindAttachmentDocument);

  async function submit() {
    const pageId = pageIdFrom(text);
    if (pageId === null) {
      setProblem(t('attachments.bindInvalid'));
      return;
    }
    try {
      await bind({ variables: { fileId: file.id, pageId } });
      notifications.show({ color: 'green', message: t('attachments.bound', { id: pageId }) });
      onBound?.();
      onClose();
    } catch (err) {
      setProblem(errorMessage(err, t('common.networkError')));
    }
  }

  return (
    <DialogFrame
      opened
      title={t('attachments.bindTitle', { name: file.name })}
      onClose={onClose}
      onConfirm={() => void submit()}
      loading={loading}
      size="md"
    >
      <TextInput
        label={t('attachments.bindPage')}
        placeholder="/12/345"
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setProblem(null);
        }}
        error={problem}
        data-autofocus
      />
    </DialogFrame>
  );
}
