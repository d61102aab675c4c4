import { useMutation, useQuery } from '@apollo/client/react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Pagination,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Table,
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
  const act = async (work: () => Promise<unknown>, message: string) => {
    try {
      await work();
      notifications.show({ color: 'green', message });
      await refetch();
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessage(err, tc('common.networkError')) });
    }
  };
  const search = () => update(typed);

  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="wrap">
        <TextInput
          aria-label={t('items.namePlaceholder')}
          placeholder={t('items.namePlaceholder')}
          value={typed.itemName}
          onChange={(e) => setTyped({ ...typed, itemName: e.currentTarget.value })}
          onKeyDown={(e) => e.key === 'Enter' && search()}
          style={{ flex: '1 1 10rem' }}
        />
        <TextInput
          aria-label={t('items.ownerPlaceholder')}
          placeholder={t('items.ownerPlaceholder')}
          value={typed.username}
          onChange={(e) => setTyped({ ...typed, username: e.currentTarget.value })}
          onKeyDown={(e) => e.key === 'Enter' && search()}
          style={{ flex: '1 1 10rem' }}
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
      <ScrollArea>
        <Table striped miw={600}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('items.namePlaceholder')}</Table.Th>
              <Table.Th>{t('items.owner')}</Table.Th>
              <Table.Th>{t('items.members')}</Table.Th>
              <Table.Th>{filter.deleted ? t('items.deletedAt') : t('items.updated')}</Table.Th>
              <Table.Th>{t('console.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list?.items.map((row) => {
              const { item } = row;
              return (
                <Table.Tr key={item.id}>
                  <Table.Td>
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
                  </Table.Td>
                  <Table.Td>{row.ownerUsername}</Table.Td>
                  <Table.Td>{row.memberCount}</Table.Td>
                  <Table.Td>
                    {formatTime(filter.deleted ? row.deletedAt : item.lastUpdateAt, i18n.language)}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {filter.deleted ? (
                        <>
                          <Tooltip label={t('items.recover')}>
                            <ActionIcon
                              variant="subtle"
                              loading={recovering.loading}
                              aria-label={`${t('items.recover')} ${item.name}`}
                              onClick={() =>
                                void act(() => recover({ variables: { id: item.id } }), t('console.done'))
                              }
                            >
                              <IconRestore size={16} />
                            </ActionIcon>
                          </Tooltip>
                          <ConfirmIcon
                            label={`${t('items.hardDelete')} ${item.name}`}
                            question={t('items.hardDeleteQuestion', { name: item.name })}
                            loading={purging.loading}
                            onConfirm={() =>
                              act(() => purge({ variables: { id: item.id } }), t('console.deleted'))
                            }
                          />
                        </>
                      ) : (
                        <>
                          <Tooltip label={t('items.manageMembers')}>
                            <ActionIcon
                              variant="subtle"
                              aria-label={`${t('items.manageMembers')} ${item.name}`}
                              onClick={() =>
                                dialogs.open('item-members', { itemId: item.id, itemName: item.name })
                              }
                            >
                              <IconUsers size={16} />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label={t('items.transfer')}>
                            <ActionIcon
                              variant="subtle"
                              aria-label={`${t('items.transfer')} ${item.name}`}
                              onClick={() => setTransferring(row)}
                            >
                              <IconArrowsExchange size={16} />
                            </ActionIcon>
                          </Tooltip>
                          <ConfirmIcon
                            label={`${t('items.delete')} ${item.name}`}
                            question={t('items.deleteQuestion', { name: item.name })}
                            loading={removing.loading}
                            onConfirm={() =>
                              act(() => remove({ variables: { id: item.id } }), t('console.deleted'))
                            }
                          />
                        </>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {list && list.items.length === 0 ? <Text c="dimmed">{t('items.empty')}</Text> : null}
      {list ? (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('console.total', { count: list.total })}
          </Text>
          <Pagination
            size="sm"
            value={page}
            onChange={setPage}
            total={Math.max(1, Math.ceil(list.total / ITEMS_PAGE_SIZE))}
          />
        </Group>
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
