import { describe, expect, it } from '@jest/globals';
import type { MockLink } from '@apollo/client/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import {
  MarkMessageReadDocument,
  MessageAnnouncementsDocument,
  MessageRemindersDocument,
} from '../../gql/graphql';
import { saveSession } from '../../session/session';
import { buildMe, meMock } from '../../test/mocks';
import { renderRoute } from '../../test/renderRoute';

function reminder(
  id: number,
  state: 'UNREAD' | 'READ',
  page: { id: number; itemId: number; title: string } | null,
) {
  return {
    __typename: 'Reminder' as const,
    id,
    contentId: 100 + id,
    fromName: 'alice',
    text: `Text ${id}`,
    action: 'update',
    state,
    createdAt: '2026-11-25T10:00:00.000Z',
    itemId: null,
    page: page ? { __typename: 'ReminderPage' as const, ...page } : null,
  };
}

function remindersMock(items: ReturnType<typeof reminder>[], total = items.length): MockLink.MockedResponse {
  return {
    request: { query: MessageRemindersDocument, variables: { page: 1, count: 5 } },
    result: { data: { reminders: { __typename: 'ReminderList', total, items } } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

const unreadFields = {
  __typename: 'UnreadMessages' as const,
  total: 0,
  reminders: 0,
  announcements: 0,
  unreadAnnouncement: null,
};

function markReadMock(contentId: number, asked: number[]): MockLink.MockedResponse {
  return {
    request: {
      query: MarkMessageReadDocument,
      variables: (vars: Record<string, unknown>) => {
        if (vars.contentId !== contentId) return false;
        asked.push(contentId);
        return true;
      },
    },
    result: { data: { markMessageRead: unreadFields } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

describe('MessageCenterPage', () => {
  it('lists reminders with their page link, and marks one read', async () => {
    const me = buildMe();
    saveSession('token', me);
    const asked: number[] = [];
    renderRoute('/message/index', {
      mocks: [
        meMock(me),
        remindersMock([
          reminder(1, 'UNREAD', { id: 7, itemId: 3, title: 'Setup guide' }),
          reminder(2, 'READ', null),
        ]),
        markReadMock(101, asked),
      ],
    });

    const cards = await screen.findAllByTestId('reminder');
    expect(cards).toHaveLength(2);
    expect(screen.getByText('alice updated "Setup guide"')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open the page' })).toHaveAttribute('href', '/3/7');
    expect(screen.getAllByText('Unread')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Mark read' }));
    await waitFor(() => expect(asked).toEqual([101]));
  });

  it('says so in Chinese when there is nothing', async () => {
    const me = buildMe();
    saveSession('token', me);
    renderRoute('/message/index', { mocks: [meMock(me), remindersMock([])], language: 'zh-CN' });
    expect(await screen.findByText('暂无消息。')).toBeVisible();
    expect(screen.getByRole('tab', { name: '系统提醒' })).toBeVisible();
  });

  it('shows announcements and marks the unread ones read when the tab opens', async () => {
    const me = buildMe();
    saveSession('token', me);
    const asked: number[] = [];
    renderRoute('/message/index?dtab=announcementList', {
      mocks: [
        meMock(me),
        {
          request: { query: MessageAnnouncementsDocument },
          result: {
            data: {
              announcements: [
                {
                  __typename: 'Announcement',
                  id: 9,
                  fromName: 'admin',
                  html: '<p>Maintenance <strong>tonight</strong></p>',
                  sendAt: '2026-11-25T10:00:00.000Z',
                  read: false,
                },
              ],
            },
          },
          maxUsageCount: Number.POSITIVE_INFINITY,
        },
        markReadMock(9, asked),
      ],
    });
    const card = await screen.findByTestId('announcement');
    expect(card).toHaveTextContent('Maintenance tonight');
    expect(card.querySelector('strong')?.textContent).toBe('tonight');
    await waitFor(() => expect(asked).toEqual([9]));
  });
});
