import { describe, expect, it } from '@jest/globals';
import type { MockLink } from '@apollo/client/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { PublicItemsDocument } from '../../gql/graphql';
import { buildMe, meMock, siteInfoMock } from '../../test/mocks';
import { saveSession } from '../../session/session';
import { renderRoute } from '../../test/renderRoute';

const SCREEN = { timeout: 5000 };

function itemsMock(
  search: string,
  inContent: boolean,
  items: Array<{ id: number; name: string; description: string; domain: string | null }>,
): MockLink.MockedResponse {
  return {
    request: { query: PublicItemsDocument, variables: { search, inContent, page: 1 } },
    result: {
      data: {
        publicItems: {
          __typename: 'PublicItemPage',
          total: items.length,
          items: items.map((i) => ({ __typename: 'Item', lastUpdateAt: '2026-11-20T00:00:00.000Z', ...i })),
        },
      },
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

describe('PublicSquarePage', () => {
  it('shows public items as cards opening in a new tab, and searches by content', async () => {
    renderRoute('/public-square', {
      mocks: [
        itemsMock('', false, [
          { id: 5, name: 'Open API', description: '', domain: 'openapi' },
          { id: 6, name: 'Guide', description: 'How to', domain: null },
        ]),
        itemsMock('zebra', true, [{ id: 6, name: 'Guide', description: 'How to', domain: null }]),
      ],
    });
    const card = await screen.findByRole('link', { name: /Open API/ }, SCREEN);
    expect(card).toHaveAttribute('href', '/openapi');
    expect(card).toHaveAttribute('target', '_blank');
    expect(card).toHaveTextContent('No description');
    expect(screen.getByRole('link', { name: /Guide/ })).toHaveAttribute('href', '/6');

    await userEvent.click(screen.getByText('Content'));
    await userEvent.type(screen.getByRole('textbox', { name: 'Search public items' }), 'zebra{Enter}');
    await waitFor(() => expect(screen.queryByRole('link', { name: /Open API/ })).toBeNull());
    expect(screen.getByRole('link', { name: /Guide/ })).toBeInTheDocument();
  });

  it('goes to the item list when the square is disabled', async () => {
    const me = buildMe();
    saveSession('token', me);
    const { location } = renderRoute('/public-square/index', {
      mocks: [
        meMock(me),
        siteInfoMock(),
        {
          request: { query: PublicItemsDocument, variables: { search: '', inContent: false, page: 1 } },
          result: {
            errors: [
              new GraphQLError('The public square is not enabled', {
                extensions: { code: 'PUBLIC_SQUARE_DISABLED' },
              }),
            ],
          },
        },
      ],
    });
    await waitFor(() => expect(location().pathname).toBe('/item/index'), SCREEN);
  });
});
