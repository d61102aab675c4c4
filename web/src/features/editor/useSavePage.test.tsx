import { ApolloClient, InMemoryCache } from '@apollo/client';
import { MockLink } from '@apollo/client/testing';
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { notifications } from '@mantine/notifications';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AppProviders } from '../../app/AppProviders';
import { EditorPageDocument, EditorSavePageDocument } from '../../gql/graphql';
import { createI18n } from '../../i18n/i18n';
import { useSavePage, type SavedPage } from './useSavePage';

function page(version: number, content: string) {
  return {
    __typename: 'Page',
    id: 41,
    itemId: 3,
    title: 'Intro',
    content,
    catalogId: null,
    version,
    updatedAt: '2025-01-01T00:00:00.000Z',
    createdAt: '2025-01-01T00:00:00.000Z',
    authorName: 'alice',
    path: [],
  };
}

function renderSave(mocks: MockLink.MockedResponse[], currentId: number, content: string) {
  const client = new ApolloClient({
    cache: new InMemoryCache(),
    link: new MockLink(mocks, { defaultOptions: { delay: 0 } }),
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders client={client} i18n={createI18n('en')} env="test">
      {children}
    </AppProviders>
  );
  const calls = {
    created: jest.fn<(pageId: number) => void>(),
    saved: jest.fn<(page: SavedPage) => void>(),
    kept: jest.fn<(text: { title: string; content: string }) => void>(),
    cleared: jest.fn<() => void>(),
  };
  const hook = renderHook(
    () =>
      useSavePage({
        itemId: 3,
        currentId,
        onCreated: calls.created,
        catalog: null,
        latest: { current: { title: 'Intro', content } },
        lockLost: null,
        draft: { keep: calls.kept, clear: calls.cleared },
        releaseLock: () => Promise.resolve(),
        onEmptyTitle: () => undefined,
        onSaved: calls.saved,
        onClose: () => undefined,
      }),
    { wrapper },
  );
  return { ...hook, calls };
}

describe('useSavePage', () => {
  beforeEach(() => notifications.clean());

  it('creates a page on its first save, reports it and clears the draft', async () => {
    const content = 'First words';
    const { result, calls } = renderSave(
      [
        {
          request: {
            query: EditorSavePageDocument,
            variables: { input: { itemId: 3, catalogId: null, title: 'Intro', content } },
          },
          result: { data: { savePage: page(1, content) } },
        },
      ],
      0,
      content,
    );
    let saved = false;
    await act(async () => {
      saved = await result.current.save();
    });
    expect(saved).toBe(true);
    expect(calls.created).toHaveBeenCalledWith(41);
    expect(calls.saved).toHaveBeenCalledWith({ id: 41, itemId: 3, title: 'Intro', created: true });
    expect(calls.cleared).toHaveBeenCalled();
    expect(result.current.baseVersion).toBe(1);
    expect(result.current.savedText).toEqual({ title: 'Intro', content });
  });

  it("keeps the text as a draft and shows the server's version when someone saved in between", async () => {
    const mine = 'My edit';
    const { result, calls } = renderSave(
      [
        {
          request: {
            query: EditorSavePageDocument,
            variables: {
              input: { id: 41, itemId: 3, catalogId: null, title: 'Intro', content: mine, baseVersion: 1 },
            },
          },
          result: { errors: [{ message: 'Someone saved first', extensions: { code: 'VERSION_CONFLICT' } }] },
        },
        {
          request: { query: EditorPageDocument, variables: { id: 41 } },
          result: { data: { page: page(2, 'Their edit') } },
        },
      ],
      41,
      mine,
    );
    act(() => result.current.markSaved({ version: 1, title: 'Intro', content: 'Original' }));
    let saved = true;
    await act(async () => {
      saved = await result.current.save();
    });
    expect(saved).toBe(false);
    expect(calls.kept).toHaveBeenCalledWith({ title: 'Intro', content: mine });
    await waitFor(() => expect(result.current.conflict?.content).toBe('Their edit'));
    expect(calls.saved).not.toHaveBeenCalled();
  });
});
