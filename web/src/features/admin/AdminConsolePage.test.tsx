import { describe, expect, it } from '@jest/globals';
import type { MockLink } from '@apollo/client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import {
  AdminItemsDocument,
  AdminLdapConfigDocument,
  AdminTestLdapDocument,
  AdminSaveUserDocument,
  AdminTransferItemDocument,
  AdminUsersDocument,
  type AdminUserFieldsFragment,
} from '../../gql/graphql';
import { saveSession } from '../../session/session';
import { buildMe, meMock } from '../../test/mocks';
import { renderRoute } from '../../test/renderRoute';

const SCREEN = { timeout: 5000 };

type AdminUserRow = AdminUserFieldsFragment & { __typename: 'AdminUser' };

function user(overrides: Partial<AdminUserFieldsFragment>): AdminUserRow {
  return {
    __typename: 'AdminUser',
    id: 1,
    username: 'root',
    name: null,
    email: null,
    groupId: 1,
    isSso: false,
    createdAt: '2026-11-01T00:00:00.000Z',
    lastLoginAt: null,
    ...overrides,
  };
}

function usersMock(search: string, users: AdminUserRow[], total = users.length): MockLink.MockedResponse {
  return {
    request: { query: AdminUsersDocument, variables: { search, page: 1, count: 7 } },
    result: { data: { adminUsers: { __typename: 'AdminUserPage', total, users } } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

function signInAdmin() {
  const me = buildMe({ id: 1, username: 'root', isAdmin: true, groupId: 1 });
  saveSession('token', me);
  return me;
}

describe('AdminConsolePage', () => {
  it('refuses an ordinary user', async () => {
    const me = buildMe();
    saveSession('token', me);
    renderRoute('/admin/index', { mocks: [meMock(me)] });
    expect(
      await screen.findByText('Only site administrators may open the console.', {}, SCREEN),
    ).toBeInTheDocument();
  });

  it('lists users with their group, offers no delete for the administrator themself, and searches', async () => {
    const me = signInAdmin();
    const bob = user({ id: 2, username: 'bob', name: 'Bob B', groupId: 2 });
    renderRoute('/admin/index', {
      mocks: [meMock(me), usersMock('', [bob, user({})], 9), usersMock('bo', [bob])],
    });
    const bobRow = (await screen.findByText('bob', {}, SCREEN)).closest('tr')!;
    expect(within(bobRow).getByText('Ordinary user')).toBeInTheDocument();
    expect(within(bobRow).getByRole('button', { name: 'Delete user bob' })).toBeInTheDocument();
    const rootRow = screen.getByText('root', { selector: 'td' }).closest('tr')!;
    expect(within(rootRow).getByText('Administrator')).toBeInTheDocument();
    expect(within(rootRow).queryByRole('button', { name: /Delete user/ })).toBeNull();
    expect(screen.getByText('9 in all')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'Username, e-mail or uid' }), 'bo{Enter}');
    await waitFor(() => expect(screen.queryByText('root', { selector: 'td' })).toBeNull());
    expect(screen.getByText('1 in all')).toBeInTheDocument();
  });

  it('adds a user through the dialog and shows the server refusal', async () => {
    const me = signInAdmin();
    const input = { id: null, username: 'carol', name: 'Carol', password: 'pw' };
    renderRoute('/admin/index', {
      mocks: [
        meMock(me),
        usersMock('', [user({})]),
        {
          request: { query: AdminSaveUserDocument, variables: { input } },
          result: {
            errors: [new GraphQLError('This username is taken', { extensions: { code: 'USERNAME_TAKEN' } })],
          },
        },
      ],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add user' }, SCREEN));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Username/), 'carol');
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Carol');
    await userEvent.type(within(dialog).getByLabelText(/Password/), 'pw');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('This username is taken')).toBeInTheDocument();
  });

  it('opens the items panel from the menu and transfers an item without a password', async () => {
    const me = signInAdmin();
    const variables = { itemName: '', username: '', privacy: 0, deleted: false, page: 1, count: 7 };
    const row = {
      __typename: 'AdminItem' as const,
      ownerId: 2,
      ownerUsername: 'bob',
      memberCount: 3,
      deletedAt: null,
      item: {
        __typename: 'Item' as const,
        id: 42,
        name: 'Payments API',
        description: '',
        domain: null,
        isPrivate: false,
        lastUpdateAt: '2026-11-20T00:00:00.000Z',
        createdAt: '2026-11-01T00:00:00.000Z',
      },
    };
    let transferred = false;
    renderRoute('/admin/index', {
      mocks: [
        meMock(me),
        usersMock('', [user({})]),
        {
          request: { query: AdminItemsDocument, variables },
          result: { data: { adminItems: { __typename: 'AdminItemPage', total: 1, items: [row] } } },
          maxUsageCount: Number.POSITIVE_INFINITY,
        },
        {
          request: { query: AdminTransferItemDocument, variables: { id: 42, username: 'carol' } },
          result: () => {
            transferred = true;
            return { data: { adminTransferItem: { __typename: 'Item', id: 42 } } };
          },
        },
      ],
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Items' }, SCREEN));
    const link = await screen.findByRole('link', { name: 'Payments API' });
    expect(link).toHaveAttribute('href', '/42');
    expect(link).toHaveAttribute('target', '_blank');
    await userEvent.click(screen.getByRole('button', { name: 'Transfer Payments API' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('New owner (username)'), 'carol');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(transferred).toBe(true));
  });

  it('tests the LDAP settings and offers "sync users" only while LDAP is on', async () => {
    const me = signInAdmin();
    const form = {
      host: 'ldap.example.com',
      port: 389,
      version: 3,
      base_dn: 'dc=example,dc=com',
      bind_dn: 'cn=reader,dc=example,dc=com',
      bind_password: 'secret',
      user_field: 'uid',
      name_field: 'cn',
      search_filter: '(uid=%(user)s)',
    };
    renderRoute('/admin/index?panel=7', {
      mocks: [
        meMock(me),
        {
          request: { query: AdminLdapConfigDocument },
          result: {
            data: {
              adminLdapConfig: {
                __typename: 'LdapConfig',
                open: false,
                form: { __typename: 'LdapForm', ...form },
              },
            },
          },
        },
        {
          request: { query: AdminTestLdapDocument, variables: { form } },
          result: { data: { adminTestLdap: 1202 } },
        },
      ],
    });
    expect(await screen.findByDisplayValue('ldap.example.com', {}, SCREEN)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sync users' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Connected: 1202 users found')).toBeInTheDocument();
  });
});
