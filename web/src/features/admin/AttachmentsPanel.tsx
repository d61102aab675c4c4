import { useMutation, useQuery } from '@apollo/client/react';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Pagination,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/errors';
import {
  AdminAttachmentsDocument,
  AdminDeleteAttachmentDocument,
  type AttachmentKind,
} from '../../gql/graphql';
import { ConfirmIcon } from '../shell/ConfirmAction';
import { formatTime } from './formatTime';

const PAGE_SIZE = 7;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(3);

/** Spec 001 §2 attachment panel: every file, filtered by name, type (-1 all, 1 image, 2 other) and uploader. */
export function AttachmentsPanel() {
  const { t, i18n } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const [typed, setTyped] = useState({ name: '', uploader: '' });
  const [filter, setFilter] = useState<{ name: string; uploader: string; kind: AttachmentKind }>({
    name: '',
    uploader: '',
    kind: 'ALL',
  });
  const [page, setPage] = useState(1);
  const { data, error, refetch } = useQuery(AdminAttachmentsDocument, {
    variables: {
      filter: { name: filter.name || null, uploader: filter.uploader || null, kind: filter.kind },
      page,
    },
    fetchPolicy: 'cache-and-network',
  });
  const [remove, removing] = useMutation(AdminDeleteAttachmentDocument);
  const list = data?.attachments;
  const search = () => {
    setPage(1);
    setFilter({ ...filter, ...typed });
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('attachments.intro')}
        {list ? ` ${t('attachments.used', { size: mb(list.usedBytes) })}` : ''}
      </Text>
      <Group gap="xs" wrap="wrap">
        <TextInput
          aria-label={t('attachments.name')}
          placeholder={t('attachments.name')}
          value={typed.name}
          onChange={(e) => setTyped({ ...typed, name: e.currentTarget.value })}
          onKeyDown={(e) => e.key === 'Enter' && search()}
          style={{ flex: '1 1 10rem' }}
        />
        <TextInput
          aria-label={t('attachments.uploader')}
          placeholder={t('attachments.uploader')}
          value={typed.uploader}
          onChange={(e) => setTyped({ ...typed, uploader: e.currentTarget.value })}
          onKeyDown={(e) => e.key === 'Enter' && search()}
          style={{ flex: '1 1 10rem' }}
        />
        <Select
          aria-label={t('attachments.type')}
          w={120}
          value={filter.kind}
          allowDeselect={false}
          onChange={(value) => {
            setPage(1);
            setFilter({ ...filter, kind: (value ?? 'ALL') as AttachmentKind });
          }}
          data={[
            { value: 'ALL', label: t('items.all') },
            { value: 'IMAGE', label: t('attachments.image') },
            { value: 'OTHER', label: t('attachments.other') },
          ]}
        />
        <Button variant="default" leftSection={<IconSearch size={14} />} onClick={search}>
          {t('console.search')}
        </Button>
      </Group>
      {error ? <Alert color="red">{errorMessage(error, tc('common.networkError'))}</Alert> : null}
      <ScrollArea>
        <Table striped miw={640}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>ID</Table.Th>
              <Table.Th>{t('attachments.name')}</Table.Th>
              <Table.Th>{t('attachments.type')}</Table.Th>
              <Table.Th>{t('attachments.size')}</Table.Th>
              <Table.Th>{t('attachments.visits')}</Table.Th>
              <Table.Th>{t('attachments.uploader')}</Table.Th>
              <Table.Th>{t('attachments.added')}</Table.Th>
              <Table.Th>{t('console.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list?.list.map((file) => (
              <Table.Tr key={file.id}>
                <Table.Td>{file.id}</Table.Td>
                <Table.Td>{file.name}</Table.Td>
                <Table.Td>{file.fileType}</Table.Td>
                <Table.Td>{mb(file.size)}</Table.Td>
                <Table.Td>{file.visitTimes}</Table.Td>
                <Table.Td>{file.uploaderName}</Table.Td>
                <Table.Td>{formatTime(file.createdAt, i18n.language)}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Anchor href={file.url} target="_blank" rel="noopener" size="sm">
                      {t('attachments.visit')}
                    </Anchor>
                    <ConfirmIcon
                      label={`${t('items.delete')} ${file.name}`}
                      question={t('attachments.deleteQuestion', { name: file.name })}
                      loading={removing.loading}
                      onConfirm={async () => {
                        try {
                          await remove({ variables: { id: file.id } });
                          notifications.show({ color: 'green', message: t('console.deleted') });
                          await refetch();
                        } catch (err) {
                          notifications.show({
                            color: 'red',
                            message: errorMessage(err, tc('common.networkError')),
                          });
                        }
                      }}
                    />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {list ? (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('console.total', { count: list.total })}
          </Text>
          <Pagination
            size="sm"
            value={page}
            onChange={setPage}
            total={Math.max(1, Math.ceil(list.total / PAGE_SIZE))}
          />
        </Group>
      ) : null}
    </Stack>
  );
}
