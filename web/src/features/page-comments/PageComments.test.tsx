import { describe, expect, it } from '@jest/globals';
import { ApolloClient, InMemoryCache } from '@apollo/client';
import { MockLink } from '@apollo/client/testing';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../../app/AppProviders';
import { AddPageCommentDocument, PageCommentsDocument } from '../../gql/graphql';
import { createI18n } from '../../i18n/i18n';
import { COMMENT_MAX, PageComments } from './PageComments';

function renderWith(ui: React.ReactNode, mocks: ReadonlyArray<MockLink.MockedResponse>) {
  const client = new ApolloClient({
    cache: new InMemoryCache(),
    link: new MockLink(mocks, { defaultOptions: { delay: 0 } }),
  });
  return render(
    <AppProviders client={client} i18n={createI18n('en')} env="test">
      <MemoryRouter>{ui}</MemoryRouter>
    </AppProviders>,
  );
}

const comment = (id: number, content: string, extra: Partial<Record<string, unknown>> = {}) => ({
  __typename: 'PageComment' as const,
  id,
  parentId: 0,
  userId: 3,
  username: 'ann',
  content,
  createdAt: '2026-11-25T10:00:00.000Z',
  mine: false,
  canDelete: false,
  ...extra,
});

const listMock = (enabled: boolean, comments: unknown[]) => ({
  request: { query: PageCommentsDocument, variables: { pageId: 7, page: 1, count: 20 } },
  result: {
    data: {
      pageComments: {
        __typename: 'PageCommentList' as const,
        total: comments.length,
        page: 1,
        count: 20,
        enabled,
        canComment: enabled,
        comments,
      },
    },
  },
});

describe('page comments', () => {
  it('shows threads with their replies, rendered as sanitised markdown', async () => {
    renderWith(<PageComments pageId={7} signedIn={false} />, [
      listMock(true, [
        {
          ...comment(1, 'Hello **world** <img src=x onerror="alert(1)">'),
          replies: [comment(2, 'A reply', { parentId: 1, username: 'bob', canDelete: true })],
        },
      ]),
    ]);
    expect(await screen.findByText('Comments (1)')).toBeTruthy();
    const bold = await screen.findByText('world');
    expect(bold.tagName).toBe('STRONG');
    expect(document.querySelector('[onerror]')).toBeNull();
    expect(await screen.findByText('A reply')).toBeTruthy();
    expect(screen.getAllByTestId('page-comment')).toHaveLength(2);
    // Only the reply may be deleted by this viewer.
    expect(screen.getAllByTestId('comment-delete')).toHaveLength(1);
  });

  it('shows nothing where the item does not allow comments', async () => {
    const { container } = renderWith(<PageComments pageId={7} signedIn />, [listMock(false, [])]);
    await waitFor(() => expect(container.querySelector('[data-testid="page-comments"]')).toBeNull());
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector('[data-testid="page-comments"]')).toBeNull();
  });

  it('posts a comment and refuses one over the limit before sending it', async () => {
    renderWith(<PageComments pageId={7} signedIn />, [
      listMock(true, []),
      {
        request: {
          query: AddPageCommentDocument,
          variables: { pageId: 7, content: 'Nice page', parentId: null },
        },
        result: { data: { addPageComment: { __typename: 'PageComment', id: 9 } } },
      },
      listMock(true, [comment(9, 'Nice page', { mine: true, canDelete: true })]),
    ]);
    const input = (await screen.findByTestId('comment-input')) as HTMLTextAreaElement;
    fireEvent.change(input, { target: { value: 'x'.repeat(COMMENT_MAX + 1) } });
    expect((screen.getByTestId('comment-submit') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(`At most ${COMMENT_MAX} characters`)).toBeTruthy();
    fireEvent.change(input, { target: { value: 'Nice page' } });
    fireEvent.click(screen.getByTestId('comment-submit'));
    expect(await screen.findByText('Nice page', { selector: 'p' })).toBeTruthy();
    await waitFor(() => expect(input.value).toBe(''));
  });
});
