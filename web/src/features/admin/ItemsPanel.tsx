import { useMutation, useQuery } from '@apollo/client/react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowsExchange, IconRestore, IconSearch, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../app/dialogs/DialogHost';
import { errorMessage } from '../../app/errors';
import {
  AdminDeleteItemDocument,
  AdminHardDeleteItemDocument,
  AdminItemsDocument,
  AdminRecoverItemDocument,
  AdminTransferItemDocument,
  type AdminItemFieldsFragment,
} from '../../gql/graphql';
import { ConfirmIcon } from '../shell/ConfirmAction';
import { DialogFrame } from '../shell/DialogFrame';
import { AdminPager, AdminSearchField, AdminTable, useAdminAction, type AdminColumn } from './AdminTable';
import { formatTime } from './formatTime';

/** Spec 001 §5: the console lists 7 items a page. */
export const ITEMS_PAGE_SIZE = 7;

interface Filter {
  itemName: string;
  username: string;
  privacy: number;
  deleted: boolean;
}

export function ItemsPanel() {
  const { t, i18n } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const dialogs = useDialogs();
  const [typed, setTyped] = useState({ itemName: '', username: '' });
  const [filter, setFilter] = useState<Filter>({ itemName: '', username: '', privacy: 0, deleted: false });
  const [page, setPage] = useState(1);
  const [transferring, setTransferring] = useState<AdminItemFieldsFragment | null>(null);
  const { data, error, refetch } = useQuery(AdminItemsDocument, {
    variables: { ...filter, page, count: ITEMS_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const [remove, removing] = useMutation(AdminDeleteItemDocument);
  const [recover, recovering] = useMutation(AdminRecoverItemDocument);
  const [purge, purging] = useMutation(AdminHardDeleteItemDocument);
  const list = data?.adminItems;
  const update = (next: Partial<Filter>) => {
    setPage(1);
    setFilter((current) => ({ ...current, ...next }));
  };
  const act = useAdminAction(refetch);
  const search = () => update(typed);
  const columns: AdminColumn<AdminItemFieldsFragment>[] = [
    {
      header: t('items.namePlaceholder'),
      cell: ({ item }) => (
        <>
          {filter.deleted ? (
            item.name
          ) : (
            <Anchor href={`/${item.domain || item.id}`} target="_blank" rel="noopener">
              {item.name}
            </Anchor>
          )}
          {item.isPrivate ? (
            <Text span size="xs" c="dimmed" ml={6}>
              {t('items.private')}
            </Text>
          ) : null}
        </>
      ),
    },
    { header: t('items.owner'), cell: (row) => row.ownerUsername },
    { header: t('items.members'), cell: (row) => row.memberCount },
    {
      header: filter.deleted ? t('items.deletedAt') : t('items.updated'),
      cell: (row) => formatTime(filter.deleted ? row.deletedAt : row.item.lastUpdateAt, i18n.language),
    },
    {
      header: t('console.actions'),
      cell: (row) => (
        <Group gap={4} wrap="nowrap">
          {filter.deleted ? (
            <>
              <Tooltip label={t('items.recover')}>
                <ActionIcon
                  variant="subtle"
                  loading={recovering.loading}
                  aria-label={`${t('items.recover')} ${row.item.name}`}
                  onClick={() =>
                    void act(() => recover({ variables: { id: row.item.id } }), t('console.done'))
                  }
                >
                  <IconRestore size={16} />
                </ActionIcon>
              </Tooltip>
              <ConfirmIcon
                label={`${t('items.hardDelete')} ${row.item.name}`}
                question={t('items.hardDeleteQuestion', { name: row.item.name })}
                loading={purging.loading}
                onConfirm={() => act(() => purge({ variables: { id: row.item.id } }), t('console.deleted'))}
              />
            </>
          ) : (
            <>
              <Tooltip label={t('items.manageMembers')}>
                <ActionIcon
                  variant="subtle"
                  aria-label={`${t('items.manageMembers')} ${row.item.name}`}
                  onClick={() =>
                    dialogs.open('item-members', { itemId: row.item.id, itemName: row.item.name })
                  }
                >
                  <IconUsers size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('items.transfer')}>
                <ActionIcon
                  variant="subtle"
                  aria-label={`${t('items.transfer')} ${row.item.name}`}
                  onClick={() => setTransferring(row)}
                >
                  <IconArrowsExchange size={16} />
                </ActionIcon>
              </Tooltip>
              <ConfirmIcon
                label={`${t('items.delete')} ${row.item.name}`}
                question={t('items.deleteQuestion', { name: row.item.name })}
                loading={removing.loading}
                onConfirm={() => act(() => remove({ variables: { id: row.item.id } }), t('console.deleted'))}
              />
            </>
          )}
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="wrap">
        <AdminSearchField
          label={t('items.namePlaceholder')}
          value={typed.itemName}
          onChange={(itemName) => setTyped({ ...typed, itemName })}
          onSearch={search}
        />
        <AdminSearchField
          label={t('items.ownerPlaceholder')}
          value={typed.username}
          onChange={(username) => setTyped({ ...typed, username })}
          onSearch={search}
        />
        <Select
          aria-label={t('items.privacy')}
          w={120}
          value={String(filter.privacy)}
          onChange={(value) => update({ privacy: Number(value ?? 0) })}
          data={[
            { value: '0', label: t('items.all') },
            { value: '2', label: t('items.public') },
            { value: '3', label: t('items.private') },
          ]}
          allowDeselect={false}
        />
        <Button variant="default" leftSection={<IconSearch size={14} />} onClick={search}>
          {t('console.search')}
        </Button>
      </Group>
      <SegmentedControl
        value={filter.deleted ? 'deleted' : 'live'}
        onChange={(value) => update({ deleted: value === 'deleted' })}
        data={[
          { value: 'live', label: t('items.live') },
          { value: 'deleted', label: t('items.deleted') },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {error ? <Alert color="red">{errorMessage(error, tc('common.networkError'))}</Alert> : null}
      <AdminTable columns={columns} rows={list?.items} rowKey={(row) => row.item.id} minWidth={600} />
      {list && list.items.length === 0 ? <Text c="dimmed">{t('items.empty')}</Text> : null}
      {list ? (
        <AdminPager total={list.total} page={page} pageSize={ITEMS_PAGE_SIZE} onPage={setPage} />
      ) : null}
      {transferring ? (
        <TransferDialog
          row={transferring}
          onClose={() => setTransferring(null)}
          onDone={async () => {
            setTransferring(null);
            await refetch();
          }}
        />
      ) : null}
    </Stack>
  );
}

/** The administrator hands an item to a username; no owner's password is asked. */
function TransferDialog({
  row,
  onClose,
  onDone,
}: {
  row: AdminItemFieldsFragment;
  onClose(): void;
  onDone(): Promise<void>;
}) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const [username, setUsername] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [transfer, transferring] = useMutation(AdminTransferItemDocument);
  const submit = async () => {
    setFailure(null);
    try {
      await transfer({ variables: { id: row.item.id, username } });
      notifications.show({ color: 'green', message: t('console.done') });
      await onDone();
    } catch (err) {
      setFailure(errorMessage(err, tc('common.networkError')));
    }
  };
  return (
    <DialogFrame
      opened
      title={t('items.transferTitle', { name: row.item.name })}
      onClose={onClose}
      onConfirm={() => void submit()}
      loading={transferring.loading}
      confirmDisabled={!username.trim()}
    >
      <Stack gap="sm">
        <TextInput
          label={t('items.transferTo')}
          value={username}
          data-autofocus
          onChange={(e) => setUsername(e.currentTarget.value)}
        />
        {failure ? <Alert color="red">{failure}</Alert> : null}
      </Stack>
    </DialogFrame>
  );
}
