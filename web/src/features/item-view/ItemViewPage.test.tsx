import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import {
  AcquirePageLockDocument,
  EditorCatalogsDocument,
  EditorPageDocument,
  ItemViewPageLockDocument,
  PageLockChangedDocument,
  PageShareLinkDocument,
  ReleasePageLockDocument,
  SharePageDocument,
} from '../../gql/graphql';
import { saveSession } from '../../session/session';
import {
  buildItem,
  buildMe,
  captchaMock,
  itemErrorMock,
  unreadMessagesMock,
  itemViewMock,
  meMock,
  pageMock,
  searchPagesMock,
  siteInfoMock,
} from '../../test/mocks';
import { renderRoute } from '../../test/renderRoute';

// jsdom cannot run the md-editor's ESM stack quickly; the lazy import is swapped for a textarea.
jest.mock('../editor/MdEditorImpl', () => ({
  __esModule: true,
  default: ({ value, ariaLabel }: { value: string; ariaLabel: string }) => (
    <textarea aria-label={ariaLabel} value={value} readOnly />
  ),
}));

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

interface LockHolder {
  id: number;
  name: string;
}

/** The page's lock as the item view asks for it, and (optionally) one change pushed afterwards. */
function lockMocks(
  pageId: number,
  holder: LockHolder | null,
  change?: { action: 'ACQUIRED' | 'RENEWED' | 'RELEASED' | 'EXPIRED'; holder: LockHolder },
  myUserId = 7,
): MockLink.MockedResponse[] {
  return [
    {
      request: { query: ItemViewPageLockDocument, variables: { pageId } },
      result: {
        data: {
          pageLock: {
            __typename: 'PageLockState',
            pageId,
            locked: holder !== null,
            mine: holder !== null && holder.id === myUserId,
            holderId: holder?.id ?? null,
            holderName: holder?.name ?? null,
            lockedUntil: holder ? '2999-01-01T00:00:00.000Z' : null,
          },
        },
      },
      maxUsageCount: Number.POSITIVE_INFINITY,
    },
    {
      request: { query: PageLockChangedDocument, variables: { pageId } },
      ...(change
        ? {
            result: {
              data: {
                pageLockChanged: {
                  __typename: 'PageLockChange',
                  pageId,
                  action: change.action,
                  holderId: change.holder.id,
                  holderName: change.holder.name,
                  lockedUntil: change.action === 'RELEASED' ? null : '2999-01-01T00:00:00.000Z',
                  at: '2026-01-01T00:00:00.000Z',
                },
              },
            },
          }
        : { result: { data: null }, delay: Number.POSITIVE_INFINITY }),
      maxUsageCount: Number.POSITIVE_INFINITY,
    },
  ];
}

function tree() {
  return within(screen.getByTestId('catalog-tree'));
}

