import { describe, expect, it } from '@jest/globals';
import type { MockLink } from '@apollo/client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AddTeamMembersDocument, type AddTeamMembersInput } from '../../gql/graphql';
import { saveSession } from '../../session/session';
import { buildMe, meMock } from '../../test/mocks';
import { renderRoute } from '../../test/renderRoute';
import { buildTeam, graphQLErrorResult, noCandidatesMock, teamMembersScreenMock } from './teamMocks';

/** The screen loads lazily (its own chunk): the first lookup waits longer on a busy machine. */
const SCREEN = { timeout: 5000 };

function signIn() {
  const me = buildMe({ username: 'alice' });
  saveSession('token', me);
  return me;
}

/** The add-members mutation: records what it was asked, answers `result`. */
function addMembersMock(
  calls: AddTeamMembersInput[],
  result: MockLink.MockedResponse['result'],
): MockLink.MockedResponse {
  return {
    request: {
      query: AddTeamMembersDocument,
      variables: (variables: { input: AddTeamMembersInput }) => {
        calls.push(variables.input);
        return true;
      },
    },
    result,
  };
}

describe('TeamMembersPage', () => {
  it('adds several usernames at once, typed and pasted, as team admins', async () => {
    const user = userEvent.setup();
    const me = signIn();
    const team = buildTeam({ id: 5, name: 'Core', memberCount: 1 });
    const calls: AddTeamMembersInput[] = [];
    const added = (id: number, username: string) => ({
      __typename: 'TeamMember',
      id,
      teamId: 5,
      teamMemberGroupId: 2,
      createdAt: '2026-03-01T00:00:00.000Z',
      user: { __typename: 'User', id: 300 + id, username, name: null },
    });
    const mocks: MockLink.MockedResponse[] = [
      meMock(me),
      teamMembersScreenMock(team, [{ id: 1, username: 'bob' }]),
      noCandidatesMock(),
      addMembersMock(calls, {
        data: {
          addTeamMembers: {
            __typename: 'AddTeamMembersResult',
            added: [added(2, 'carol'), added(3, 'dave'), added(4, 'erin')],
            skipped: [{ __typename: 'SkippedMember', username: 'bob', reason: 'member' }],
          },
        },
      }),
    ];
    renderRoute('/team/member/5', { mocks });

    expect(await screen.findByRole('listitem', { name: 'bob' }, SCREEN)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add members' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add members' });
    const names = within(dialog).getByRole('combobox', { name: 'Usernames' });
    await user.type(names, 'carol{Enter}');
    await user.click(names);
    await user.paste('dave, erin,bob');
    await user.click(within(dialog).getByRole('radio', { name: 'Team admin' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    await waitFor(() =>
      expect(calls).toEqual([
        { teamId: 5, usernames: ['carol', 'dave', 'erin', 'bob'], teamMemberGroupId: 2 },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add members' })).toBeNull());
    expect(await screen.findByText('Already in the team: bob')).toBeInTheDocument();
  });

  it('explains the collaborator limit (10310) with links to upgrade, and keeps the dialog open', async () => {
    const user = userEvent.setup();
    const me = signIn();
    const team = buildTeam({ id: 5, name: 'Core' });
    const calls: AddTeamMembersInput[] = [];
    const mocks: MockLink.MockedResponse[] = [
      meMock(me),
      teamMembersScreenMock(team, []),
      noCandidatesMock(),
      addMembersMock(
        calls,
        graphQLErrorResult('The collaborator limit is reached', 'COLLABORATOR_LIMIT', 10310),
      ),
    ];
    renderRoute('/team/member/5', { mocks });

    await user.click(await screen.findByRole('button', { name: 'Add members' }, SCREEN));
    const dialog = await screen.findByRole('dialog', { name: 'Add members' });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByText('Please enter at least one username')).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.type(within(dialog).getByRole('combobox', { name: 'Usernames' }), 'zoe');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('Collaborator limit reached')).toBeInTheDocument();
    expect(within(alert).getByText('The collaborator limit is reached')).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Prices' })).toHaveAttribute('href', '/prices');
    expect(within(alert).getByRole('link', { name: 'Account settings' })).toHaveAttribute(
      'href',
      '/user/setting',
    );
    expect(calls).toEqual([{ teamId: 5, usernames: ['zoe'], teamMemberGroupId: 1 }]);
  });

  it('shows members a read-only list with "quit team" instead of the change controls', async () => {
    const me = signIn();
    const team = buildTeam({ id: 6, name: 'Guests', isOwner: false, manage: false, member: true });
    renderRoute('/team/member/6', {
      mocks: [
        meMock(me),
        teamMembersScreenMock(team, [
          { id: 1, username: 'alice' },
          { id: 2, username: 'lead', group: 2 },
        ]),
      ],
    });

    const lead = await screen.findByRole('listitem', { name: 'lead' }, SCREEN);
    expect(within(lead).getByText('Team admin')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add members' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: /Role of/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove .* from the team/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Quit team' })).toBeInTheDocument();
    expect(
      screen.getByText('Only the team creator and team admins can change the team.'),
    ).toBeInTheDocument();
  });
});
