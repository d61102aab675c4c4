import { describe, expect, it } from '@jest/globals';
import { act, screen } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { SharedPageDocument } from '../../gql/graphql';
import { renderRoute } from '../../test/renderRoute';

describe('SharedPageView', () => {
  it('shows the shared page alone', async () => {
    // The markdown renderer is its own chunk: load it before rendering, so its first (slow) transform
    // does not race the assertions below.
    await import('../markdown/MarkdownView');
    renderRoute('/p/abc123', {
      mocks: [
        {
          request: { query: SharedPageDocument, variables: { key: 'abc123' } },
          result: {
            data: {
              sharedPage: {
                __typename: 'SharedPage',
                key: 'abc123',
                title: 'Release notes',
                content: '## Version 2\n\n*Faster* search.',
                authorName: 'alice',
                updatedAt: '2026-01-02T03:04:05.000Z',
                expiresAt: null,
                attachmentCount: 0,
              },
            },
          },
        },
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Release notes' })).toBeInTheDocument();
    // The page content sits behind a lazy boundary that suspended outside any act scope; React's retry
    // is only reliably flushed by an awaited act (without it the skeleton stayed up in about half the runs).
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(await screen.findByRole('heading', { name: 'Version 2' })).toBeInTheDocument();
    expect(screen.queryByTestId('catalog-tree')).toBeNull();
    expect(document.title).toBe('Release notes - Quire');
  });

  it('explains an expired or unknown link', async () => {
    renderRoute('/p/old', {
      mocks: [
        {
          request: { query: SharedPageDocument, variables: { key: 'old' } },
          result: {
            errors: [
              new GraphQLError('This share link has expired', { extensions: { code: 'SHARE_LINK_EXPIRED' } }),
            ],
          },
        },
      ],
    });
    expect(await screen.findByText('This share link has expired')).toBeInTheDocument();
    expect(screen.getByText('This link cannot be opened')).toBeInTheDocument();
  });
});
