import { useQuery, useSubscription } from '@apollo/client/react';
import { useWindowEvent } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { HeaderUnreadMessagesDocument, UnreadMessagesChangedDocument } from '../../gql/graphql';

/** Spec §9: unread counts are polled every 5 minutes, the first time 2 seconds after the screen opens. */
export const UNREAD_POLL_MS = 300_000;
export const UNREAD_FIRST_DELAY_MS = 2_000;
/** Coming back to the tab asks again, at most this often. */
const FOCUS_REFRESH_MS = 60_000;

/**
 * How many messages the signed-in user has not read, for the header's "New" badge (0 until known).
 * Cheap on purpose: one small query, not while the tab is hidden, and after the screen's own queries;
 * between polls the server pushes every change over graphql-ws.
 */
export function useUnreadMessageCount(firstDelayMs: number = UNREAD_FIRST_DELAY_MS): number {
  const [started, setStarted] = useState(firstDelayMs <= 0);
  const lastAsked = useRef(0);
  useEffect(() => {
    if (started) return;
    const timer = setTimeout(() => setStarted(true), firstDelayMs);
    return () => clearTimeout(timer);
  }, [started, firstDelayMs]);

  const { data, refetch } = useQuery(HeaderUnreadMessagesDocument, {
    skip: !started,
    pollInterval: UNREAD_POLL_MS,
    skipPollAttempt: () => document.hidden,
    fetchPolicy: 'network-only',
    errorPolicy: 'ignore',
  });
  // Live (graphql-ws): the count pushed when a message arrives or is read elsewhere; a newer poll wins.
  const [live, setLive] = useState<number | null>(null);
  useSubscription(UnreadMessagesChangedDocument, {
    onData: ({ data: pushed }) => {
      const total = pushed.data?.unreadMessagesChanged.total;
      if (total !== undefined) setLive(total);
    },
  });
  useEffect(() => {
    if (!data) return;
    lastAsked.current = Date.now();
    setLive(null);
  }, [data]);

  useWindowEvent('focus', () => {
    if (!started || Date.now() - lastAsked.current < FOCUS_REFRESH_MS) return;
    lastAsked.current = Date.now();
    void refetch().catch(() => undefined);
  });

  return live ?? data?.unreadMessages.total ?? 0;
}
