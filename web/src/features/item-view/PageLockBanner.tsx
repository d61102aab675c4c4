import { useQuery, useSubscription } from '@apollo/client/react';
import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemViewPageLockDocument, PageLockChangedDocument } from '../../gql/graphql';

interface Holder {
  id: number | null;
  name: string | null;
}

/**
 * "Someone is editing this page" (spec §4): the page's lock when the page opens, then its changes as they
 * happen. Nothing shows while the viewer holds the lock or nobody does. Key it by page id.
 */
export function PageLockBanner({ pageId, myUserId }: { pageId: number; myUserId: number | null }) {
  const { t } = useTranslation();
  const lock = useQuery(ItemViewPageLockDocument, { variables: { pageId }, fetchPolicy: 'network-only' });
  // undefined: no change heard yet, the query's answer stands; null: the lock is gone.
  const [changed, setChanged] = useState<Holder | null | undefined>(undefined);

  useSubscription(PageLockChangedDocument, {
    variables: { pageId },
    onData: ({ data }) => {
      const change = data.data?.pageLockChanged;
      if (!change || change.pageId !== pageId) return;
      const held = change.action === 'ACQUIRED' || change.action === 'RENEWED';
      setChanged(held ? { id: change.holderId, name: change.holderName } : null);
    },
  });

  const state = lock.data?.pageLock;
  const queried: Holder | null =
    state?.locked && !state.mine ? { id: state.holderId ?? null, name: state.holderName ?? null } : null;
  const holder = changed !== undefined ? changed : queried;
  if (!holder || (myUserId !== null && holder.id === myUserId)) return null;

  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconLock size={18} />}
      mb="md"
      role="status"
      data-testid="page-lock-banner"
    >
      {t('itemView.lockedBy', { name: holder.name || t('itemView.lockUnknownUser') })}
    </Alert>
  );
}
