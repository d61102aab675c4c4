import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import { PageShareLinkDocument, SharePageDocument } from '../../gql/graphql';
import { saveSession } from '../../session/session';
import {
  buildItem,
  buildMe,
  captchaMock,
  itemErrorMock,
  itemViewMock,
  meMock,
  pageMock,
  searchPagesMock,
  siteInfoMock,
} from '../../test/mocks';
import { renderRoute } from '../../test/renderRoute';

const item = buildItem({ id: 4, name: 'Shop API', domain: 'shop' });
const menu = {
  pages: [{ id: 40, title: 'Readme' }],
  catalogs: [
    {
      id: 1,
      name: 'Users',
      pages: [{ id: 41, title: 'Login' }],
      catalogs: [{ id: 2, name: 'Admin', pages: [{ id: 42, title: 'Ban a user' }] }],
    },
    { id: 3, name: 'Orders', pages: [{ id: 43, title: 'Create an order' }] },
  ],
};

function viewMocks(pageId: number | null = null, byDomain = false) {
  return [
    siteInfoMock(),
    itemViewMock({ item, ...menu, byDomain, pageId, defaultCatalogPath: pageId === 42 ? [1, 2] : [] }),
    pageMock({ id: 40, itemId: 4, title: 'Readme', content: '# Welcome\n\nHello readers.' }),
    pageMock({
      id: 42,
      itemId: 4,
      title: 'Ban a user',
      content: 'POST /users/{id}/ban',
      path: [
        { id: 1, name: 'Users' },
        { id: 2, name: 'Admin' },
      ],
    }),
  ];
}

function tree() {
  return within(screen.getByTestId('catalog-tree'));
}

