import { useLazyQuery } from '@apollo/client/react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/errors';
import { ItemOpenApiExportDocument } from '../../gql/graphql';

/** Downloads the item's API pages as one OpenAPI 3.1 document (readers of the item). */
export function OpenApiExportButton({ itemId }: { itemId: number }) {
  const { t } = useTranslation();
  const [load, { loading }] = useLazyQuery(ItemOpenApiExportDocument, { fetchPolicy: 'network-only' });
  const download = async () => {
    try {
      const { data } = await load({ variables: { itemId } });
      const result = data?.openApiExport;
      if (!result) return;
      const url = URL.createObjectURL(new Blob([result.json], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `openapi-item-${itemId}.json`;
      link.click();
      URL.revokeObjectURL(url);
      notifications.show({
        color: result.duplicates.length ? 'yellow' : 'green',
        message: t('openApiExport.done', { count: result.operationCount, skipped: result.duplicates.length }),
      });
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessage(err, t('common.networkError')) });
    }
  };
  return (
    <Stack gap={4} mt="lg">
      <Text fw={600}>{t('openApiExport.title')}</Text>
      <Text size="sm" c="dimmed">
        {t('openApiExport.hint')}
      </Text>
      <Group>
        <Button
          variant="light"
          leftSection={<IconDownload size={16} />}
          loading={loading}
          onClick={() => void download()}
          data-testid="openapi-export"
        >
          {t('openApiExport.download')}
        </Button>
      </Group>
    </Stack>
  );
}
