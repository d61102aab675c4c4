import type { ReactNode } from 'react';
import { MembersDialog } from '../members/MembersDialog';
import { ApiKeyDialog } from './dialogs/ApiKeyDialog';
import { ChangeLogDialog } from './dialogs/ChangeLogDialog';
import { CopyItemDialog } from './dialogs/CopyItemDialog';
import { ImportDialog } from './dialogs/ImportDialog';
import { ArchiveItemDialog, DeleteItemDialog, TransferItemDialog } from './dialogs/GuardedActionDialogs';
import { ItemInfoDialog } from './dialogs/ItemInfoForm';
import { LeaveItemDialog } from './dialogs/LeaveItemDialog';
import { RecycleBinDialog } from './dialogs/RecycleBinDialog';
import { ShareDialog } from './dialogs/ShareDialog';
import type { OpenDialog } from './ItemActions';

/**
 * The item dialogs, in their own chunk: useItemDialogs (ItemActions.tsx) loads this module when a dialog
 * is first opened, so the item list's first load does without them (scripts/bundle-report.mjs).
 */
export function renderItemDialog(current: OpenDialog, close: () => void, gone: () => void): ReactNode {
  const { kind, item, page } = current;
  switch (kind) {
    case 'share':
      return <ShareDialog item={item} page={page} canSharePage={!!page?.shareable} onClose={close} />;
    case 'info':
      return <ItemInfoDialog opened itemId={item.id} onClose={close} />;
    case 'members':
      return <MembersDialog itemId={item.id} itemName={item.name} onClose={close} />;
    case 'apiKey':
      return <ApiKeyDialog opened itemId={item.id} onClose={close} />;
    case 'recycle':
      return <RecycleBinDialog itemId={item.id} onClose={close} />;
    case 'copy':
      return <CopyItemDialog item={item} onClose={close} />;
    case 'archive':
      return <ArchiveItemDialog item={item} onClose={close} />;
    case 'transfer':
      return <TransferItemDialog item={item} onClose={close} onDone={gone} />;
    case 'delete':
      return <DeleteItemDialog item={item} onClose={close} onDone={gone} />;
    case 'changeLog':
      return <ChangeLogDialog item={item} onClose={close} />;
    case 'import':
      return <ImportDialog itemName={item.name} onClose={close} />;
    case 'leave':
      return <LeaveItemDialog item={item} onClose={close} onDone={gone} />;
  }
}
