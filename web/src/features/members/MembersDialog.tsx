import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../shell/DialogFrame';
import { MembersPanel } from './MembersPanel';

export function MembersDialog({
  itemId,
  itemName,
  onClose,
}: {
  itemId: number;
  itemName: string;
  onClose(): void;
}) {
  const { t } = useTranslation();
  return (
    <DialogFrame opened title={t('members.dialogTitle', { name: itemName })} onClose={onClose} size="xl">
      <MembersPanel itemId={itemId} />
    </DialogFrame>
  );
}
