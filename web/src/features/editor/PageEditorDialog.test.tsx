import { ApolloClient, InMemoryCache } from '@apollo/client';
import { MockLink } from '@apollo/client/testing';
import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../../app/AppProviders';
import {
  AcquirePageLockDocument,
  EditorCatalogsDocument,
  EditorPageDocument,
  EditorSavePageDocument,
  PageLockChangedDocument,
  ReleasePageLockDocument,
} from '../../gql/graphql';
import { createI18n } from '../../i18n/i18n';
import { PageEditorDialog, type SavedPage } from './PageEditorDialog';

// jsdom cannot run the md-editor's ESM stack quickly; the lazy import is swapped for a textarea.
jest.mock('./MdEditorImpl', () => ({
  __esModule: true,
  default: ({
    value,
    onChange,
    ariaLabel,
  }: {
    value: string;
    onChange(v: string): void;
    ariaLabel: string;
  }) => (
    <textarea
      aria-label={ariaLabel}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  ),
}));

const catalogsMock: MockLink.MockedResponse = {
  request: { query: EditorCatalogsDocument, variables: { itemId: 3 } },
  result: {
    data: {
      catalogs: [{ __typename: 'Catalog', id: 9, name: 'Guide', level: 1, parentId: null, path: ['Guide'] }],
    },
  },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

// After its first save a new page is locked for its author (and released when the editor goes).
const lockMocks: MockLink.MockedResponse[] = [
  {
    request: { query: AcquirePageLockDocument, variables: { pageId: 41, renewEverySeconds: 1200 } },
    result: {
      data: {
        acquirePageLock: {
          __typename: 'PageLockState',
          pageId: 41,
          locked: true,
          mine: true,
          holderId: 7,
          holderName: 'alice',
          lockedUntil: '2999-01-01T00:00:00.000Z',
        },
      },
    },
  },
  {
    request: { query: ReleasePageLockDocument, variables: { pageId: 41 } },
    result: { data: { releasePageLock: true } },
  },
  {
    request: { query: PageLockChangedDocument, variables: { pageId: 41 } },
    result: {
      data: {
        pageLockChanged: {
          __typename: 'PageLockChange',
          pageId: 41,
          action: 'ACQUIRED',
          holderId: 7,
          holderName: 'alice',
          lockedUntil: '2999-01-01T00:00:00.000Z',
          at: '2025-01-01T00:00:00.000Z',
        },
      },
    },
  },
];

function savedPage(content: string) {
  return {
    __typename: 'Page',
    id: 41,
    itemId: 3,
    title: 'Intro',
    content,
    catalogId: null,
    version: 1,
    updatedAt: '2025-01-01T00:00:00.000Z',
    createdAt: '2025-01-01T00:00:00.000Z',
    authorName: 'alice',
    path: [],
  };
}

function renderEditor(
  mocks: MockLink.MockedResponse[],
  onSaved: (page: SavedPage) => void,
  { pageId = 0, onClose = () => undefined }: { pageId?: number; onClose?: () => void } = {},
) {
  const client = new ApolloClient({
    cache: new InMemoryCache(),
    link: new MockLink(mocks, { defaultOptions: { delay: 0 } }),
  });
  return render(
    <AppProviders client={client} i18n={createI18n('en')} env="test">
      <MemoryRouter>
        <PageEditorDialog itemId={3} pageId={pageId} opened onClose={onClose} onSaved={onSaved} />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('PageEditorDialog', () => {
  it('creates a new page and reports its id', async () => {
    const content = '# Hello\n\nSome words.';
    const onSaved = jest.fn<(page: SavedPage) => void>();
    renderEditor(
      [
        catalogsMock,
        ...lockMocks,
        {
          request: {
            query: EditorSavePageDocument,
            variables: { input: { itemId: 3, catalogId: null, title: 'Intro', content } },
          },
          result: { data: { savePage: savedPage(content) } },
        },
      ],
      onSaved,
    );
    fireEvent.change(screen.getByLabelText('Page title'), { target: { value: 'Intro' } });
    fireEvent.change(await screen.findByLabelText('Page content (markdown)'), { target: { value: content } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSaved).toHaveBeenCalledWith({ id: 41, itemId: 3, title: 'Intro', created: true }),
    );
  });

  it('keeps the text as a draft when the save fails on the network', async () => {
    const content = 'Important unsaved text';
    renderEditor(
      [
        catalogsMock,
        {
          request: {
            query: EditorSavePageDocument,
            variables: { input: { itemId: 3, catalogId: null, title: 'Intro', content } },
          },
          error: new Error('offline'),
        },
      ],
      () => undefined,
    );
    fireEvent.change(screen.getByLabelText('Page title'), { target: { value: 'Intro' } });
    fireEvent.change(await screen.findByLabelText('Page content (markdown)'), { target: { value: content } });
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    expect(await screen.findByText(/Save failed/)).toBeInTheDocument();
    expect(localStorage.getItem('quire.draft.3.new.0')).toContain(content);
  });

  it('names the dialog element itself, and the editor inside it separately', async () => {
    renderEditor([catalogsMock], () => undefined);
    const dialog = await screen.findByRole('dialog', { name: 'New page' });
    expect(within(dialog).getByLabelText('Page content (markdown)')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Edit page' })).not.toBeInTheDocument();
  });

  it('saves and notifies with the text, then closes', async () => {
    const onClose = jest.fn();
    const loaded = { ...savedPage('Old text'), version: 1 };
    const saved = { ...savedPage('New text'), version: 2 };
    renderEditor(
      [
        catalogsMock,
        ...lockMocks,
        { request: { query: EditorPageDocument, variables: { id: 41 } }, result: { data: { page: loaded } } },
        {
          request: {
            query: EditorSavePageDocument,
            variables: {
              input: {
                id: 41,
                itemId: 3,
                catalogId: null,
                title: 'Intro',
                content: 'New text',
                baseVersion: 1,
                notifyText: 'Step 2 changed',
              },
            },
          },
          result: { data: { savePage: saved } },
        },
      ],
      () => undefined,
      { pageId: 41, onClose },
    );
    expect(await screen.findByRole('dialog', { name: 'Edit page' })).toBeInTheDocument();
    fireEvent.change(await screen.findByLabelText('Page content (markdown)'), {
      target: { value: 'New text' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Tools' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Save and notify' }));
    fireEvent.change(await screen.findByLabelText('Notification text'), {
      target: { value: ' Step 2 changed ' },
    });
    const notifyDialog = screen.getByRole('dialog', { name: 'Save and notify' });
    fireEvent.click(within(notifyDialog).getByRole('button', { name: 'Save and notify' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
