import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { render } from '@testing-library/react';
import { ApolloClient, InMemoryCache } from '@apollo/client';
import { MockLink } from '@apollo/client/testing';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../../app/AppProviders';
import {
  FollowingPageDocument,
  FollowPageDocument,
  UnreadAnnouncementDocument,
  UnreadMessagesChangedDocument,
} from '../../gql/graphql';
import { createI18n } from '../../i18n/i18n';
import { MessagesBell } from '../shell/MessagesBell';
import { unreadMessagesMock } from '../../test/mocks';
import { FollowPageButton } from './FollowPageButton';

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

const announcement = {
  __typename: 'Announcement' as const,
  id: 12,
  fromName: 'admin',
  html: '<p>Welcome to <b>Quire</b></p>',
  sendAt: '2026-11-25T10:00:00.000Z',
  read: false,
};

describe('the live messages bell', () => {
  it('takes the count pushed over the subscription, and pops up a new announcement once', async () => {
    renderWith(<MessagesBell />, [
      unreadMessagesMock(0),
      {
        request: { query: UnreadMessagesChangedDocument },
        result: {
          data: {
            unreadMessagesChanged: {
              __typename: 'UnreadMessages',
              total: 4,
              reminders: 3,
              announcements: 1,
              unreadAnnouncement: announcement,
            },
          },
        },
      },
      {
        request: { query: UnreadAnnouncementDocument },
        result: {
          data: {
            unreadMessages: { __typename: 'UnreadMessages', total: 4, unreadAnnouncement: announcement },
          },
        },
      },
    ]);
    // No poll has answered yet (the first comes after 2 s): the count is the pushed one.
    expect(await screen.findByRole('link', { name: 'Messages: 4 unread' })).toBeVisible();
    expect(await screen.findByTestId('announcement-popup')).toHaveTextContent('Welcome to Quire');
  });
});

describe('FollowPageButton', () => {
  it('follows a page the reader is not following', async () => {
    let followed = false;
    renderWith(<FollowPageButton pageId={5} />, [
      {
        request: { query: FollowingPageDocument, variables: { pageId: 5 } },
        result: () => ({ data: { followingPage: followed } }),
        maxUsageCount: Number.POSITIVE_INFINITY,
      },
      {
        request: { query: FollowPageDocument, variables: { pageId: 5, follow: true } },
        result: () => {
          followed = true;
          return { data: { followPage: true } };
        },
      },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Follow updates' }));
    await waitFor(() => expect(followed).toBe(true));
    expect(await screen.findByRole('button', { name: 'Unfollow' })).toBeVisible();
  });
});
