import { useMutation, useQuery } from '@apollo/client/react';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/errors';
import {
  AdminDeleteUserDocument,
  AdminSaveUserDocument,
  AdminUsersDocument,
  type AdminUserFieldsFragment,
} from '../../gql/graphql';
import { useSession } from '../../session/session';
import { ConfirmIcon } from '../shell/ConfirmAction';
import { DialogFrame } from '../shell/DialogFrame';
import { AdminPager, AdminSearchField, AdminTable, useAdminAction, type AdminColumn } from './AdminTable';
import { formatTime } from './formatTime';

/** Spec 001 §5: the console lists 7 users a page. */
export const USERS_PAGE_SIZE = 7;

type Editing = { user: AdminUserFieldsFragment | null } | null;

export function UsersPanel() {
  const { t, i18n } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const { user: me } = useSession();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const { data, error, refetch } = useQuery(AdminUsersDocument, {
    variables: { search, page, count: USERS_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const [remove, removing] = useMutation(AdminDeleteUserDocument);
  const list = data?.adminUsers;
  const act = useAdminAction(refetch);

  const group = (id: number) => (id === 1 ? t('users.admin') : id === 2 ? t('users.ordinary') : '');

  const runSearch = () => {
    setPage(1);
    setSearch(typed);
  };
  const columns: AdminColumn<AdminUserFieldsFragment>[] = [
    { header: t('users.username'), cell: (u) => u.username },
    { header: t('users.name'), cell: (u) => u.name ?? '' },
    { header: t('users.group'), cell: (u) => group(u.groupId) },
    { header: t('users.regTime'), cell: (u) => formatTime(u.createdAt, i18n.language) },
    { header: t('users.lastLogin'), cell: (u) => formatTime(u.lastLoginAt, i18n.language) },
    {
      header: t('console.actions'),
      cell: (u) => (
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t('users.edit')}>
            <ActionIcon
              variant="subtle"
              aria-label={`${t('users.edit')} ${u.username}`}
              onClick={() => setEditing({ user: u })}
            >
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
          {u.id !== me?.id ? (
            <ConfirmIcon
              label={`${t('users.delete')} ${u.username}`}
              question={t('users.deleteQuestion', { name: u.username })}
              loading={removing.loading}
              onConfirm={() => act(() => remove({ variables: { id: u.id } }), t('console.deleted'))}
            />
          ) : null}
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="wrap">
        <AdminSearchField
          label={t('users.searchPlaceholder')}
          value={typed}
          onChange={setTyped}
          onSearch={runSearch}
          basis="12rem"
        />
        <Button variant="default" leftSection={<IconSearch size={14} />} onClick={runSearch}>
          {t('console.search')}
        </Button>
        <Button leftSection={<IconPlus size={14} />} onClick={() => setEditing({ user: null })}>
          {t('users.add')}
        </Button>
      </Group>
      {error ? <Alert color="red">{errorMessage(error, tc('common.networkError'))}</Alert> : null}
      <AdminTable columns={columns} rows={list?.users} rowKey={(u) => u.id} minWidth={560} />
      {list && list.users.length === 0 ? <Text c="dimmed">{t('users.empty')}</Text> : null}
      {list ? (
        <AdminPager total={list.total} page={page} pageSize={USERS_PAGE_SIZE} onPage={setPage} />
      ) : null}
      {editing ? (
        <UserDialog
          user={editing.user}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await refetch();
          }}
        />
      ) : null}
    </Stack>
  );
}

/** Add (username, password, name) or edit (name, new password; the username is read-only). */
function UserDialog({
  user,
  onClose,
  onSaved,
}: {
  user: AdminUserFieldsFragment | null;
  onClose(): void;
  onSaved(): Promise<void>;
}) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const [username, setUsername] = useState(user?.username ?? '');
  const [name, setName] = useState(user?.name ?? '');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [save, saving] = useMutation(AdminSaveUserDocument);

  const submit = async () => {
    setFailure(null);
    try {
      await save({ variables: { input: { id: user?.id ?? null, username, name, password } } });
      notifications.show({ color: 'green', message: t('console.done') });
      await onSaved();
    } catch (err) {
      setFailure(errorMessage(err, tc('common.networkError')));
    }
  };

  return (
    <DialogFrame
      opened
      title={user ? t('users.edit') : t('users.add')}
      onClose={onClose}
      onConfirm={() => void submit()}
      loading={saving.loading}
    >
      <Stack gap="sm">
        <TextInput
          label={t('users.username')}
          value={username}
          readOnly={!!user}
          required={!user}
          onChange={(e) => setUsername(e.currentTarget.value)}
        />
        <TextInput label={t('users.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <PasswordInput
          label={t('users.password')}
          placeholder={user ? t('users.passwordKeep') : undefined}
          required={!user}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        {failure ? <Alert color="red">{failure}</Alert> : null}
      </Stack>
    </DialogFrame>
  );
}
