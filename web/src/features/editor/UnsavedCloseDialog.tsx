import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../shell/DialogFrame';

/** Closing the editor with unsaved text: stay, or close (the local draft keeps the text for next time). */
export function UnsavedCloseDialog({ onStay, onLeave }: { onStay(): void; onLeave(): void }) {
  const { t } = useTranslation('editor');
  return (
    <DialogFrame
      opened
      title={t('unsaved.title')}
      onClose={onStay}
      onConfirm={onLeave}
      confirmLabel={t('unsaved.leave')}
      confirmColor="red"
      cancelLabel={t('unsaved.stay')}
      size="sm"
    >
      <Text size="sm">{t('unsaved.body')}</Text>
    </DialogFrame>
  );
}
