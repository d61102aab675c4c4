import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Button, Group, Loader, Stack, Table, Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/errors';
import {
  EditorDeleteTemplateDocument,
  EditorTemplatesDocument,
  type MyTemplateFieldsFragment,
} from '../../gql/graphql';
import { ConfirmButton } from '../shell/ConfirmAction';
import { DialogFrame } from '../shell/DialogFrame';
import { ShareTemplateDialog } from './ShareTemplateDialog';

interface TemplatesDialogProps {
  opened: boolean;
  itemId: number;
  onClose(): void;
  onInsert(content: string): void;
}

/** Templates to insert: the viewer's own (delete, share to items) and those shared to the item (two tabs, spec §2). */
export function TemplatesDialog({ opened, itemId, onClose, onInsert }: TemplatesDialogProps) {
  const { t, i18n } = useTranslation('editor');
  const { data, loading, error, refetch } = useQuery(EditorTemplatesDocument, {
    variables: { itemId },
    skip: !opened,
    fetchPolicy: 'network-only',
  });
  const [remove, removing] = useMutation(EditorDeleteTemplateDocument);
  const [sharing, setSharing] = useState<MyTemplateFieldsFragment | null>(null);
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language);

  async function doDelete(id: number): Promise<void> {
    try {
      await remove({ variables: { id } });
      await refetch();
    } catch (failure) {
      notifications.show({ color: 'red', message: errorMessage(failure, t('common.networkError')) });
    }
  }

  const mine = data?.myTemplates ?? [];
  const shared = data?.itemTemplates ?? [];
  return (
    <>
      <DialogFrame opened={opened} title={t('templates.title')} onClose={onClose} size="xl">
        {loading && !data ? <Loader size="sm" /> : null}
        {error ? <Alert color="red">{errorMessage(error, t('common.networkError'))}</Alert> : null}
        <Tabs defaultValue="mine">
          <Tabs.List>
            <Tabs.Tab value="mine">{t('templates.mine')}</Tabs.Tab>
            <Tabs.Tab value="item">{t('templates.item')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="mine" pt="sm">
            {mine.length === 0 ? (
              <Text c="dimmed">{t('templates.empty')}</Text>
            ) : (
              <Table>
                <Table.Tbody>
                  {mine.map((template) => (
                    <Table.Tr key={template.id}>
                      <Table.Td>{template.title}</Table.Td>
                      <Table.Td>{date(template.createdAt)}</Table.Td>
                      <Table.Td>
                        <Text size="sm" c="dimmed" title={template.shares.map((s) => s.itemName).join(', ')}>
                          {template.shares.length > 0
                            ? t('templates.sharedCount', { count: template.shares.length })
                            : t('templates.notShared')}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" justify="flex-end" wrap="nowrap">
                          <Button size="xs" onClick={() => onInsert(template.content)}>
                            {t('templates.use')}
                          </Button>
                          <Button
                            size="xs"
                            variant="default"
                            aria-label={`${t('templates.share')}: ${template.title}`}
                            onClick={() => setSharing(template)}
                          >
                            {t('templates.share')}
                          </Button>
                          <ConfirmButton
                            label={t('templates.delete')}
                            question={t('templates.deleteConfirm')}
                            loading={removing.loading}
                            onConfirm={() => doDelete(template.id)}
                          />
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Tabs.Panel>
          <Tabs.Panel value="item" pt="sm">
            {shared.length === 0 ? (
              <Text c="dimmed">{t('templates.empty')}</Text>
            ) : (
              <Stack gap={0}>
                <Table>
                  <Table.Tbody>
                    {shared.map((template) => (
                      <Table.Tr key={template.shareId}>
                        <Table.Td>{template.title}</Table.Td>
                        <Table.Td>{t('templates.sharedBy', { name: template.sharedByName })}</Table.Td>
                        <Table.Td>{date(template.sharedAt)}</Table.Td>
                        <Table.Td>
                          <Group justify="flex-end">
                            <Button size="xs" onClick={() => onInsert(template.content)}>
                              {t('templates.use')}
                            </Button>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Stack>
            )}
          </Tabs.Panel>
        </Tabs>
      </DialogFrame>
      {/* Beside, not inside, the list: each dialog is a form of its own. */}
      {sharing ? (
        <ShareTemplateDialog
          template={sharing}
          onClose={() => setSharing(null)}
          onShared={() => {
            setSharing(null);
            void refetch();
          }}
        />
      ) : null}
    </>
  );
}