describe('ItemViewPage', () => {
  it('opens on the first page and renders its markdown', async () => {
    renderRoute('/4', { mocks: viewMocks() });
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Readme' })).toBeInTheDocument();
    expect(tree().getByRole('link', { name: 'Readme' })).toHaveAttribute('aria-current', 'page');
    // Catalogs start closed: their pages are not shown.
    expect(tree().queryByRole('link', { name: 'Login' })).toBeNull();
  });

  it('expands and collapses catalogs', async () => {
    const user = userEvent.setup();
    renderRoute('/shop', { mocks: viewMocks(null, true) });
    await screen.findByRole('heading', { name: 'Welcome' });

    await user.click(tree().getByRole('button', { name: 'Users' }));
    expect(tree().getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/shop/41');
    expect(tree().queryByRole('link', { name: 'Ban a user' })).toBeNull();

    await user.click(tree().getByRole('button', { name: 'Admin' }));
    expect(tree().getByRole('link', { name: 'Ban a user' })).toBeInTheDocument();

    await user.click(tree().getByRole('button', { name: 'Users' }));
    expect(tree().queryByRole('link', { name: 'Login' })).toBeNull();

    await user.click(screen.getAllByRole('button', { name: 'Expand all' })[0]!);
    expect(tree().getByRole('link', { name: 'Create an order' })).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Collapse all' })[0]!);
    expect(tree().queryByRole('link', { name: 'Create an order' })).toBeNull();
  });

  it('opens the catalogs above the requested page and highlights it', async () => {
    renderRoute('/4/42', { mocks: viewMocks(42) });
    expect(await screen.findByText('POST /users/{id}/ban')).toBeInTheDocument();
    expect(tree().getByRole('link', { name: 'Ban a user' })).toHaveAttribute('aria-current', 'page');
    expect(tree().getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('filters the tree while searching, shows the breadcrumb, and resets on a blank keyword', async () => {
    const user = userEvent.setup();
    renderRoute('/4/42', {
      mocks: [
        ...viewMocks(42),
        searchPagesMock({ query: 'ban', itemId: 4, first: 100 }, []),
        searchPagesMock({ query: 'order', itemId: 4, first: 100 }, []),
      ],
    });
    await screen.findByText('POST /users/{id}/ban');
    const box = screen.getAllByRole('searchbox', { name: 'Search this item' })[0]!;

    await user.type(box, 'ban');
    await waitFor(() => expect(tree().queryByRole('link', { name: 'Readme' })).toBeNull());
    expect(tree().getByRole('link', { name: 'Ban a user' })).toBeInTheDocument();
    expect(tree().queryByRole('link', { name: 'Create an order' })).toBeNull();
    const crumbs = screen.getByLabelText('Where the page is');
    expect(within(crumbs).getByText('Users')).toBeInTheDocument();
    expect(within(crumbs).getByText('Admin')).toBeInTheDocument();

    await user.clear(box);
    await user.type(box, 'order');
    expect(tree().getByRole('link', { name: 'Create an order' })).toBeInTheDocument();
    expect(tree().queryByRole('link', { name: 'Ban a user' })).toBeNull();

    await user.clear(box);
    await user.type(box, '   ');
    expect(tree().getByRole('link', { name: 'Readme' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Where the page is')).toBeNull();
  });

  it('sends a visitor of a private item to its password screen, page and redirect passed along', async () => {
    const { location } = renderRoute('/4/42', {
      mocks: [
        siteInfoMock(),
        captchaMock(1, 'data:,x'),
        itemErrorMock({ id: 4, pageId: 42 }, 'ITEM_PASSWORD_REQUIRED'),
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Private item' })).toBeInTheDocument();
    expect(location().pathname).toBe('/item/password/4');
    const query = new URLSearchParams(location().search);
    expect(query.get('redirect')).toBe('/4/42');
    expect(query.get('page_id')).toBe('42');
  });

  it('sends a visitor to the login page when the site forces a login', async () => {
    const { location } = renderRoute('/shop', {
      mocks: [
        siteInfoMock(),
        captchaMock(1, 'data:,x'),
        itemErrorMock({ domain: 'shop', pageId: null }, 'UNAUTHENTICATED', 'Please log in to read items'),
      ],
    });
    await waitFor(() => expect(location().pathname).toBe('/user/login'));
    expect(location().search).toBe('?redirect=%2Fshop');
  });

  it('shows the manage menu to managers and the edit button to editors', async () => {
    const user = userEvent.setup();
    const me = buildMe();
    saveSession('token', me);
    renderRoute('/4', {
      mocks: [
        meMock(me),
        siteInfoMock({ showWatermark: true }),
        itemViewMock({ item, ...menu, rights: { edit: true, manage: true } }),
        pageMock({ id: 40, itemId: 4, title: 'Readme', content: 'Hi' }),
      ],
    });
    await screen.findByText('Hi');
    expect(screen.getByRole('link', { name: 'Edit the page' })).toHaveAttribute('href', '/page/edit/4/40');
    expect(await screen.findByTestId('watermark')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Manage the item' }));
    expect(await screen.findByRole('menuitem', { name: 'Transfer ownership' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Delete item' }));
    expect(await screen.findByLabelText(/Your login password/)).toBeInTheDocument();
  });

  it('lets a manager give the page its own share link', async () => {
    const user = userEvent.setup();
    const me = buildMe();
    saveSession('token', me);
    const link = {
      __typename: 'ShareLink',
      key: 'k'.repeat(32),
      path: `/p/${'k'.repeat(32)}`,
      pageId: 40,
      createdAt: '2026-01-02T03:04:05.000Z',
      expiresAt: null,
    };
    const shareMocks: MockLink.MockedResponse[] = [
      {
        request: { query: PageShareLinkDocument, variables: { pageId: 40 } },
        result: { data: { pageShareLink: null } },
      },
      {
        request: { query: SharePageDocument, variables: { pageId: 40, expireDays: 0 } },
        result: { data: { sharePage: link } },
      },
    ];
    renderRoute('/4', {
      mocks: [
        meMock(me),
        siteInfoMock(),
        itemViewMock({ item, ...menu, rights: { edit: true, manage: true } }),
        pageMock({ id: 40, itemId: 4, title: 'Readme', content: 'Hi' }),
        ...shareMocks,
      ],
    });
    await screen.findByText('Hi');

    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByLabelText('Link to the item "Shop API"')).toHaveValue('http://localhost/shop');
    expect(screen.getByLabelText('Link to the page "Readme"')).toHaveValue('http://localhost/shop/40');

    await user.click(await screen.findByRole('switch', { name: /Single-page share link/ }));
    expect(await screen.findByLabelText('Link to this page alone')).toHaveValue(
      `http://localhost${link.path}`,
    );
    expect(screen.getByRole('combobox', { name: 'Valid for' })).toHaveValue('Permanent');
  });

  it('shows a single-page item without a catalog and a spreadsheet as a table', async () => {
    const single = buildItem({ id: 6, name: 'Notice', type: 2 });
    const first = renderRoute('/6', {
      mocks: [
        siteInfoMock(),
        itemViewMock({ item: single, pages: [{ id: 60, title: 'Notice' }] }),
        pageMock({ id: 60, itemId: 6, title: 'Notice', content: 'Closed on **Monday**.' }),
      ],
    });
    expect(await screen.findByText('Monday')).toBeInTheDocument();
    expect(screen.queryByTestId('catalog-tree')).toBeNull();
    first.unmount();

    const sheet = buildItem({ id: 7, name: 'Budget', type: 4 });
    renderRoute('/7', {
      mocks: [
        siteInfoMock(),
        itemViewMock({ item: sheet, pages: [{ id: 70, title: 'Budget' }] }),
        pageMock({
          id: 70,
          itemId: 7,
          title: 'Budget',
          content: JSON.stringify([
            { name: 'Q1', rows: { 0: { cells: { 0: { text: 'Rent' }, 1: { text: '1200' } } } } },
          ]),
        }),
      ],
    });
    const table = await screen.findByRole('table', { name: 'Q1' });
    expect(within(table).getByText('Rent')).toBeInTheDocument();
    expect(within(table).getByText('1200')).toBeInTheDocument();
  });

  it('shows the empty state for an item without pages', async () => {
    renderRoute('/4', { mocks: [siteInfoMock(), itemViewMock({ item })] });
    expect(await screen.findByText('This item has no pages yet')).toBeInTheDocument();
  });
});
