import { useMutation, useQuery } from '@apollo/client/react';
import {
  ActionIcon,
  Alert,
  Anchor,
  CopyButton,
  Group,
  Loader,
  Pagination,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy, IconLink, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../app/dialogs/DialogHost';
import { errorMessage } from '../../app/errors';
import {
  DeleteAttachmentDocument,
  MyAttachmentsDocument,
  type AttachmentFieldsFragment,
  type AttachmentKind,
} from '../../gql/graphql';
import { ConfirmIcon } from '../shell/ConfirmAction';
import { formatSize } from './formatSize';

/** Spec 000 §9: the attachment list shows five files a page. */
export const LIBRARY_PAGE_SIZE = 5;

/**
 * /attachment/index: your files, filtered by type and name, with the space they use and this month's
 * traffic; copy a file's link, show it on another page, or delete it (after a confirmation).
 */
export function AttachmentLibraryPage() {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const [kind, setKind] = useState<AttachmentKind>('ALL');
  const [name, setName] = useState('');
  const [debouncedName] = useDebouncedValue(name.trim(), 300);
  const [page, setPage] = useState(1);
  const { data, previousData, error, loading, refetch } = useQuery(MyAttachmentsDocument, {
    variables: {
      filter: { kind, name: debouncedName || null },
      page,
      pageSize: LIBRARY_PAGE_SIZE,
    },
    fetchPolicy: 'cache-and-network',
  });
  const [remove, removing] = useMutation(DeleteAttachmentDocument);
  const list = (data ?? previousData)?.myAttachments;
  const pages = Math.max(1, Math.ceil((list?.total ?? 0) / LIBRARY_PAGE_SIZE));

  async function deleteFile(file: AttachmentFieldsFragment) {
    try {
      await remove({ variables: { id: file.id } });
      notifications.show({ color: 'green', message: t('attachments.deleted', { name: file.name }) });
      // The last file of the last page gone: show the page before it.
      if (list && list.list.length === 1 && page > 1) setPage(page - 1);
      else await refetch();
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessage(err, t('common.networkError')) });
    }
  }

  return (
    <Stack gap="md">
      <Title order={2}>{t('attachments.library')}</Title>
      <Group gap="sm" wrap="wrap">
        <SegmentedControl
          aria-label={t('attachments.filterKind')}
          value={kind}
          onChange={(value) => {
            setKind(value as AttachmentKind);
            setPage(1);
          }}
          data={[
            { value: 'ALL', label: t('attachments.kindAll') },
            { value: 'IMAGE', label: t('attachments.kindImage') },
            { value: 'OTHER', label: t('attachments.kindOther') },
          ]}
        />
        <TextInput
          aria-label={t('attachments.filterName')}
          placeholder={t('attachments.filterName')}
          leftSection={<IconSearch size={16} />}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: 1, minWidth: 180, maxWidth: 320 }}
        />
      </Group>
      {list ? (
        <Group gap="lg" data-testid="attachment-usage">
          <Text size="sm">{t('attachments.usedSpace', { size: formatSize(list.usedBytes) })}</Text>
          <Text size="sm">{t('attachments.traffic', { size: formatSize(list.trafficThisMonth) })}</Text>
        </Group>
      ) : null}
      {error ? <Alert color="red">{errorMessage(error, t('common.networkError'))}</Alert> : null}
      {!list && loading ? <Loader size="sm" /> : null}
      {list && list.list.length === 0 ? <Text c="dimmed">{t('attachments.empty')}</Text> : null}
      {list && list.list.length > 0 ? (
        <Table.ScrollContainer minWidth={340}>
          <Table verticalSpacing="xs" striped data-testid="attachment-library">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('attachments.name')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('attachments.type')}</Table.Th>
                <Table.Th>{t('attachments.size')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('attachments.visits')}</Table.Th>
                <Table.Th visibleFrom="md">{t('attachments.addedAt')}</Table.Th>
                <Table.Th>{t('attachments.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.list.map((file) => (
                <LibraryRow
                  key={file.id}
                  file={file}
                  removing={removing.loading}
                  onBind={() => dialogs.open('bind-attachment', { file, onBound: () => void refetch() })}
                  onDelete={() => deleteFile(file)}
                />
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
    </Stack>
  );
}

function LibraryRow({
  file,
  removing,
  onBind,
  onDelete,
}: {
  file: AttachmentFieldsFragment;
  removing: boolean;
  onBind(): void;
  onDelete(): Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const absolute = new URL(file.url, window.location.origin).href;
  return (
    <Table.Tr>
      <Table.Td style={{ wordBreak: 'break-all' }}>
        <Anchor href={file.url} target="_blank" rel="noopener noreferrer">
          {file.name}
        </Anchor>
      </Table.Td>
      <Table.Td visibleFrom="sm">{file.fileType}</Table.Td>
      <Table.Td>{formatSize(file.size)}</Table.Td>
      <Table.Td visibleFrom="sm">{file.visitTimes}</Table.Td>
      <Table.Td visibleFrom="md">{new Date(file.createdAt).toLocaleString(i18n.language)}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <CopyButton value={absolute}>
            {({ copied, copy }) => (
              <Tooltip
                label={
                  copied ? t('attachments.linkCopied') : t('attachments.copyLinkOf', { name: file.name })
                }
              >
                <ActionIcon
                  variant="subtle"
                  color={copied ? 'teal' : undefined}
                  aria-label={t('attachments.copyLinkOf', { name: file.name })}
                  onClick={copy}
                >
                  {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
          <Tooltip label={t('attachments.bindOf', { name: file.name })}>
            <ActionIcon
              variant="subtle"
              aria-label={t('attachments.bindOf', { name: file.name })}
              onClick={onBind}
            >
              <IconLink size={16} />
            </ActionIcon>
          </Tooltip>
          <ConfirmIcon
            label={t('attachments.removeOf', { name: file.name })}
            question={t('attachments.deleteConfirm', { name: file.name })}
            loading={removing}
            onConfirm={onDelete}
          />
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