describe('ItemViewPage', () => {
  // The editor loads lazily (React.lazy); its first import makes jest transform the editor's whole module graph
  // (markdown editor, turndown, jsdiff), which took longer than a findBy's wait on a loaded 2-core CI machine.
  // Loaded once here, the lazy imports in the tests below resolve from jest's module registry. The md-editor
  // is a lazy chunk of its own inside the dialog (MarkdownInput), loaded here too.
  beforeAll(async () => {
    await Promise.all([
      import('../editor/PageEditorDialog'),
      import('../editor/EditorBar'),
      import('../editor/MdEditorImpl'),
    ]);
  }, 120_000);

  it('opens on the first page and renders its markdown', async () => {
    renderRoute('/4', { mocks: viewMocks() });
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Readme' })).toBeInTheDocument();
    expect(tree().getByRole('link', { name: 'Readme' })).toHaveAttribute('aria-current', 'page');
    // Catalogs start closed: their pages are not shown.
    expect(tree().queryByRole('link', { name: 'Login' })).toBeNull();
    expect(document.title).toBe('Readme - Shop API - Quire');
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

  // ?page_id= stays in the redirect, so the reader lands on the page they asked for.
  it.each(['/4/42', '/4?page_id=42'])(
    'sends a visitor of a private item at %s to its password screen, page and redirect passed along',
    async (path) => {
      const { location } = renderRoute(path, {
        mocks: [
          siteInfoMock(),
          captchaMock(1, 'data:,x'),
          itemErrorMock({ id: 4, pageId: 42 }, 'ITEM_PASSWORD_REQUIRED'),
        ],
      });
      expect(await screen.findByRole('heading', { name: 'Private item' })).toBeInTheDocument();
      expect(location().pathname).toBe('/item/password/4');
      const query = new URLSearchParams(location().search);
      expect(query.get('redirect')).toBe(path);
      expect(query.get('page_id')).toBe('42');
    },
  );

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
        ...lockMocks(40, null),
      ],
    });
    await screen.findByText('Hi');
    expect(screen.getByRole('button', { name: 'Edit the page' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit the page' })).toBeNull();
    expect(await screen.findByTestId('watermark')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Manage the item' }));
    expect(await screen.findByRole('menuitem', { name: 'Transfer ownership' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Delete item' }));
    expect(await screen.findByLabelText(/Your login password/)).toBeInTheDocument();
  });

  it('offers the edit button only on pages inside the catalogs the member may edit', async () => {
    const me = buildMe();
    saveSession('token', me);
    const mocks = (pageId: number) => [
      meMock(me),
      siteInfoMock(),
      // Edits catalog 3 (Orders) only, reads the rest of the item.
      itemViewMock({ item, ...menu, pageId, rights: { edit: true, editScope: [3] } }),
      pageMock({
        id: 42,
        itemId: 4,
        title: 'Ban a user',
        content: 'Banned',
        path: [{ id: 1, name: 'Users' }],
      }),
      pageMock({
        id: 43,
        itemId: 4,
        title: 'Create an order',
        content: 'Ordered',
        path: [{ id: 3, name: 'Orders' }],
      }),
      ...lockMocks(pageId, null),
    ];
    const outside = renderRoute('/4/42', { mocks: mocks(42) });
    await screen.findByText('Banned');
    expect(screen.queryByRole('button', { name: 'Edit the page' })).toBeNull();
    outside.unmount();

    renderRoute('/4/43', { mocks: mocks(43) });
    await screen.findByText('Ordered');
    expect(await screen.findByRole('button', { name: 'Edit the page' })).toBeInTheDocument();
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
        ...lockMocks(40, null),
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
    // The grid editor (issue #20) loads lazily; the read-only table stands in meanwhile.
    // (findBy fails when it never shows; the page query is not mocked here, so it does not stay.)
    await screen.findByTestId('spreadsheet-editor', {}, { timeout: 10_000 });
  });

  it('shows the empty state for an item without pages', async () => {
    renderRoute('/4', { mocks: [siteInfoMock(), itemViewMock({ item })] });
    expect(await screen.findByText('This item has no pages yet')).toBeInTheDocument();
  });
  it('opens the page editor dialog from the edit button of a regular item', async () => {
    const user = userEvent.setup();
    const me = buildMe();
    saveSession('token', me);
    const lockState = {
      __typename: 'PageLockState',
      pageId: 40,
      locked: true,
      mine: true,
      holderId: me.id,
      holderName: me.username,
      lockedUntil: '2999-01-01T00:00:00.000Z',
    };
    renderRoute('/4', {
      mocks: [
        meMock(me),
        siteInfoMock(),
        itemViewMock({ item, ...menu, rights: { edit: true } }),
        pageMock({ id: 40, itemId: 4, title: 'Readme', content: 'Hi' }),
        ...lockMocks(40, null),
        {
          request: { query: EditorPageDocument, variables: { id: 40 } },
          result: {
            data: {
              page: {
                __typename: 'Page',
                id: 40,
                itemId: 4,
                title: 'Readme',
                content: 'Hi',
                catalogId: null,
                version: 3,
                updatedAt: '2026-01-01T00:00:00.000Z',
                createdAt: '2026-01-01T00:00:00.000Z',
                authorName: 'alice',
                path: [],
              },
            },
          },
          maxUsageCount: Number.POSITIVE_INFINITY,
        },
        {
          request: { query: EditorCatalogsDocument, variables: { itemId: 4 } },
          result: { data: { catalogs: [] } },
          maxUsageCount: Number.POSITIVE_INFINITY,
        },
        {
          request: { query: AcquirePageLockDocument, variables: { pageId: 40, renewEverySeconds: 1200 } },
          result: { data: { acquirePageLock: lockState } },
          maxUsageCount: Number.POSITIVE_INFINITY,
        },
        {
          request: { query: ReleasePageLockDocument, variables: { pageId: 40 } },
          result: { data: { releasePageLock: true } },
          maxUsageCount: Number.POSITIVE_INFINITY,
        },
      ],
    });
    await screen.findByText('Hi');
    await user.click(screen.getByRole('button', { name: 'Edit the page' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit page' }));
    // The dialog shows a loader until the page's text has come (EditorPage): the editor follows it.
    expect(await dialog.findByTestId('page-editor')).toBeInTheDocument();
    expect(await dialog.findByDisplayValue('Hi')).toBeInTheDocument();
  });

  it('keeps the full-page editor link for single-page items', async () => {
    const me = buildMe();
    saveSession('token', me);
    const single = buildItem({ id: 6, name: 'Notice', type: 2 });
    renderRoute('/6', {
      mocks: [
        meMock(me),
        siteInfoMock(),
        itemViewMock({ item: single, pages: [{ id: 60, title: 'Notice' }], rights: { edit: true } }),
        pageMock({ id: 60, itemId: 6, title: 'Notice', content: 'Closed today.' }),
        ...lockMocks(60, null),
      ],
    });
    await screen.findByText('Closed today.');
    expect(screen.getByRole('link', { name: 'Edit the page' })).toHaveAttribute('href', '/page/edit/6/60');
    expect(screen.queryByTestId('editor-bar')).toBeNull();
  });

  it('shows the editor bar to editors only', async () => {
    const reader = renderRoute('/4', { mocks: viewMocks() });
    await screen.findByRole('heading', { name: 'Welcome' });
    expect(screen.queryByTestId('editor-bar')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit the page' })).toBeNull();
    reader.unmount();

    const me = buildMe();
    saveSession('token', me);
    const editor = renderRoute('/4', {
      mocks: [
        meMock(me),
        siteInfoMock(),
        itemViewMock({ item, ...menu, rights: { edit: true } }),
        pageMock({ id: 40, itemId: 4, title: 'Readme', content: 'Hi' }),
        ...lockMocks(40, null),
      ],
    });
    await screen.findByText('Hi');
    // The editor's code loads for editors only (a lazy chunk).
    const bar = within(await screen.findByTestId('editor-bar'));
    expect(bar.getByRole('button', { name: 'New page' })).toBeInTheDocument();
    expect(bar.getByRole('button', { name: 'Copy page' })).toBeEnabled();
    expect(bar.getByRole('button', { name: 'New catalog' })).toBeInTheDocument();
    editor.unmount();

    // An archived item is read-only, also for its editors.
    const archived = buildItem({ id: 4, name: 'Shop API', domain: 'shop', isArchived: true });
    renderRoute('/4', {
      mocks: [
        meMock(me),
        siteInfoMock(),
        itemViewMock({ item: archived, ...menu, rights: { edit: true } }),
        pageMock({ id: 40, itemId: 4, title: 'Readme', content: 'Hi' }),
      ],
    });
    await screen.findByText('Hi');
    expect(screen.queryByTestId('editor-bar')).toBeNull();
  });

  it('tells editors who is editing the open page', async () => {
    const me = buildMe();
    saveSession('token', me);
    renderRoute('/4', {
      mocks: [
        meMock(me),
        siteInfoMock(),
        itemViewMock({ item, ...menu, rights: { edit: true } }),
        pageMock({ id: 40, itemId: 4, title: 'Readme', content: 'Hi' }),
        ...lockMocks(40, { id: 9, name: 'bob' }),
      ],
    });
    expect(await screen.findByTestId('page-lock-banner')).toHaveTextContent(
      'bob is editing this page right now.',
    );
  });

  it('follows the lock while the page is open and ignores the viewer’s own', async () => {
    const me = buildMe();
    saveSession('token', me);
    const first = renderRoute('/4', {
      mocks: [
        meMock(me),
        siteInfoMock(),
        itemViewMock({ item, ...menu, rights: { edit: true } }),
        pageMock({ id: 40, itemId: 4, title: 'Readme', content: 'Hi' }),
        ...lockMocks(40, null, { action: 'ACQUIRED', holder: { id: 9, name: 'carol' } }),
      ],
    });
    expect(await screen.findByTestId('page-lock-banner')).toHaveTextContent('carol is editing');
    first.unmount();

    renderRoute('/4', {
      mocks: [
        meMock(me),
        siteInfoMock(),
        itemViewMock({ item, ...menu, rights: { edit: true } }),
        pageMock({ id: 40, itemId: 4, title: 'Readme', content: 'Hi' }),
        ...lockMocks(40, { id: 9, name: 'carol' }, { action: 'RELEASED', holder: { id: 9, name: 'carol' } }),
      ],
    });
    await screen.findByText('Hi');
    await waitFor(() => expect(screen.queryByTestId('page-lock-banner')).toBeNull());
  });

  it('shows no lock banner while the viewer edits the page elsewhere', async () => {
    const me = buildMe();
    saveSession('token', me);
    renderRoute('/4', {
      mocks: [
        meMock(me),
        siteInfoMock(),
        itemViewMock({ item, ...menu, rights: { edit: true } }),
        pageMock({ id: 40, itemId: 4, title: 'Readme', content: 'Hi' }),
        ...lockMocks(
          40,
          { id: me.id, name: me.username },
          { action: 'RENEWED', holder: { id: me.id, name: me.username } },
        ),
      ],
    });
    await screen.findByText('Hi');
    // Let the lock query and the pushed change arrive.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByTestId('page-lock-banner')).toBeNull();
  });

  it('tells every signed-in reader who is editing the open page', async () => {
    const me = buildMe();
    saveSession('token', me);
    renderRoute('/4', {
      mocks: [
        meMock(me),
        siteInfoMock(),
        itemViewMock({ item, ...menu }),
        pageMock({ id: 40, itemId: 4, title: 'Readme', content: 'Hi' }),
        ...lockMocks(40, { id: 9, name: 'bob' }),
      ],
    });
    expect(await screen.findByTestId('page-lock-banner')).toHaveTextContent('bob is editing');
    expect(screen.queryByRole('button', { name: 'Edit the page' })).toBeNull();
  });

  it('gives signed-in readers the messages bell with its badge, visitors login and about', async () => {
    const visitor = renderRoute('/4', { mocks: viewMocks() });
    await screen.findByRole('heading', { name: 'Welcome' });
    expect(screen.getByRole('link', { name: 'About this site' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Messages/ })).toBeNull();
    visitor.unmount();

    const me = buildMe();
    saveSession('token', me);
    renderRoute('/4', {
      mocks: [
        meMock(me),
        unreadMessagesMock(2),
        siteInfoMock(),
        itemViewMock({ item, ...menu }),
        pageMock({ id: 40, itemId: 4, title: 'Readme', content: 'Hi' }),
        ...lockMocks(40, null),
      ],
    });
    await screen.findByText('Hi');
    expect(screen.queryByRole('link', { name: 'About this site' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/message/index');
    // Spec §9: counted 2 s after the screen opens.
    const badged = await screen.findByRole('link', { name: 'Messages: 2 unread' }, { timeout: 4000 });
    expect(badged).toHaveAttribute('href', '/message/index');
    expect(screen.getByText('New')).toBeInTheDocument();
  });

  it('offers import and export in the manage menu', async () => {
    const user = userEvent.setup();
    const me = buildMe();
    saveSession('token', me);
    renderRoute('/4', {
      mocks: [
        meMock(me),
        siteInfoMock(),
        itemViewMock({ item, ...menu, rights: { edit: true, manage: true } }),
        pageMock({ id: 40, itemId: 4, title: 'Readme', content: 'Hi' }),
        ...lockMocks(40, null),
      ],
    });
    await screen.findByText('Hi');
    await user.click(screen.getByRole('button', { name: 'Manage the item' }));
    expect(await screen.findByRole('menuitem', { name: 'Export' })).toHaveAttribute('href', '/item/export/4');
    await user.click(screen.getByRole('menuitem', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import into Shop API' });
    // The real import (issue #19): this item or a new one, and the formats it reads.
    expect(dialog).toHaveTextContent('Swagger / OpenAPI');
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
  });

  it('turns edit and manage off for API-client items (type 3)', async () => {
    const me = buildMe();
    saveSession('token', me);
    const client = buildItem({ id: 4, name: 'Shop API', domain: 'shop', type: 3 });
    renderRoute('/4', {
      mocks: [
        meMock(me),
        siteInfoMock(),
        itemViewMock({ item: client, ...menu, rights: { edit: true, manage: true } }),
        pageMock({ id: 40, itemId: 4, title: 'Readme', content: 'Hi' }),
        ...lockMocks(40, null),
      ],
    });
    await screen.findByText('Hi');
    // The catalog is there (read as a regular item), the editing tools are not.
    expect(tree().getByRole('link', { name: 'Readme' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit the page' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Manage the item' })).toBeNull();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByTestId('editor-bar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
  });

  it('ends with a footer leading back home', async () => {
    renderRoute('/4', { mocks: viewMocks() });
    await screen.findByRole('heading', { name: 'Welcome' });
    const footer = within(screen.getByTestId('item-footer'));
    expect(footer.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  });
});
