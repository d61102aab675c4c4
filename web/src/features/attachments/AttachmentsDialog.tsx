import { useMutation, useQuery } from '@apollo/client/react';
import {
  ActionIcon,
  Alert,
  Button,
  FileButton,
  Group,
  Loader,
  Pagination,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileImport, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/errors';
import { PageAttachmentsDocument, UnbindAttachmentDocument } from '../../gql/graphql';
import { ConfirmIcon } from '../shell/ConfirmAction';
import { DialogFrame } from '../shell/DialogFrame';
import { formatSize } from './formatSize';
import { markdownFor } from './uploadFile';
import { UploadProgress } from './UploadProgress';
import { useUploads } from './useUploads';

/** Spec 001 §6: the attachment list in the editor shows five files a page. */
export const ATTACHMENTS_PAGE_SIZE = 5;

export interface AttachmentsDialogProps {
  pageId: number;
  itemId: number;
  /** The manage flag (spec 001 §2): upload, insert and delete; without it only download. */
  manage: boolean;
  /** Insert puts the file's markdown in the editor (given by the editor only). */
  onInsert?(markdown: string): void;
  /** Files were added or removed (the opener's badge refetches). */
  onChanged?(): void;
  onClose(): void;
}

/** A page's attachments: download for readers; upload, insert and delete for its editors. */
export function AttachmentsDialog({
  pageId,
  itemId,
  manage,
  onInsert,
  onChanged,
  onClose,
}: AttachmentsDialogProps) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, error, loading, refetch } = useQuery(PageAttachmentsDocument, {
    variables: { pageId },
    fetchPolicy: 'network-only',
  });
  const [unbind, unbinding] = useMutation(UnbindAttachmentDocument);
  const { uploads, upload } = useUploads();
  const files = data?.page.attachments ?? [];
  const pages = Math.max(1, Math.ceil(files.length / ATTACHMENTS_PAGE_SIZE));
  const shown = files.slice(
    (Math.min(page, pages) - 1) * ATTACHMENTS_PAGE_SIZE,
    Math.min(page, pages) * ATTACHMENTS_PAGE_SIZE,
  );

  async function uploadChosen(file: File | null) {
    if (!file) return;
    const saved = await upload({ file, kind: 'attachment', itemId, pageId });
    if (!saved) return;
    notifications.show({ color: 'green', message: t('attachments.uploaded', { name: saved.name }) });
    setPage(1);
    await refetch();
    onChanged?.();
  }

  async function remove(fileId: number, name: string) {
    try {
      await unbind({ variables: { fileId, pageId } });
      notifications.show({ color: 'green', message: t('attachments.deleted', { name }) });
      await refetch();
      onChanged?.();
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessage(err, t('common.networkError')) });
    }
  }

  return (
    <DialogFrame opened title={t('attachments.title')} onClose={onClose} size="xl">
      {manage ? (
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {t('attachments.dropHint')}
          </Text>
          <FileButton onChange={(file) => void uploadChosen(file)}>
            {(props) => (
              <Button size="xs" leftSection={<IconUpload size={14} />} {...props}>
                {t('attachments.upload')}
              </Button>
            )}
          </FileButton>
        </Group>
      ) : null}
      <UploadProgress uploads={uploads} />
      {error ? <Alert color="red">{errorMessage(error, t('common.networkError'))}</Alert> : null}
      {loading && !data ? <Loader size="sm" /> : null}
      {data && files.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('attachments.empty')}
        </Text>
      ) : null}
      {shown.length > 0 ? (
        <Table.ScrollContainer minWidth={320}>
          <Table verticalSpacing="xs" data-testid="attachment-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('attachments.name')}</Table.Th>
                <Table.Th>{t('attachments.size')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('attachments.addedAt')}</Table.Th>
                <Table.Th>{t('attachments.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((file) => (
                <Table.Tr key={file.id}>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{file.name}</Table.Td>
                  <Table.Td>{formatSize(file.size)}</Table.Td>
                  <Table.Td visibleFrom="sm">
                    {new Date(file.createdAt).toLocaleDateString(i18n.language)}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label={t('attachments.downloadOf', { name: file.name })}>
                        <ActionIcon
                          component="a"
                          href={file.url}
                          download={file.name}
                          variant="subtle"
                          aria-label={t('attachments.downloadOf', { name: file.name })}
                        >
                          <IconDownload size={16} />
                        </ActionIcon>
                      </Tooltip>
                      {manage && onInsert ? (
                        <Tooltip label={t('attachments.insertOf', { name: file.name })}>
                          <ActionIcon
                            variant="subtle"
                            aria-label={t('attachments.insertOf', { name: file.name })}
                            onClick={() => {
                              onInsert(markdownFor(file, file.isImage));
                              onClose();
                            }}
                          >
                            <IconFileImport size={16} />
                          </ActionIcon>
                        </Tooltip>
                      ) : null}
                      {manage ? (
                        <ConfirmIcon
                          label={t('attachments.removeOf', { name: file.name })}
                          question={t('attachments.removeFromPage', { name: file.name })}
                          loading={unbinding.loading}
                          onConfirm={() => remove(file.id, file.name)}
                        />
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {pages > 1 ? (
        <Group justify="center">
          <Pagination total={pages} value={Math.min(page, pages)} onChange={setPage} size="sm" />
        </Group>
      ) : null}
    </DialogFrame>
  );
}
