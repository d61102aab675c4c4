import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Button, Loader, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/errors';
import { ItemViewDocument, RecoverPageDocument, RecycleBinDocument } from '../../../gql/graphql';
import { DialogFrame } from '../../shell/DialogFrame';

function formatTime(iso: string, language: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Deleted pages of an item, newest first, each with a recover button (spec §2; purged after 30 days). */
export function RecycleBinPanel({ itemId, onRecovered }: { itemId: number; onRecovered?(): void }) {
  const { t, i18n } = useTranslation();
  const { data, loading, error } = useQuery(RecycleBinDocument, {
    variables: { itemId },
    fetchPolicy: 'network-only',
  });
  const [recover] = useMutation(RecoverPageDocument, {
    refetchQueries: [RecycleBinDocument, ItemViewDocument],
  });
  const [busy, setBusy] = useState<number | null>(null);

  if (error) return <Alert color="red">{errorMessage(error, t('common.networkError'))}</Alert>;
  if (!data) return loading ? <Loader size="sm" /> : null;
  if (data.recycleBin.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('recycleBin.empty')}
      </Text>
    );
  }

  async function restore(pageId: number) {
    setBusy(pageId);
    try {
      await recover({ variables: { itemId, pageId } });
      notifications.show({ color: 'green', message: t('recycleBin.recovered') });
      onRecovered?.();
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessage(err, t('common.networkError')) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack gap="xs">
      <Text size="xs" c="dimmed">
        {t('recycleBin.hint')}
      </Text>
      <Table.ScrollContainer minWidth={480}>
        <Table verticalSpacing="xs" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('recycleBin.page')}</Table.Th>
              <Table.Th>{t('recycleBin.deletedBy')}</Table.Th>
              <Table.Th>{t('recycleBin.deletedAt')}</Table.Th>
              <Table.Th w={110} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.recycleBin.map((entry) => (
              <Table.Tr key={entry.pageId}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {entry.title}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{entry.deletedByName || '-'}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="xs" c="dimmed">
                    {formatTime(entry.deletedAt, i18n.language)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconArrowBackUp size={14} />}
                    loading={busy === entry.pageId}
                    onClick={() => void restore(entry.pageId)}
                  >
                    {t('recycleBin.recover')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** The item menu's and the editor bar's recycle bin; `onRecovered`: the opener's page list changed. */
export function RecycleBinDialog({
  itemId,
  onClose,
  onRecovered,
}: {
  itemId: number;
  onClose(): void;
  onRecovered?(): void;
}) {
  const { t } = useTranslation();
  return (
    <DialogFrame opened title={t('itemMenu.recycleBin')} onClose={onClose} size="xl">
      <RecycleBinPanel itemId={itemId} onRecovered={onRecovered} />
    </DialogFrame>
  );
}
