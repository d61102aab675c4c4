import { describe, expect, it } from '@jest/globals';
import type { MockLink } from '@apollo/client/testing';
import { screen, waitFor } from '@testing-library/react';
import { HeaderUnreadMessagesDocument } from '../../gql/graphql';
import { saveSession } from '../../session/session';
import { buildMe, meMock } from '../../test/mocks';
import { renderRoute } from '../../test/renderRoute';

/** The badge's query, counting how often the header asked. */
function unreadMock(total: number, asked: { count: number }): MockLink.MockedResponse {
  return {
    request: {
      query: HeaderUnreadMessagesDocument,
      variables: () => {
        asked.count += 1;
        return true;
      },
    },
    result: { data: { unreadMessages: { __typename: 'UnreadMessages', total } } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

describe('HeaderBar unread messages', () => {
  it('shows the "New" badge on the messages icon once unread messages are counted', async () => {
    const me = buildMe();
    saveSession('token', me);
    const asked = { count: 0 };
    renderRoute('/message/index', { mocks: [meMock(me), unreadMock(3, asked)] });

    const plain = await screen.findByRole('link', { name: 'Messages' });
    expect(plain).toHaveAttribute('href', '/message/index');
    expect(screen.queryByText('New')).toBeNull();
    // Spec §9: the first count comes 2 s after the screen opens, not with its own queries.
    expect(asked.count).toBe(0);

    const badged = await screen.findByRole('link', { name: 'Messages: 3 unread' }, { timeout: 4000 });
    expect(badged).toHaveAttribute('href', '/message/index');
    expect(screen.getByText('New')).toBeVisible();
    expect(asked.count).toBe(1);
  });

  it('shows no badge when everything is read', async () => {
    const me = buildMe();
    saveSession('token', me);
    const asked = { count: 0 };
    renderRoute('/message/index', { mocks: [meMock(me), unreadMock(0, asked)] });

    await waitFor(() => expect(asked.count).toBe(1), { timeout: 4000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('link', { name: 'Messages' })).toBeInTheDocument();
    expect(screen.queryByText('New')).toBeNull();
  });
});
