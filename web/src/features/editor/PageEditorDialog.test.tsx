import { ApolloClient, InMemoryCache } from '@apollo/client';
import { MockLink } from '@apollo/client/testing';
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { notifications } from '@mantine/notifications';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../../app/AppProviders';
import {
  AcquirePageLockDocument,
  EditorCatalogsDocument,
  EditorPageDocument,
  EditorSavePageDocument,
  PageHistoryDocument,
  PageLockChangedDocument,
  ReleasePageLockDocument,
  RestorePageVersionDocument,
} from '../../gql/graphql';
import { createI18n } from '../../i18n/i18n';
import { saveSession } from '../../session/session';
import { buildMe, catalogManagerMock } from '../../test/mocks';
import { DialogHost } from '../../app/dialogs/DialogHost';
import { anyPageAttachmentsMock } from '../attachments/attachmentMocks';
import { PageEditorDialog } from './PageEditorDialog';
import type { SavedPage } from './useSavePage';

// jsdom cannot run the md-editor's ESM stack quickly; the lazy import is swapped for a textarea.
jest.mock('./MdEditorImpl', () => ({
  __esModule: true,
  default: ({
    value,
    onChange,
    ariaLabel,
    readOnly,
  }: {
    value: string;
    onChange(v: string): void;
    ariaLabel: string;
    readOnly?: boolean;
  }) => (
    <textarea
      aria-label={ariaLabel}
      readOnly={readOnly}
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

function acquireMock(onCall: () => void = () => undefined): MockLink.MockedResponse {
  return {
    request: { query: AcquirePageLockDocument, variables: { pageId: 41, renewEverySeconds: 1200 } },
    result: () => {
      onCall();
      return {
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
      };
    },
  };
}

function releaseMock(onCall: () => void = () => undefined): MockLink.MockedResponse {
  return {
    request: { query: ReleasePageLockDocument, variables: { pageId: 41 } },
    result: () => {
      onCall();
      return { data: { releasePageLock: true } };
    },
  };
}

function lockChangeMock(holderId: number, holderName: string, delay = 0): MockLink.MockedResponse {
  return {
    request: { query: PageLockChangedDocument, variables: { pageId: 41 } },
    delay,
    result: {
      data: {
        pageLockChanged: {
          __typename: 'PageLockChange',
          pageId: 41,
          action: 'ACQUIRED',
          holderId,
          holderName,
          lockedUntil: '2999-01-01T00:00:00.000Z',
          at: '2025-01-01T00:00:00.000Z',
        },
      },
    },
  };
}

// After its first save a new page is locked for its author (and released when the editor goes).
const lockMocks: MockLink.MockedResponse[] = [acquireMock(), releaseMock(), lockChangeMock(7, 'alice')];

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
    // The attachments button counts the page's files: none here.
    link: new MockLink([...mocks, anyPageAttachmentsMock()], { defaultOptions: { delay: 0 } }),
  });
  return render(
    <AppProviders client={client} i18n={createI18n('en')} env="test">
      <MemoryRouter>
        <DialogHost>
          <PageEditorDialog itemId={3} pageId={pageId} opened onClose={onClose} onSaved={onSaved} />
        </DialogHost>
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('PageEditorDialog', () => {
  // Notifications live in one store for the whole file; at most five show at once.
  beforeEach(() => notifications.clean());

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

  it('asks before closing with unsaved text and before the tab unloads, keeping a draft', async () => {
    const onClose = jest.fn();
    renderEditor([catalogsMock, ...lockMocks], () => undefined, { onClose });
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    const content = await screen.findByLabelText('Page content (markdown)');
    expect(unload()).toBe(false);
    fireEvent.change(content, { target: { value: 'Words not saved yet' } });
    expect(unload()).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Keep editing' })).toBeNull());
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Close without saving' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(localStorage.getItem('quire.draft.3.new.0')).toContain('Words not saved yet');
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

  it("keeps drafts under the page's own id after its first save", async () => {
    const onSaved = jest.fn<(page: SavedPage) => void>();
    renderEditor(
      [
        catalogsMock,
        ...lockMocks,
        {
          request: {
            query: EditorSavePageDocument,
            variables: { input: { itemId: 3, catalogId: null, title: 'Intro', content: 'First words here' } },
          },
          result: { data: { savePage: savedPage('First words here') } },
        },
        {
          request: {
            query: EditorSavePageDocument,
            variables: {
              input: {
                id: 41,
                itemId: 3,
                catalogId: null,
                title: 'Intro',
                content: 'Second words, unsaved',
                baseVersion: 1,
              },
            },
          },
          error: new Error('offline'),
        },
      ],
      onSaved,
    );
    fireEvent.change(screen.getByLabelText('Page title'), { target: { value: 'Intro' } });
    const editor = await screen.findByLabelText('Page content (markdown)');
    fireEvent.change(editor, { target: { value: 'First words here' } });
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    fireEvent.change(editor, { target: { value: 'Second words, unsaved' } });
    fireEvent.keyDown(window, { key: 's', metaKey: true });
    await waitFor(() => expect(localStorage.getItem('quire.draft.3.41')).toContain('Second words, unsaved'));
    // The next "New page" must not be offered this page's text.
    expect(localStorage.getItem('quire.draft.3.new.0')).toBeNull();
  });

  it('turns editing and saving off when another user takes the lock, keeping the text', async () => {
    saveSession('token-1', buildMe({ id: 7, username: 'alice' }));
    const writeText = jest.fn((text: string) => Promise.resolve(void text));
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderEditor(
      [
        catalogsMock,
        {
          request: { query: EditorPageDocument, variables: { id: 41 } },
          result: { data: { page: savedPage('Old text') } },
        },
        acquireMock(),
        // Bob takes the lock a moment after the editor opened.
        lockChangeMock(8, 'bob', 300),
      ],
      () => undefined,
      { pageId: 41 },
    );
    const editor = await screen.findByLabelText('Page content (markdown)');
    fireEvent.change(editor, { target: { value: 'My words in progress' } });
    expect(await screen.findByText(/bob has taken over this page/)).toBeInTheDocument();
    expect(screen.getByLabelText('Page content (markdown)')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Page content (markdown)')).toHaveValue('My words in progress');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByTestId('editor-lock-state')).toHaveTextContent('Locked by bob');
    expect(localStorage.getItem('quire.draft.3.41')).toContain('My words in progress');
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    expect(
      await screen.findByText('bob holds the lock on this page: saving is turned off'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Copy my text' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('My words in progress'));
    expect(screen.getByRole('button', { name: 'Close the editor' })).toBeInTheDocument();
  });

  it('cancels the lock and locks editing again on request', async () => {
    let acquired = 0;
    let released = 0;
    renderEditor(
      [
        catalogsMock,
        {
          request: { query: EditorPageDocument, variables: { id: 41 } },
          result: { data: { page: savedPage('Old text') } },
        },
        acquireMock(() => (acquired += 1)),
        releaseMock(() => (released += 1)),
        acquireMock(() => (acquired += 1)),
        releaseMock(),
        lockChangeMock(7, 'alice'),
        lockChangeMock(7, 'alice'),
      ],
      () => undefined,
      { pageId: 41 },
    );
    const state = await screen.findByTestId('editor-lock-state');
    await waitFor(() => expect(state).toHaveTextContent('Locked by you'));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel lock' }));
    await waitFor(() => expect(released).toBe(1));
    expect(screen.getByTestId('editor-lock-state')).toHaveTextContent('Not locked');
    fireEvent.click(screen.getByRole('button', { name: 'Lock editing' }));
    await waitFor(() => expect(screen.getByTestId('editor-lock-state')).toHaveTextContent('Locked by you'));
    expect(acquired).toBe(2);
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it("sorts the catalog's pages from the insert menu", async () => {
    const menuPage = (id: number, title: string) => ({
      __typename: 'MenuPage',
      id,
      title,
      catalogId: null,
      sNumber: 99,
    });
    renderEditor(
      [
        catalogsMock,
        catalogManagerMock({ pages: [menuPage(1, 'Welcome'), menuPage(2, 'Setup')], catalogs: [] }),
      ],
      () => undefined,
    );
    await screen.findByLabelText('Page content (markdown)');
    fireEvent.click(screen.getByRole('button', { name: 'Insert' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sort pages' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sort pages' });
    expect(await within(dialog).findByText('Welcome')).toBeInTheDocument();
    expect(within(dialog).getByText('Setup')).toBeInTheDocument();
  });

  it('sets unsaved text aside before restoring a history version, and offers it back', async () => {
    renderEditor(
      [
        catalogsMock,
        ...lockMocks,
        {
          request: { query: EditorPageDocument, variables: { id: 41 } },
          result: { data: { page: { ...savedPage('Old text'), version: 2 } } },
        },
        {
          request: { query: PageHistoryDocument, variables: { pageId: 41 } },
          result: {
            data: {
              pageHistory: [
                {
                  __typename: 'PageVersion',
                  id: 5,
                  pageId: 41,
                  version: 1,
                  title: 'Intro',
                  content: 'First text',
                  comments: '',
                  authorName: 'alice',
                  savedAt: '2024-12-01T00:00:00.000Z',
                },
              ],
            },
          },
        },
        {
          request: {
            query: RestorePageVersionDocument,
            variables: { pageId: 41, versionId: 5, baseVersion: 2 },
          },
          result: { data: { restorePageVersion: { ...savedPage('First text'), version: 3 } } },
        },
      ],
      () => undefined,
      { pageId: 41 },
    );
    const editor = await screen.findByLabelText('Page content (markdown)');
    await waitFor(() => expect(editor).toHaveValue('Old text'));
    fireEvent.change(editor, { target: { value: 'My unsaved words' } });
    fireEvent.click(screen.getByRole('button', { name: 'History versions' }));
    const history = await screen.findByRole('dialog', { name: 'History versions' });
    fireEvent.click(await within(history).findByRole('button', { name: 'Restore' }));
    expect(await screen.findByText(/You have unsaved changes/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByLabelText('Page content (markdown)')).toHaveValue('First text'));
    expect(localStorage.getItem('quire.draft.3.41')).toContain('My unsaved words');
    const offer = await screen.findByRole('dialog', { name: 'Unsaved draft' });
    expect(within(offer).getByText(/The version is restored/)).toBeInTheDocument();
    fireEvent.click(within(offer).getByRole('button', { name: 'Restore the draft' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Page content (markdown)')).toHaveValue('My unsaved words'),
    );
  });
});
