import { DialogFrame } from '../../shell/DialogFrame';
import { useTranslation } from 'react-i18next';
import { ImportPanel } from '../../import/ImportPanel';

/** "Import" from a manager's menu: a file into this item or into a new one. */
export function ImportDialog({
  itemId,
  itemName,
  onClose,
}: {
  itemId?: number;
  itemName: string;
  onClose(): void;
}) {
  const { t } = useTranslation();
  return (
    <DialogFrame opened title={t('importItem.title', { name: itemName })} onClose={onClose} size="md">
      <ImportPanel item={itemId ? { id: itemId, name: itemName } : null} onOpen={onClose} />
    </DialogFrame>
  );
}
