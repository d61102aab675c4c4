import { useApolloClient, useMutation } from '@apollo/client/react';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCode, errorMessage } from '../../app/errors';
import { EditorPageDocument, EditorSavePageDocument, type EditorPageFieldsFragment } from '../../gql/graphql';
import { SAVING_RESET_MS } from './rules';
import type { DraftText } from './usePageDraft';

export interface SavedPage {
  id: number;
  itemId: number;
  title: string;
  /** The page did not exist before this save. */
  created: boolean;
}

export interface SaveOptions {
  /** Save over this newer version (the conflict's "keep mine"). */
  force?: EditorPageFieldsFragment;
  closeAfter?: boolean;
  /** Save and notify: the text the page's subscribers receive. */
  notifyText?: string;
}

interface SavePageOptions {
  itemId: number;
  /** The page edited (0: not saved yet); `onCreated` moves it to the new page's id. */
  currentId: number;
  onCreated(pageId: number): void;
  catalog: number | null;
  /** The editor's text at this moment (saves started by a shortcut read it too). */
  latest: { readonly current: DraftText };
  /** Who took the lock from us: saving is off until we hold it again. */
  lockLost: string | null;
  draft: { keep(text: DraftText): unknown; clear(): void };
  releaseLock(): Promise<unknown>;
  onEmptyTitle(): void;
  onSaved?(page: SavedPage): void;
  onClose(): void;
}

/**
 * Saving a page (spec §4): the version the editor started from goes with the save, so a newer save by
 * someone else comes back as a conflict showing both texts; the text is kept as a draft whenever a save
 * fails.
 */
export function useSavePage({
  itemId,
  currentId,
  onCreated,
  catalog,
  latest,
  lockLost,
  draft,
  releaseLock,
  onEmptyTitle,
  onSaved,
  onClose,
}: SavePageOptions) {
  const { t } = useTranslation('editor');
  const client = useApolloClient();
  const [savePage] = useMutation(EditorSavePageDocument);
  const [baseVersion, setBaseVersion] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  /** The text as last loaded or saved, to tell unsaved changes. */
  const [savedText, setSavedText] = useState<DraftText>({ title: '', content: '' });
  const [conflict, setConflict] = useState<EditorPageFieldsFragment | null>(null);
  const { keep: keepDraft, clear: clearDraft } = draft;

  /** The page's text as the server has it now (loaded, restored from history, or the conflict's). */
  const markSaved = useCallback((page: { version: number; title: string; content: string }) => {
    setBaseVersion(page.version);
    setSavedText({ title: page.title, content: page.content });
    setConflict(null);
  }, []);

  // What a save that met a conflict asked for, so "keep mine" repeats it (with its notification).
  const conflictedSave = useRef<SaveOptions>({});

  const save = useCallback(
    async (options: SaveOptions = {}): Promise<boolean> => {
      const { title: pageTitle, content: pageContent } = latest.current;
      if (lockLost) {
        notifications.show({ color: 'orange', message: t('lock.saveOff', { name: lockLost }) });
        return false;
      }
      if (!pageTitle.trim()) {
        notifications.show({ color: 'red', message: t('dialog.emptyTitle') });
        onEmptyTitle();
        return false;
      }
      setSaving(true);
      const resetTimer = setTimeout(() => setSaving(false), SAVING_RESET_MS);
      try {
        const version = options.force ? options.force.version : baseVersion;
        const result = await savePage({
          variables: {
            input: {
              ...(currentId > 0 ? { id: currentId } : {}),
              itemId,
              catalogId: catalog,
              title: pageTitle.trim(),
              content: pageContent,
              ...(currentId > 0 && version !== null ? { baseVersion: version } : {}),
              ...(options.notifyText !== undefined ? { notifyText: options.notifyText } : {}),
            },
          },
        });
        const page = result.data?.savePage;
        if (!page) return false;
        const created = currentId <= 0;
        if (created) onCreated(page.id);
        setBaseVersion(page.version);
        setSavedText({ title: pageTitle, content: pageContent });
        setConflict(null);
        clearDraft();
        notifications.show({ color: 'green', message: t('dialog.saved') });
        onSaved?.({ id: page.id, itemId: page.itemId, title: page.title, created });
        if (options.closeAfter) {
          await releaseLock();
          onClose();
        }
        return true;
      } catch (failure) {
        if (errorCode(failure) === 'VERSION_CONFLICT' && currentId > 0) {
          conflictedSave.current = { notifyText: options.notifyText, closeAfter: options.closeAfter };
          // Keep the text safe first, then show both versions.
          keepDraft({ title: pageTitle, content: pageContent });
          try {
            const fresh = await client.query({
              query: EditorPageDocument,
              variables: { id: currentId },
              fetchPolicy: 'network-only',
            });
            if (fresh.data) setConflict(fresh.data.page);
          } catch {
            notifications.show({ color: 'red', message: t('dialog.saveFail') });
          }
          return false;
        }
        keepDraft({ title: pageTitle, content: pageContent });
        notifications.show({
          color: 'red',
          title: t('dialog.saveFail'),
          message: errorMessage(failure, '') || undefined,
        });
        return false;
      } finally {
        clearTimeout(resetTimer);
        setSaving(false);
      }
    },
    [
      baseVersion,
      catalog,
      clearDraft,
      client,
      currentId,
      itemId,
      keepDraft,
      latest,
      lockLost,
      onClose,
      onCreated,
      onEmptyTitle,
      onSaved,
      releaseLock,
      savePage,
      t,
    ],
  );

  // Ctrl/Cmd+S saves while the editor is open.
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void saveRef.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const keepMine = useCallback(() => {
    if (conflict) void save({ ...conflictedSave.current, force: conflict });
  }, [conflict, save]);
  const dismissConflict = useCallback(() => setConflict(null), []);

  return { save, saving, baseVersion, savedText, markSaved, conflict, keepMine, dismissConflict };
}
