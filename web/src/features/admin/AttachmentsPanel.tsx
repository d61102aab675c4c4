import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Anchor, Button, Group, Select, Stack, Text } from '@mantine/core';
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
import { AdminPager, AdminSearchField, AdminTable, useAdminAction, type AdminColumn } from './AdminTable';
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

  const act = useAdminAction(refetch);
  const columns: AdminColumn<NonNullable<typeof list>['list'][number]>[] = [
    { header: 'ID', cell: (file) => file.id },
    { header: t('attachments.name'), cell: (file) => file.name },
    { header: t('attachments.type'), cell: (file) => file.fileType },
    { header: t('attachments.size'), cell: (file) => mb(file.size) },
    { header: t('attachments.visits'), cell: (file) => file.visitTimes },
    { header: t('attachments.uploader'), cell: (file) => file.uploaderName },
    { header: t('attachments.added'), cell: (file) => formatTime(file.createdAt, i18n.language) },
    {
      header: t('console.actions'),
      cell: (file) => (
        <Group gap={4} wrap="nowrap">
          <Anchor href={file.url} target="_blank" rel="noopener" size="sm">
            {t('attachments.visit')}
          </Anchor>
          <ConfirmIcon
            label={`${t('items.delete')} ${file.name}`}
            question={t('attachments.deleteQuestion', { name: file.name })}
            loading={removing.loading}
            onConfirm={() => act(() => remove({ variables: { id: file.id } }), t('console.deleted'))}
          />
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('attachments.intro')}
        {list ? ` ${t('attachments.used', { size: mb(list.usedBytes) })}` : ''}
      </Text>
      <Group gap="xs" wrap="wrap">
        <AdminSearchField
          label={t('attachments.name')}
          value={typed.name}
          onChange={(name) => setTyped({ ...typed, name })}
          onSearch={search}
        />
        <AdminSearchField
          label={t('attachments.uploader')}
          value={typed.uploader}
          onChange={(uploader) => setTyped({ ...typed, uploader })}
          onSearch={search}
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
      <AdminTable columns={columns} rows={list?.list} rowKey={(file) => file.id} minWidth={640} />
      {list ? <AdminPager total={list.total} page={page} pageSize={PAGE_SIZE} onPage={setPage} /> : null}
    </Stack>
  );
}
