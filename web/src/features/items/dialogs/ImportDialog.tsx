import { Alert, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../shell/DialogFrame';

/** What the import will take once it arrives (spec §7: Postman, Swagger/OpenAPI 3, markdown zip). */
export function ImportComingSoon() {
  const { t } = useTranslation();
  return (
    <Alert color="blue" icon={<IconUpload size={18} />} p="sm" data-testid="import-coming-soon">
      <Text size="sm" fw={600}>
        {t('importItem.comingSoon')}
      </Text>
      <Text size="sm">{t('importItem.formats')}</Text>
    </Alert>
  );
}

/** "Import" from a manager's menu: the file import arrives with a later release. */
export function ImportDialog({ itemName, onClose }: { itemName: string; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <DialogFrame opened title={t('importItem.title', { name: itemName })} onClose={onClose} size="md">
      <ImportComingSoon />
    </DialogFrame>
  );
}
