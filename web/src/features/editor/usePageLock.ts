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

/** Where the editor's lock stands: not yet known, ours, given up by the user, or taken by someone else. */
export type PageLockStatus = 'idle' | 'held' | 'released' | 'lost';

type TakeMode = 'open' | 'renew' | 'manual';

/**
 * The page lock of the editor (spec §4): taken on opening an existing page, renewed every 20 minutes,
 * released on close and by a beacon on unload; lock changes arrive over the `pageLockChanged` subscription.
 * The editor's "lock editing" and "cancel lock" buttons call `lock` and `release`.
 */
export function usePageLock({ itemId, pageId, enabled, myUserId, onDenied, onLost }: PageLockOptions) {
  const [acquire] = useMutation(AcquirePageLockDocument);
  const [releaseMutation] = useMutation(ReleasePageLockDocument);
  const [status, setStatus] = useState<PageLockStatus>('idle');
  const heldRef = useRef(false);
  const callbacks = useRef({ onDenied, onLost });
  callbacks.current = { onDenied, onLost };
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Bumped whenever a running acquire or renewal stops mattering (unmount, a release, a manual lock).
  const generation = useRef(0);

  const stop = useCallback(() => {
    generation.current += 1;
    if (timer.current) clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  const take = useCallback(
    async (mode: TakeMode): Promise<boolean> => {
      const run = generation.current;
      const schedule = (delay: number) => {
        timer.current = setTimeout(() => void take('renew'), delay);
      };
      const refused = (holder: string | null) => {
        heldRef.current = false;
        setStatus('lost');
        // Only the first attempt closes the editor; later, the user's text stays (the editor turns read-only).
        if (mode === 'open') callbacks.current.onDenied(holder);
        else callbacks.current.onLost(holder ?? '');
        return false;
      };
      try {
        const result = await acquire({ variables: { pageId, renewEverySeconds: LOCK_RENEW_SECONDS } });
        if (run !== generation.current) return false;
        const state = result.data?.acquirePageLock;
        if (state && lockedByOther(state)) return refused(state.holderName ?? null);
        heldRef.current = true;
        setStatus('held');
        schedule(renewDelay(state?.lockedUntil ?? null));
        return true;
      } catch (error) {
        if (run !== generation.current) return false;
        const holder = lockHolder(error);
        if (holder !== undefined) return refused(holder);
        // A network hiccup: try again at the next interval rather than closing the editor.
        if (mode !== 'manual') schedule(renewDelay(null));
        else throw error;
        return false;
      }
    },
    [pageId, acquire],
  );

  useEffect(() => {
    if (!enabled || pageId <= 0) return;
    stop();
    void take('open');
    return stop;
  }, [enabled, pageId, take, stop]);

  /** "Lock editing": take the lock again (after a cancel, or once another holder has left). */
  const lock = useCallback(async (): Promise<boolean> => {
    if (pageId <= 0) return false;
    stop();
    return take('manual');
  }, [pageId, stop, take]);

  /** "Cancel lock", and on close: others may edit; no renewals until `lock` is called. */
  const release = useCallback(async () => {
    stop();
    if (!heldRef.current || pageId <= 0) return;
    heldRef.current = false;
    setStatus('released');
    try {
      await releaseMutation({ variables: { pageId } });
    } catch {
      // The lock runs out by itself.
    }
  }, [pageId, releaseMutation, stop]);

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
    skip: status !== 'held' || pageId <= 0,
    onData: ({ data }) => {
      const change = data.data?.pageLockChanged;
      if (!change || myUserId === null) return;
      if ((change.action === 'ACQUIRED' || change.action === 'RENEWED') && change.holderId !== myUserId) {
        stop();
        heldRef.current = false;
        setStatus('lost');
        callbacks.current.onLost(change.holderName);
      }
    },
  });

  return { status, held: status === 'held', lock, release };
}
