import { ApolloClient, InMemoryCache } from '@apollo/client';
import { MockLink } from '@apollo/client/testing';
import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../../app/AppProviders';
import {
  AcquirePageLockDocument,
  EditorCatalogsDocument,
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

function renderEditor(mocks: MockLink.MockedResponse[], onSaved: (page: SavedPage) => void) {
  const client = new ApolloClient({
    cache: new InMemoryCache(),
    link: new MockLink(mocks, { defaultOptions: { delay: 0 } }),
  });
  return render(
    <AppProviders client={client} i18n={createI18n('en')} env="test">
      <MemoryRouter>
        <PageEditorDialog itemId={3} pageId={0} opened onClose={() => undefined} onSaved={onSaved} />
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
    fireEvent.change(await screen.findByLabelText('Edit page'), { target: { value: content } });
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
    fireEvent.change(await screen.findByLabelText('Edit page'), { target: { value: content } });
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    expect(await screen.findByText(/Save failed/)).toBeInTheDocument();
    expect(localStorage.getItem('quire.draft.3.new.0')).toContain(content);
  });
});
