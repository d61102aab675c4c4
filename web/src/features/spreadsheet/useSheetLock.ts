import { useMutation, useSubscription } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { AcquirePageLockDocument, PageLockChangedDocument, ReleasePageLockDocument } from '../../gql/graphql';
import { getToken } from '../../session/session';
import { lockedByOther, releaseBeaconBody } from '../editor/rules';
import {
  SHEET_LOCK_RENEW_SECONDS,
  SheetLockKeeper,
  type LockAnswer,
  type SheetLockStatus,
} from './sheetLock';

interface SheetLockOptions {
  itemId: number;
  pageId: number;
  /** The viewer may edit: only then is the lock taken. */
  enabled: boolean;
  myUserId: number | null;
  /** The grid's element: keys and clicks inside it count as activity. */
  activityTarget: RefObject<HTMLElement | null>;
}

function refusedHolder(error: unknown): string | null | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  const locked = error.errors.find((e) => e.extensions?.code === 'PAGE_LOCKED');
  if (!locked) return undefined;
  const name = locked.extensions?.holderName;
  return typeof name === 'string' ? name : null;
}

/**
 * The spreadsheet screen's edit lock (sheetLock.ts has the rules): taken on opening for editors, renewed
 * while the user works in the grid, left to run out when the grid sits idle, released on leave and by a
 * beacon on unload. `holder` names whoever keeps us out.
 */
export function useSheetLock({ itemId, pageId, enabled, myUserId, activityTarget }: SheetLockOptions) {
  const [acquire] = useMutation(AcquirePageLockDocument);
  const [release] = useMutation(ReleasePageLockDocument);
  const [status, setStatus] = useState<SheetLockStatus>('idle');
  const [holder, setHolder] = useState<string | null>(null);
  const keeper = useRef<SheetLockKeeper | null>(null);

  useEffect(() => {
    if (!enabled || pageId <= 0) return;
    const lock = new SheetLockKeeper({
      acquire: async (): Promise<LockAnswer> => {
        try {
          const result = await acquire({
            variables: { pageId, renewEverySeconds: SHEET_LOCK_RENEW_SECONDS },
          });
          const state = result.data?.acquirePageLock;
          if (state && lockedByOther(state)) return { kind: 'refused', holder: state.holderName ?? null };
          return { kind: 'held', lockedUntil: state?.lockedUntil ?? null };
        } catch (error) {
          const name = refusedHolder(error);
          return name === undefined ? { kind: 'failed' } : { kind: 'refused', holder: name };
        }
      },
      onChange: (next, name) => {
        setStatus(next);
        setHolder(next === 'lost' ? name : null);
      },
    });
    keeper.current = lock;
    lock.start();

    const onActivity = () => lock.activity();
    const target = activityTarget.current;
    target?.addEventListener('keydown', onActivity, true);
    target?.addEventListener('pointerdown', onActivity, true);
    const onVisible = () => {
      if (document.visibilityState === 'visible') lock.activity();
    };
    document.addEventListener('visibilitychange', onVisible);
    // Closing the tab: a beacon survives the unload where a fetch would be cancelled.
    const onUnload = () => {
      const token = getToken();
      if (lock.current !== 'held' || !token || typeof navigator.sendBeacon !== 'function') return;
      navigator.sendBeacon('/api/page/setLock', releaseBeaconBody(pageId, itemId, token));
    };
    window.addEventListener('pagehide', onUnload);
    return () => {
      const held = lock.current === 'held';
      lock.stop();
      keeper.current = null;
      target?.removeEventListener('keydown', onActivity, true);
      target?.removeEventListener('pointerdown', onActivity, true);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('pagehide', onUnload);
      setStatus('idle');
      // Leaving the screen: others may edit at once (the lock would run out by itself otherwise).
      if (held) void release({ variables: { pageId } }).catch(() => undefined);
    };
  }, [enabled, pageId, itemId, acquire, release, activityTarget]);

  useSubscription(PageLockChangedDocument, {
    variables: { pageId },
    skip: !enabled || pageId <= 0 || myUserId === null,
    onError: () => undefined,
    onData: ({ data }) => {
      const change = data.data?.pageLockChanged;
      const lock = keeper.current;
      if (!change || !lock || change.holderId === myUserId) return;
      if (change.action === 'ACQUIRED' || change.action === 'RENEWED') lock.takenBy(change.holderName);
      else lock.othersLeft();
    },
  });

  /** Grid activity that does not come through its element's events (a change made by code). */
  const touch = () => keeper.current?.activity();

  return { status, held: status === 'held', holder, touch };
}
