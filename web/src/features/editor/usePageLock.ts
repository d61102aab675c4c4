import { useMutation, useSubscription } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useCallback, useEffect, useRef, useState } from 'react';
import { AcquirePageLockDocument, PageLockChangedDocument, ReleasePageLockDocument } from '../../gql/graphql';
import { getToken } from '../../session/session';
import { LOCK_RENEW_SECONDS, lockedByOther, releaseBeaconBody, renewDelay } from './rules';

interface PageLockOptions {
  itemId: number;
  /** 0 (a new page): nothing to lock. */
  pageId: number;
  enabled: boolean;
  myUserId: number | null;
  /** Someone else edits the page: the editor tells the user and closes. */
  onDenied(holderName: string | null): void;
  /** Someone else took the lock while we edited (ours had run out). */
  onLost(holderName: string): void;
}

function lockHolder(error: unknown): string | null | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  const locked = error.errors.find((e) => e.extensions?.code === 'PAGE_LOCKED');
  if (!locked) return undefined;
  const name = locked.extensions?.holderName;
  return typeof name === 'string' ? name : null;
}

/**
 * The page lock of the editor (spec §4): taken on opening an existing page, renewed every 20 minutes,
 * released on close and by a beacon on unload; lock changes arrive over the `pageLockChanged` subscription.
 */
export function usePageLock({ itemId, pageId, enabled, myUserId, onDenied, onLost }: PageLockOptions) {
  const [acquire] = useMutation(AcquirePageLockDocument);
  const [releaseMutation] = useMutation(ReleasePageLockDocument);
  const [held, setHeld] = useState(false);
  const heldRef = useRef(false);
  const callbacks = useRef({ onDenied, onLost });
  callbacks.current = { onDenied, onLost };

  useEffect(() => {
    if (!enabled || pageId <= 0) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const take = async (first: boolean) => {
      try {
        const result = await acquire({ variables: { pageId, renewEverySeconds: LOCK_RENEW_SECONDS } });
        if (cancelled) return;
        const state = result.data?.acquirePageLock;
        if (state && lockedByOther(state)) {
          callbacks.current.onDenied(state.holderName ?? null);
          return;
        }
        heldRef.current = true;
        setHeld(true);
        timer = setTimeout(() => void take(false), renewDelay(state?.lockedUntil ?? null));
      } catch (error) {
        if (cancelled) return;
        const holder = lockHolder(error);
        if (holder !== undefined) {
          heldRef.current = false;
          setHeld(false);
          if (first) callbacks.current.onDenied(holder);
          else callbacks.current.onLost(holder ?? '');
          return;
        }
        // A network hiccup: try again at the next interval rather than closing the editor.
        timer = setTimeout(() => void take(false), renewDelay(null));
      }
    };
    void take(true);
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [enabled, pageId, acquire]);

  const release = useCallback(async () => {
    if (!heldRef.current || pageId <= 0) return;
    heldRef.current = false;
    setHeld(false);
    try {
      await releaseMutation({ variables: { pageId } });
    } catch {
      // The lock runs out by itself.
    }
  }, [pageId, releaseMutation]);

  // Closing the tab: a beacon survives the unload where a fetch would be cancelled.
  useEffect(() => {
    if (!enabled || pageId <= 0) return;
    const onUnload = () => {
      const token = getToken();
      if (!heldRef.current || !token || typeof navigator.sendBeacon !== 'function') return;
      navigator.sendBeacon('/api/page/setLock', releaseBeaconBody(pageId, itemId, token));
    };
    window.addEventListener('pagehide', onUnload);
    return () => {
      window.removeEventListener('pagehide', onUnload);
      void release();
    };
  }, [enabled, pageId, itemId, release]);

  useSubscription(PageLockChangedDocument, {
    variables: { pageId },
    skip: !held || pageId <= 0,
    onData: ({ data }) => {
      const change = data.data?.pageLockChanged;
      if (!change || myUserId === null) return;
      if ((change.action === 'ACQUIRED' || change.action === 'RENEWED') && change.holderId !== myUserId) {
        heldRef.current = false;
        setHeld(false);
        callbacks.current.onLost(change.holderName);
      }
    },
  });

  return { held, release };
}
