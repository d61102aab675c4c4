import { describe, expect, it } from '@jest/globals';
import type { MockLink } from '@apollo/client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  TeamItemCatalogsDocument,
  UpdateTeamItemMemberDocument,
  type UpdateMemberInput,
} from '../../gql/graphql';
import { saveSession } from '../../session/session';
import { buildMe, meMock } from '../../test/mocks';
import { renderRoute } from '../../test/renderRoute';
import {
  buildTeam,
  teamItemMemberRow,
  teamItemMembersMock,
  teamItemsScreenMock,
  type TeamItemMemberInput,
} from './teamMocks';

/** The screen loads lazily (its own chunk): the first lookup waits longer on a busy machine. */
const SCREEN = { timeout: 5000 };

const TEAM = 5;
const ITEM = 9;
const GUIDE = { id: 31, name: 'Guide' };
const API = { id: 32, name: 'API' };

function catalogsMock(): MockLink.MockedResponse {
  const catalog = (c: { id: number; name: string }, level: number) => ({
    __typename: 'Catalog',
    ...c,
    level,
  });
  return {
    request: { query: TeamItemCatalogsDocument, variables: { itemId: ITEM } },
    result: {
      data: {
        catalogs: [catalog(GUIDE, 1), catalog({ id: 33, name: 'Deep chapter' }, 2), catalog(API, 1)],
      },
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

/** Saves record their input and answer the row as the server would have changed it. */
function updateMock(
  calls: UpdateMemberInput[],
  input: UpdateMemberInput,
  after: TeamItemMemberInput,
): MockLink.MockedResponse {
  return {
    request: {
      query: UpdateTeamItemMemberDocument,
      variables: (variables: { input: UpdateMemberInput }) => {
        if (JSON.stringify(variables.input) !== JSON.stringify(input)) return false;
        calls.push(variables.input);
        return true;
      },
    },
    result: { data: { updateTeamItemMember: teamItemMemberRow(TEAM, ITEM, after) } },
  };
}

describe('TeamItemMembersDialog', () => {
  it("sets a team member's authority and top-level catalog scope in one item; item admins get no scope", async () => {
    const user = userEvent.setup();
    const me = buildMe({ username: 'alice' });
    saveSession('token', me);
    const team = buildTeam({ id: TEAM, name: 'Core', itemCount: 1 });
    const calls: UpdateMemberInput[] = [];
    const mocks: MockLink.MockedResponse[] = [
      meMock(me),
      teamItemsScreenMock(team, [{ linkId: 70, id: ITEM, name: 'Docs' }]),
      teamItemMembersMock(TEAM, ITEM, [
        { id: 1, username: 'bob', memberGroupId: 1 },
        { id: 2, username: 'carol', memberGroupId: 2 },
      ]),
      catalogsMock(),
      updateMock(calls, { id: 1, memberGroupId: 0 }, { id: 1, username: 'bob', memberGroupId: 0 }),
      updateMock(
        calls,
        { id: 1, catalogIds: [API.id] },
        { id: 1, username: 'bob', memberGroupId: 0, scope: [API] },
      ),
    ];
    renderRoute(`/team/item/${TEAM}`, { mocks });

    const docs = await screen.findByRole('listitem', { name: 'Docs' }, SCREEN);
    await user.click(within(docs).getByRole('button', { name: 'Member authority in Docs' }));
    const dialog = await screen.findByRole('dialog', { name: 'Member authority in Docs' });

    const bob = await within(dialog).findByRole('listitem', { name: 'bob' });
    const carol = within(dialog).getByRole('listitem', { name: 'carol' });
    expect(within(carol).getByRole('combobox', { name: 'Authority of carol' })).toHaveValue('Item admin');
    expect(within(carol).queryByRole('combobox', { name: 'Catalog scope of carol' })).toBeNull();
    expect(within(carol).getByText('All catalogs')).toBeInTheDocument();

    const authority = within(bob).getByRole('combobox', { name: 'Authority of bob' });
    expect(authority).toHaveValue('Edit');
    await user.click(authority);
    await user.click(await screen.findByRole('option', { name: 'Read only' }));
    await waitFor(() => expect(calls).toEqual([{ id: 1, memberGroupId: 0 }]));
    await waitFor(() => expect(authority).toHaveValue('Read only'));

    // The scope offers the top-level catalogs only.
    await user.click(within(bob).getByRole('combobox', { name: 'Catalog scope of bob' }));
    expect(await screen.findByRole('option', { name: 'Guide' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Deep chapter' })).toBeNull();
    await user.click(screen.getByRole('option', { name: 'API' }));
    await waitFor(() =>
      expect(calls).toEqual([
        { id: 1, memberGroupId: 0 },
        { id: 1, catalogIds: [API.id] },
      ]),
    );
    // The saved scope shows as a chip in the field.
    expect(await within(bob).findByText('API', { selector: '.mantine-Pill-label' })).toBeInTheDocument();
  });

  it('shows members the bound items without the authority and unbind controls', async () => {
    const me = buildMe({ username: 'alice' });
    saveSession('token', me);
    const team = buildTeam({ id: TEAM, name: 'Core', isOwner: false, manage: false, member: true });
    renderRoute(`/team/item/${TEAM}`, {
      mocks: [meMock(me), teamItemsScreenMock(team, [{ linkId: 70, id: ITEM, name: 'Docs' }])],
    });

    const docs = await screen.findByRole('listitem', { name: 'Docs' }, SCREEN);
    expect(within(docs).getByRole('link', { name: 'Docs' })).toHaveAttribute('href', `/${ITEM}`);
    expect(within(docs).queryByRole('button', { name: 'Member authority in Docs' })).toBeNull();
    expect(within(docs).queryByRole('button', { name: 'Unbind Docs from the team' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Bind items' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Quit team' })).toBeInTheDocument();
  });
});
