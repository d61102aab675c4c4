import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { saveSession } from '../../session/session';
import {
  buildItem,
  buildMe,
  itemGroupsMock,
  meMock,
  myItemsMock,
  searchPagesMock,
  siteInfoMock,
} from '../../test/mocks';
import { renderRoute } from '../../test/renderRoute';
import { ITEM_GROUP_KEY, ITEM_VIEW_KEY } from './preferences';

const api = buildItem({ id: 1, name: 'Payment API', description: 'Orders and refunds' });
const manual = buildItem({ id: 2, name: 'User manual', type: 2, domain: 'manual' });
const sheet = buildItem({ id: 3, name: 'Budget', type: 4, isPrivate: true });

function signIn() {
  const me = buildMe();
  saveSession('token', me);
  return meMock(me);
}

function listMocks() {
  return [
    signIn(),
    siteInfoMock({ publicSquareEnabled: true }),
    itemGroupsMock([{ id: 5, name: 'Backend', itemIds: [1] }]),
    myItemsMock(0, [{ ...api, starred: true }, { ...manual, manager: false }, sheet]),
    myItemsMock(5, [api]),
  ];
}

describe('ItemIndexPage', () => {
  it('lists the items as cards with links to their personal domain or id', async () => {
    renderRoute('/item/index', { mocks: listMocks() });

    const cards = await screen.findByTestId('item-cards');
    expect(within(cards).getByRole('link', { name: 'Payment API' })).toHaveAttribute('href', '/1');
    expect(within(cards).getByRole('link', { name: 'User manual' })).toHaveAttribute('href', '/manual');
    expect(screen.getByTestId('item-list-heading')).toHaveTextContent('All items');
    // Cards cannot be dragged: the hint points to the list view, where they can.
    expect(screen.getByTestId('card-sort-hint')).toHaveTextContent('switch to the list view');
    expect(screen.getAllByRole('link', { name: 'Public square' })[0]).toHaveAttribute(
      'href',
      '/public-square/index',
    );
  });

  it('remembers the list/card choice across visits', async () => {
    const user = userEvent.setup();
    const first = renderRoute('/item/index', { mocks: listMocks() });
    await screen.findByTestId('item-cards');

    await user.click(screen.getByText('List'));
    expect(await screen.findByTestId('item-list')).toBeInTheDocument();
    expect(screen.queryByTestId('card-sort-hint')).toBeNull();
    expect(localStorage.getItem(ITEM_VIEW_KEY)).toBe('list');
    first.unmount();

    renderRoute('/item/index', { mocks: listMocks() });
    expect(await screen.findByTestId('item-list')).toBeInTheDocument();
    expect(screen.queryByTestId('item-cards')).toBeNull();
  });

  it('shows a group when it is chosen and remembers it', async () => {
    const user = userEvent.setup();
    renderRoute('/item/index', { mocks: listMocks() });
    await screen.findByTestId('item-cards');

    await user.click(screen.getAllByText('Backend')[0]!);
    await waitFor(() => expect(screen.getByTestId('item-list-heading')).toHaveTextContent('Backend'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'User manual' })).toBeNull());
    expect(localStorage.getItem(ITEM_GROUP_KEY)).toBe('5');
  });

  it('does not search for a single non-Chinese character, and searches items and pages from two', async () => {
    const user = userEvent.setup();
    renderRoute('/item/index', {
      mocks: [
        ...listMocks(),
        searchPagesMock({ query: 'pa', first: 50 }, [
          {
            item: api,
            page: { id: 31, title: 'Pay an order' },
            snippet: 'POST /orders/{id}/pay',
            catalogPath: ['Orders'],
          },
        ]),
      ],
    });
    await screen.findByTestId('item-cards');
    const box = screen.getByRole('searchbox', { name: 'Search items and pages' });

    await user.type(box, 'p');
    expect(screen.getByTestId('item-list-heading')).toHaveTextContent('All items');
    expect(screen.queryByTestId('search-results')).toBeNull();

    await user.type(box, 'a');
    expect(screen.getByTestId('item-list-heading')).toHaveTextContent('Search results with "pa"');
    const results = await screen.findByTestId('search-results');
    expect(await within(results).findByRole('link', { name: 'Pay an order' })).toHaveAttribute(
      'href',
      '/1/31',
    );
    expect(within(results).getByText('Orders')).toBeInTheDocument();
    // Items match by name or description too.
    expect(within(results).getAllByRole('link', { name: 'Payment API' }).length).toBeGreaterThan(0);
    expect(within(results).queryByRole('link', { name: 'Budget' })).toBeNull();
  });

  it('offers the management entries to managers only', async () => {
    const user = userEvent.setup();
    renderRoute('/item/index', { mocks: listMocks() });
    await screen.findByTestId('item-cards');

    await user.click(screen.getByRole('button', { name: 'More actions for User manual' }));
    expect(await screen.findByRole('menuitem', { name: 'Exit item' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete item' })).toBeNull();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'More actions for Payment API' }));
    expect(await screen.findByRole('menuitem', { name: 'Delete item' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Unstar' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Exit item' })).toBeNull();
    // The same management entries as the item view's manage menu, import and export included.
    expect(screen.getByRole('menuitem', { name: 'Export' })).toHaveAttribute('href', '/item/export/1');
    await user.click(screen.getByRole('menuitem', { name: 'Import' }));
    const importDialog = await screen.findByRole('dialog', { name: 'Import into Payment API' });
    // Into this item by default, or a new one.
    expect(within(importDialog).getByRole('radio', { name: 'This item (Payment API)' })).toBeChecked();
    expect(within(importDialog).getByRole('radio', { name: 'A new item' })).not.toBeChecked();
  });

  it("offers an archived item's manager only what still works", async () => {
    const user = userEvent.setup();
    const archived = { ...sheet, isArchived: true };
    renderRoute('/item/index', {
      mocks: [signIn(), siteInfoMock({}), itemGroupsMock([]), myItemsMock(0, [archived])],
    });
    await screen.findByTestId('item-cards');
    await user.click(screen.getByRole('button', { name: 'More actions for Budget' }));
    await screen.findByRole('menuitem', { name: 'Delete item' });
    const offered = screen.getAllByRole('menuitem').map((entry) => entry.textContent);
    for (const works of ['Export', 'Transfer ownership', 'Copy item', 'Delete item']) {
      expect(offered).toContain(works);
    }
    for (const refused of [
      'Import',
      'Members',
      'Recycle bin',
      'Update base info',
      'Open API',
      'Item settings',
      'Archive',
    ]) {
      expect(offered).not.toContain(refused);
    }
  });

  it('prefills the copy dialog with the name plus "--copy"', async () => {
    const user = userEvent.setup();
    renderRoute('/item/index', { mocks: listMocks() });
    await screen.findByTestId('item-cards');

    await user.click(screen.getByRole('button', { name: 'More actions for Payment API' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Copy item' }));
    expect(await screen.findByLabelText(/Name of the copy/)).toHaveValue('Payment API--copy');
    expect(screen.getByLabelText('Description')).toHaveValue('Orders and refunds');
  });

  it('shows the empty state when there are no items', async () => {
    renderRoute('/item/index', {
      mocks: [signIn(), siteInfoMock(), itemGroupsMock(), myItemsMock(0, [])],
    });
    expect(await screen.findByText('No items yet')).toBeInTheDocument();
  });

  it.each([
    ['/item/add', 'New item', 'Cancel'],
    ['/item/group/index', 'Item groups', 'Close'],
  ])(
    'opens %s as the list with its dialog, and closing it returns to /item/index',
    async (path, title, closeLabel) => {
      const user = userEvent.setup();
      const { location } = renderRoute(path, { mocks: listMocks() });
      const dialog = await screen.findByRole('dialog', { name: title });
      expect(await screen.findByText('Payment API')).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: closeLabel }));
      await waitFor(() => expect(location().pathname).toBe('/item/index'));
      expect(screen.queryByRole('dialog', { name: title })).toBeNull();
    },
  );
});
