import type { ComponentType } from 'react';
import type { ItemSummaryFragment } from '../../gql/graphql';

/** A copied or saved page: where the opener goes next. */
interface PageAddress {
  id: number;
  itemId: number;
}

/**
 * Every dialog the app opens, by kind, with the props its opener passes (the host adds `onClose`). A kind
 * named here and missing from `dialogLoaders` (or loading a component with other props) does not compile.
 */
export interface DialogPropsMap {
  'share-item': {
    item: ItemSummaryFragment;
    page?: { id: number; title: string } | null;
    canSharePage?: boolean;
  };
  'item-info': { itemId: number };
  'item-members': { itemId: number; itemName: string };
  'item-api-key': { itemId: number };
  'recycle-bin': { itemId: number; onRecovered?(): void };
  'item-change-log': { item: ItemSummaryFragment };
  'copy-item': { item: ItemSummaryFragment };
  'archive-item': { item: ItemSummaryFragment };
  'transfer-item': { item: ItemSummaryFragment; onDone?(): void };
  'delete-item': { item: ItemSummaryFragment; onDone?(): void };
  'import-item': { itemId?: number; itemName: string };
  'leave-item': { item: ItemSummaryFragment; onDone?(): void };
  'edit-page': {
    itemId: number;
    /** 0 for a new page. */
    pageId: number;
    catalogId?: number | null;
    onSaved?(page: PageAddress & { created: boolean }): void;
  };
  'copy-page': { itemId: number; pageId: number; onCopied(page: PageAddress): void };
  'new-catalog': { itemId: number; parentId: number | null; onDone(): void };
  'page-history': { pageId: number; canRestore: boolean; onRestored?(): void };
  'sort-pages': { itemId: number; catalogId: number | null; title?: string; onDone(): void };
  'copy-catalog': { itemId: number; row: { id: number; label: string }; onDone(): void };
  'page-info': { pageId: number };
  'delete-page': { pageId: number; onDeleted(): void };
  'page-attachments': {
    pageId: number;
    itemId: number;
    manage: boolean;
    onInsert?(markdown: string): void;
    onChanged?(): void;
  };
  'bind-attachment': { file: { id: number; name: string }; onBound?(): void };
  'api-console': { itemId: number; markdown: string; title?: string };
}

export type DialogKind = keyof DialogPropsMap;

export type DialogComponent<K extends DialogKind> = ComponentType<DialogPropsMap[K] & { onClose(): void }>;

/** A dialog's component, fetched once; `loaded` once it is here (a second opening shows at once). */
export interface LazyDialog<C> {
  loaded: C | null;
  load(): Promise<C>;
}

function lazyDialog<C>(load: () => Promise<C>): LazyDialog<C> {
  const entry: LazyDialog<C> = {
    loaded: null,
    load: () =>
      load().then((component) => {
        entry.loaded = component;
        return component;
      }),
  };
  return entry;
}

/**
 * Each dialog's code in its own chunk, fetched when it is first opened: no screen's first load carries
 * dialogs it may never show (scripts/bundle-report.mjs).
 */
export const dialogLoaders: { [K in DialogKind]: LazyDialog<DialogComponent<K>> } = {
  'share-item': lazyDialog(() =>
    import('../../features/items/dialogs/ShareDialog').then((m) => m.ShareDialog),
  ),
  'item-info': lazyDialog(() =>
    import('../../features/items/dialogs/ItemInfoForm').then((m) => m.ItemInfoDialog),
  ),
  'item-members': lazyDialog(() =>
    import('../../features/members/MembersDialog').then((m) => m.MembersDialog),
  ),
  'item-api-key': lazyDialog(() =>
    import('../../features/items/dialogs/ApiKeyDialog').then((m) => m.ApiKeyDialog),
  ),
  'recycle-bin': lazyDialog(() =>
    import('../../features/items/dialogs/RecycleBinDialog').then((m) => m.RecycleBinDialog),
  ),
  'item-change-log': lazyDialog(() =>
    import('../../features/items/dialogs/ChangeLogDialog').then((m) => m.ChangeLogDialog),
  ),
  'copy-item': lazyDialog(() =>
    import('../../features/items/dialogs/CopyItemDialog').then((m) => m.CopyItemDialog),
  ),
  'archive-item': lazyDialog(() =>
    import('../../features/items/dialogs/GuardedActionDialogs').then((m) => m.ArchiveItemDialog),
  ),
  'transfer-item': lazyDialog(() =>
    import('../../features/items/dialogs/GuardedActionDialogs').then((m) => m.TransferItemDialog),
  ),
  'delete-item': lazyDialog(() =>
    import('../../features/items/dialogs/GuardedActionDialogs').then((m) => m.DeleteItemDialog),
  ),
  'import-item': lazyDialog(() =>
    import('../../features/items/dialogs/ImportDialog').then((m) => m.ImportDialog),
  ),
  'leave-item': lazyDialog(() =>
    import('../../features/items/dialogs/LeaveItemDialog').then((m) => m.LeaveItemDialog),
  ),
  'edit-page': lazyDialog(() =>
    import('../../features/editor/PageEditorDialog').then((m) => m.PageEditorDialog),
  ),
  'copy-page': lazyDialog(() => import('../../features/editor/CopyPageDialog').then((m) => m.CopyPageDialog)),
  'new-catalog': lazyDialog(() =>
    import('../../features/editor/NewCatalogDialog').then((m) => m.NewCatalogDialog),
  ),
  'page-history': lazyDialog(() =>
    import('../../features/editor/HistoryDialog').then((m) => m.HistoryDialog),
  ),
  'sort-pages': lazyDialog(() =>
    import('../../features/editor/SortPagesDialog').then((m) => m.SortPagesDialog),
  ),
  'copy-catalog': lazyDialog(() =>
    import('../../features/catalog-manager/CopyCatalogDialog').then((m) => m.CopyCatalogDialog),
  ),
  'page-info': lazyDialog(() => import('../../features/editor/PageInfoDialog').then((m) => m.PageInfoDialog)),
  'delete-page': lazyDialog(() =>
    import('../../features/editor/DeletePageDialog').then((m) => m.DeletePageDialog),
  ),
  'page-attachments': lazyDialog(() =>
    import('../../features/attachments/AttachmentsDialog').then((m) => m.AttachmentsDialog),
  ),
  'bind-attachment': lazyDialog(() =>
    import('../../features/attachments/BindAttachmentDialog').then((m) => m.BindAttachmentDialog),
  ),
  'api-console': lazyDialog(() =>
    import('../../features/api-console/ApiConsoleDialog').then((m) => m.ApiConsoleDialog),
  ),
};
