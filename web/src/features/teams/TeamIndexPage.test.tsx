import { describe, expect, it } from '@jest/globals';
import type { MockLink } from '@apollo/client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LeaveTeamDocument, SaveTeamDocument, TransferTeamDocument } from '../../gql/graphql';
import { saveSession } from '../../session/session';
import { buildMe, meMock } from '../../test/mocks';
import { renderRoute } from '../../test/renderRoute';
import { buildTeam, graphQLErrorResult, teamListMock } from './teamMocks';

/** The screen loads lazily (its own chunk): the first lookup waits longer on a busy machine. */
const SCREEN = { timeout: 5000 };

function signIn() {
  const me = buildMe({ username: 'alice' });
  saveSession('token', me);
  return me;
}

describe('TeamIndexPage', () => {
  it("shows the change controls to the team's managers only, and 'quit team' to members who did not create it", async () => {
    const me = signIn();
    const mine = buildTeam({ id: 1, name: 'Core', memberCount: 2, itemCount: 1 });
    const joined = buildTeam({ id: 2, name: 'Guests', isOwner: false, manage: false, member: true });
    const adminOf = buildTeam({ id: 3, name: 'Ops', isOwner: false, manage: true, member: true });
    renderRoute('/team/index', { mocks: [meMock(me), teamListMock([mine, joined, adminOf])] });

    const core = await screen.findByRole('listitem', { name: 'Core' }, SCREEN);
    expect(within(core).getByText('Creator')).toBeInTheDocument();
    expect(within(core).getByRole('button', { name: 'Rename the team Core' })).toBeInTheDocument();
    expect(within(core).getByRole('button', { name: 'Transfer the team Core' })).toBeInTheDocument();
    expect(within(core).getByRole('button', { name: 'Delete the team Core' })).toBeInTheDocument();
    expect(within(core).queryByRole('button', { name: 'Quit team' })).toBeNull();
    expect(within(core).getByRole('link', { name: '2 members' })).toHaveAttribute('href', '/team/member/1');
    expect(within(core).getByRole('link', { name: '1 item' })).toHaveAttribute('href', '/team/item/1');

    const guests = screen.getByRole('listitem', { name: 'Guests' });
    expect(within(guests).getByText('Member')).toBeInTheDocument();
    expect(within(guests).queryByRole('button', { name: /Rename|Transfer|Delete/ })).toBeNull();
    expect(within(guests).getByRole('button', { name: 'Quit team' })).toBeInTheDocument();
    expect(within(guests).getByRole('link', { name: '0 members' })).toHaveAttribute('href', '/team/member/2');

    // A team admin manages the team but may neither transfer nor delete it: that is the creator's.
    const ops = screen.getByRole('listitem', { name: 'Ops' });
    expect(within(ops).getByText('Team admin')).toBeInTheDocument();
    expect(within(ops).getByRole('button', { name: 'Rename the team Ops' })).toBeInTheDocument();
    expect(within(ops).queryByRole('button', { name: /Transfer|Delete/ })).toBeNull();
    expect(within(ops).getByRole('button', { name: 'Quit team' })).toBeInTheDocument();
  });

  it('quits a team after asking, and the team leaves the list', async () => {
    const user = userEvent.setup();
    const me = signIn();
    const left: number[] = [];
    const mocks: MockLink.MockedResponse[] = [
      meMock(me),
      teamListMock([
        buildTeam({ id: 1, name: 'Core' }),
        buildTeam({ id: 2, name: 'Guests', isOwner: false, manage: false, member: true }),
      ]),
      {
        request: {
          query: LeaveTeamDocument,
          variables: (variables: { id: number }) => {
            left.push(variables.id);
            return true;
          },
        },
        result: { data: { leaveTeam: true } },
      },
    ];
    renderRoute('/team/index', { mocks });

    const guests = await screen.findByRole('listitem', { name: 'Guests' }, SCREEN);
    await user.click(within(guests).getByRole('button', { name: 'Quit team' }));
    expect(
      await screen.findByText('Quit the team Guests? You lose access to its items.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Guests' })).toBeNull());
    expect(left).toEqual([2]);
    expect(screen.getByRole('listitem', { name: 'Core' })).toBeInTheDocument();
  });

  it('creates a team, refusing an empty name first', async () => {
    const user = userEvent.setup();
    const me = signIn();
    const saved: Array<{ id?: number | null; name: string }> = [];
    const created = buildTeam({ id: 9, name: 'Writers' });
    const mocks: MockLink.MockedResponse[] = [
      meMock(me),
      { request: { query: teamListMock([]).request.query }, result: { data: { teams: [] } } },
      {
        request: {
          query: SaveTeamDocument,
          variables: (variables: { id?: number | null; name: string }) => {
            saved.push(variables);
            return true;
          },
        },
        result: { data: { saveTeam: created } },
      },
      teamListMock([created]),
    ];
    renderRoute('/team/index', { mocks });

    expect(await screen.findByText('No team yet', {}, SCREEN)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New team' }));
    const dialog = await screen.findByRole('dialog', { name: 'New team' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByText('Please enter a team name')).toBeInTheDocument();
    expect(saved).toEqual([]);

    await user.type(within(dialog).getByLabelText('Team name'), '  Writers ');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(saved).toEqual([{ id: null, name: 'Writers' }]));
    expect(await screen.findByRole('listitem', { name: 'Writers' })).toBeInTheDocument();
  });

  it('transfers a team with the receiver and the login password, and shows a wrong password', async () => {
    const user = userEvent.setup();
    const me = signIn();
    const mocks: MockLink.MockedResponse[] = [
      meMock(me),
      teamListMock([buildTeam({ id: 1, name: 'Core' })]),
      {
        request: { query: TransferTeamDocument, variables: { teamId: 1, username: 'bob', password: 'nope' } },
        result: graphQLErrorResult('Wrong password', 'WRONG_PASSWORD', 10208),
      },
    ];
    renderRoute('/team/index', { mocks });

    await user.click(await screen.findByRole('button', { name: 'Transfer the team Core' }, SCREEN));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer the team' });
    await user.type(within(dialog).getByLabelText('New owner'), 'bob');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(within(dialog).getByText('Please enter your login password')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Your login password'), 'nope');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(await within(dialog).findByText('Wrong password')).toBeInTheDocument();
  });
});
