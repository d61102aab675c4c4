import { describe, expect, it } from '@jest/globals';
import type { MockLink } from '@apollo/client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DeleteItemGroupDocument, SaveItemGroupDocument, type SaveItemGroupInput } from '../../gql/graphql';
import { saveSession } from '../../session/session';
import { buildItem, buildMe, itemGroupsMock, meMock, myItemsMock, siteInfoMock } from '../../test/mocks';
import { renderRoute } from '../../test/renderRoute';

describe('ManageGroupsDialog', () => {
  it("adds a group named 'default' when the name is left empty, and deletes one after asking", async () => {
    const user = userEvent.setup();
    const me = buildMe();
    saveSession('token', me);
    const saved: SaveItemGroupInput[] = [];
    const deleted: number[] = [];
    const mocks: MockLink.MockedResponse[] = [
      meMock(me),
      siteInfoMock(),
      itemGroupsMock([{ id: 5, name: 'Backend', itemIds: [1] }]),
      myItemsMock(0, [buildItem({ id: 1, name: 'Payment API' })]),
      {
        request: {
          query: SaveItemGroupDocument,
          variables: (variables: { input: SaveItemGroupInput }) => {
            saved.push(variables.input);
            return true;
          },
        },
        result: {
          data: {
            saveItemGroup: { __typename: 'ItemGroup', id: 6, name: 'default', itemIds: [], sNumber: 2 },
          },
        },
      },
      {
        request: {
          query: DeleteItemGroupDocument,
          variables: (variables: { id: number }) => {
            deleted.push(variables.id);
            return true;
          },
        },
        result: { data: { deleteItemGroup: true } },
      },
    ];
    renderRoute('/item/index', { mocks });
    await screen.findByTestId('item-cards');

    await user.click(screen.getAllByText('Manage groups')[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Item groups' });
    expect(within(dialog).getByText('Backend')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Add a group' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toEqual([{ id: undefined, name: 'default', itemIds: [] }]));

    await user.click(within(dialog).getByRole('button', { name: 'Delete the group' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(deleted).toEqual([5]));
  });
});
