import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { Alert, Badge, Box, Button, FileButton, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileSpreadsheet, IconHistory, IconLock, IconUpload } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCode, errorMessage } from '../../app/errors';
import { SpreadsheetPageDocument, SpreadsheetSavePageDocument } from '../../gql/graphql';
import { getToken } from '../../session/session';
import { DRAFT_INTERVAL_MS } from '../editor/rules';
import {
  DEFAULT_ROWS,
  parseSheetContent,
  reapplyCellChanges,
  ROW_HEIGHT,
  withUnknownKeys,
  type SheetJson,
} from './sheetData';
import { SheetHistoryDialog } from './SheetHistoryDialog';
import { useSheetLock } from './useSheetLock';
import './strings';
// x-data-spreadsheet's own build: it registers window.x_spreadsheet (and its Chinese messages).
import 'x-data-spreadsheet/dist/xspreadsheet.js';
import 'x-data-spreadsheet/dist/locale/zh-cn.js';
import 'x-data-spreadsheet/dist/xspreadsheet.css';

interface GridInstance {
  loadData(data: SheetJson[] | SheetJson): GridInstance;
  getData(): SheetJson[];
  change(callback: (data: unknown) => void): GridInstance;
  datas: unknown[];
  sheet: { data: unknown };
}

interface GridFactory {
  (el: HTMLElement, options: Record<string, unknown>): GridInstance;
  locale(lang: string, messages?: unknown): void;
  $messages?: Record<string, unknown>;
}

declare global {
  interface Window {
    x_spreadsheet?: GridFactory;
  }
}

/** Debounce of the autosave after the last change (issue #20: ~1–2 s). */
export const AUTOSAVE_MS = 1500;

interface Props {
  itemId: number;
  itemName: string;
  pageId: number;
  /** The viewer may edit the item (not archived); readers and visitors get a read-only grid. */
  canEdit: boolean;
  myUserId: number | null;
}

type SaveStatus = 'saved' | 'saving' | 'unsaved' | 'error';

interface StoredDraft {
  content: string;
  savedAt: number;
}

const draftKey = (pageId: number) => `quire.sheet-draft.${pageId}`;

function loadDraft(pageId: number): StoredDraft | null {
  try {
    const raw = localStorage.getItem(draftKey(pageId));
    const draft = raw ? (JSON.parse(raw) as StoredDraft) : null;
    return draft && typeof draft.content === 'string' ? draft : null;
  } catch {
    return null;
  }
}

function authHeaders(): Record<string, string> {
  const token = getToken();
  return token ? { authorization: `Bearer ${token}` } : {};
}

async function download(url: string, fallbackName: string): Promise<void> {
  const response = await fetch(url, { headers: authHeaders(), credentials: 'same-origin' });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new Error(body?.error?.message ?? response.statusText);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const match = /filename\*=UTF-8''([^;]+)/.exec(disposition);
  const name = match ? decodeURIComponent(match[1]!) : fallbackName;
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/**
 * The spreadsheet item screen (spec §2, §4; issue #20): x-data-spreadsheet, the format's own editor, on
 * the page's content. Editors take the page lock on opening and keep it while they work (sheetLock.ts;
 * another holder's name is shown and the grid is read-only until they leave), every change saves ~1.5 s after the last one with the version it started from, a
 * conflicting save offers reload-and-reapply, and a local draft is kept every 30 s.
 */
export default function SpreadsheetEditor({ itemId, itemName, pageId, canEdit, myUserId }: Props) {
  const { t, i18n } = useTranslation('sheet');
  const client = useApolloClient();
  const page = useQuery(SpreadsheetPageDocument, { variables: { id: pageId }, fetchPolicy: 'network-only' });
  const [savePage] = useMutation(SpreadsheetSavePageDocument);
  const [status, setStatus] = useState<SaveStatus>('saved');
  const [conflict, setConflict] = useState(false);
  const [draftOffer, setDraftOffer] = useState<StoredDraft | null>(null);
  const [busy, setBusy] = useState(false);
  const [historyOpened, setHistoryOpened] = useState(false);

  const host = useRef<HTMLDivElement | null>(null);
  // Renewed while the user works in the grid, left to run out when it sits idle (sheetLock.ts).
  const lock = useSheetLock({ itemId, pageId, enabled: canEdit, myUserId, activityTarget: host });
  const editable = canEdit && lock.held;
  const touchLock = useRef(lock.touch);
  touchLock.current = lock.touch;
  const grid = useRef<GridInstance | null>(null);
  /** The sheets as loaded (their unknown keys are carried over) and the server's text of `baseVersion`. */
  const loaded = useRef<SheetJson[]>([]);
  const baseContent = useRef('');
  const baseVersion = useRef<number | null>(null);
  const lastSaved = useRef('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const saving = useRef(false);
  const again = useRef(false);
  const baselined = useRef(false);

  const currentContent = useCallback((): string | null => {
    if (!grid.current) return null;
    return JSON.stringify(withUnknownKeys(grid.current.getData(), loaded.current));
  }, []);

  const data = page.data?.page;
  // The server's version becomes the base once, when the page first loads.
  useEffect(() => {
    if (!data || baseVersion.current !== null) return;
    baseVersion.current = data.version;
    baseContent.current = data.content;
    lastSaved.current = data.content;
    loaded.current = parseSheetContent(data.content);
    const draft = loadDraft(pageId);
    if (draft && draft.content !== data.content) setDraftOffer(draft);
  }, [data, pageId]);

  const save = useCallback(async (): Promise<void> => {
    if (!editable || baseVersion.current === null) return;
    if (saving.current) {
      again.current = true;
      return;
    }
    const content = currentContent();
    if (content === null || content === lastSaved.current) {
      setStatus('saved');
      return;
    }
    saving.current = true;
    setStatus('saving');
    try {
      const result = await savePage({
        variables: {
          input: {
            id: pageId,
            itemId,
            title: data?.title ?? itemName,
            content,
            baseVersion: baseVersion.current,
          },
        },
      });
      const saved = result.data?.savePage;
      if (saved) {
        baseVersion.current = saved.version;
        baseContent.current = saved.content;
        lastSaved.current = saved.content;
        localStorage.removeItem(draftKey(pageId));
      }
      setStatus(currentContent() === lastSaved.current ? 'saved' : 'unsaved');
    } catch (error) {
      localStorage.setItem(draftKey(pageId), JSON.stringify({ content, savedAt: Date.now() }));
      if (errorCode(error) === 'VERSION_CONFLICT') setConflict(true);
      else
        notifications.show({ color: 'red', message: t('saveFailed', { message: errorMessage(error, '') }) });
      setStatus('error');
    } finally {
      saving.current = false;
      if (again.current) {
        again.current = false;
        void save();
      }
    }
  }, [editable, currentContent, savePage, pageId, itemId, data?.title, itemName, t]);

  const saveRef = useRef(save);
  saveRef.current = save;

  const scheduleSave = useCallback(() => {
    setStatus('unsaved');
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void saveRef.current(), AUTOSAVE_MS);
  }, []);

  // The grid: made again when editing turns on or off (x-data-spreadsheet has no mode switch).
  const ready = !!data;
  useEffect(() => {
    const el = host.current;
    const factory = window.x_spreadsheet;
    if (!ready || !el || !factory) return;
    if (i18n.language.startsWith('zh')) factory.locale('zh-cn', factory.$messages?.['zh-cn']);
    else factory.locale('en');
    // Keep what was typed if the grid is remade (the lock arriving after the first render).
    const sheets = grid.current ? withUnknownKeys(grid.current.getData(), loaded.current) : loaded.current;
    el.innerHTML = '';
    const instance = factory(el, {
      mode: editable ? 'edit' : 'read',
      showToolbar: editable,
      showContextmenu: editable,
      showBottomBar: true,
      view: {
        height: () => Math.max(360, window.innerHeight - el.getBoundingClientRect().top - 16),
        width: () => el.clientWidth,
      },
      row: { len: DEFAULT_ROWS, height: ROW_HEIGHT },
      col: { len: 26, width: 100, indexWidth: 60, minWidth: 60 },
    });
    instance.loadData(sheets);
    // The grid's text of the page as loaded is the saved state: opening a sheet whose stored JSON the grid
    // writes differently (key order, merges made whole) saves nothing until something is edited.
    if (!baselined.current) {
      baselined.current = true;
      if (lastSaved.current === baseContent.current) {
        lastSaved.current = JSON.stringify(withUnknownKeys(instance.getData(), loaded.current));
      }
    }
    instance.change(() => {
      if (!editable) return;
      touchLock.current();
      scheduleSave();
    });
    grid.current = instance;
    return () => {
      if (timer.current) {
        clearTimeout(timer.current);
        timer.current = undefined;
        void saveRef.current();
      }
    };
  }, [ready, editable, i18n.language, scheduleSave]);

  // Tab switches, clicks on the sheet tabs and renames do not all call `change`: check now and then.
  useEffect(() => {
    if (!editable) return;
    const poll = setInterval(() => {
      if (!saving.current && !timer.current && currentContent() !== lastSaved.current) scheduleSave();
    }, 5000);
    return () => clearInterval(poll);
  }, [editable, currentContent, scheduleSave]);

  // The local draft (spec §4): every 30 s while the grid differs from the saved text.
  useEffect(() => {
    if (!editable) return;
    const interval = setInterval(() => {
      const content = currentContent();
      if (content !== null && content !== lastSaved.current) {
        localStorage.setItem(draftKey(pageId), JSON.stringify({ content, savedAt: Date.now() }));
      }
    }, DRAFT_INTERVAL_MS);
    return () => clearInterval(interval);
  }, [editable, currentContent, pageId]);

  const latestServerPage = async () => {
    const fresh = await client.query({
      query: SpreadsheetPageDocument,
      variables: { id: pageId },
      fetchPolicy: 'network-only',
    });
    return fresh.data?.page ?? null;
  };

  const reapply = async () => {
    setConflict(false);
    const theirs = await latestServerPage();
    if (!theirs || !grid.current) return;
    const mine = withUnknownKeys(grid.current.getData(), loaded.current);
    const merged = reapplyCellChanges(
      parseSheetContent(baseContent.current),
      mine,
      parseSheetContent(theirs.content),
    );
    baseVersion.current = theirs.version;
    baseContent.current = theirs.content;
    lastSaved.current = theirs.content;
    loaded.current = merged;
    grid.current.loadData(merged);
    await save();
  };

  const overwrite = async () => {
    setConflict(false);
    const theirs = await latestServerPage();
    if (!theirs) return;
    baseVersion.current = theirs.version;
    baseContent.current = theirs.content;
    lastSaved.current = theirs.content;
    await save();
  };

  const restoreDraft = () => {
    if (!draftOffer || !grid.current) return;
    const sheets = parseSheetContent(draftOffer.content);
    loaded.current = sheets;
    grid.current.loadData(sheets);
    setDraftOffer(null);
    if (editable) scheduleSave();
  };

  const discardDraft = () => {
    localStorage.removeItem(draftKey(pageId));
    setDraftOffer(null);
  };

  const importFile = async (file: File | null) => {
    if (!file || !window.confirm(t('importConfirm'))) return;
    setBusy(true);
    try {
      // What is typed but not yet saved goes first, so the import's base version is current.
      if (timer.current) {
        clearTimeout(timer.current);
        timer.current = undefined;
      }
      await save();
      const form = new FormData();
      if (baseVersion.current !== null) form.append('baseVersion', String(baseVersion.current));
      form.append('file', file, file.name);
      const response = await fetch(`/api/sheets/${itemId}/xlsx`, {
        method: 'POST',
        headers: { ...authHeaders(), 'apollo-require-preflight': 'true' },
        credentials: 'same-origin',
        body: form,
      });
      const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
      if (!response.ok) throw new Error(body?.error?.message ?? response.statusText);
      const fresh = await latestServerPage();
      if (fresh && grid.current) {
        baseVersion.current = fresh.version;
        baseContent.current = fresh.content;
        lastSaved.current = fresh.content;
        loaded.current = parseSheetContent(fresh.content);
        grid.current.loadData(loaded.current);
        setStatus('saved');
      }
      notifications.show({ color: 'green', message: t('imported') });
    } catch (error) {
      notifications.show({ color: 'red', message: t('importFailed', { message: (error as Error).message }) });
    } finally {
      setBusy(false);
    }
  };

  const exportXlsx = () =>
    download(`/api/sheets/${itemId}/xlsx`, `${itemName}.xlsx`).catch((error: Error) =>
      notifications.show({ color: 'red', message: t('exportFailed', { message: error.message }) }),
    );
  const exportCsv = () => {
    const g = grid.current;
    const index = g ? Math.max(0, g.datas.indexOf(g.sheet.data)) : 0;
    return download(`/api/sheets/${itemId}/csv?sheet=${index}`, `${itemName}.csv`).catch((error: Error) =>
      notifications.show({ color: 'red', message: t('exportFailed', { message: error.message }) }),
    );
  };

  if (page.error) {
    return <Alert color="red">{errorMessage(page.error, '')}</Alert>;
  }
  const statusBadge = !editable ? (
    <Badge variant="light" color="gray" data-testid="sheet-status">
      {t('readOnly')}
    </Badge>
  ) : (
    <Badge
      variant="light"
      color={status === 'saved' ? 'green' : status === 'error' ? 'red' : 'yellow'}
      data-testid="sheet-status"
      data-status={status}
    >
      {t(status === 'error' ? 'unsaved' : status)}
    </Badge>
  );

  return (
    <Stack gap="xs" data-testid="spreadsheet-editor">
      {canEdit && lock.status === 'lost' ? (
        <Alert color="yellow" icon={<IconLock size={18} />} data-testid="sheet-lock-holder">
          {lock.holder ? t('lockedBy', { name: lock.holder }) : t('lockedBySomeone')}
        </Alert>
      ) : null}
      {draftOffer && editable ? (
        <Alert color="blue" title={t('draftTitle')} data-testid="sheet-draft-offer">
          <Text size="sm">{t('draftBody', { time: new Date(draftOffer.savedAt).toLocaleString() })}</Text>
          <Group mt="xs" gap="xs">
            <Button size="xs" onClick={restoreDraft}>
              {t('restore')}
            </Button>
            <Button size="xs" variant="default" onClick={discardDraft}>
              {t('discard')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      <Group gap="xs" wrap="wrap" justify="space-between">
        <Group gap="xs" wrap="wrap">
          {statusBadge}
          {busy ? <Loader size="xs" /> : null}
        </Group>
        <Group gap="xs" wrap="wrap">
          {editable ? (
            <FileButton
              onChange={(file) => void importFile(file)}
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            >
              {(props) => (
                <Button
                  {...props}
                  size="xs"
                  variant="default"
                  leftSection={<IconUpload size={14} />}
                  data-testid="sheet-import"
                >
                  {t('importXlsx')}
                </Button>
              )}
            </FileButton>
          ) : null}
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} />}
            onClick={() => void exportXlsx()}
            data-testid="sheet-export-xlsx"
          >
            {t('exportXlsx')}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconFileSpreadsheet size={14} />}
            onClick={() => void exportCsv()}
            data-testid="sheet-export-csv"
          >
            {t('exportCsv')}
          </Button>
          {myUserId !== null ? (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconHistory size={14} />}
              onClick={() => setHistoryOpened(true)}
              data-testid="sheet-history-button"
            >
              {t('history')}
            </Button>
          ) : null}
        </Group>
      </Group>
      {!data ? (
        <Group gap="xs" py="xl" justify="center">
          <Loader size="sm" />
          <Text size="sm">{t('loading')}</Text>
        </Group>
      ) : null}
      <Box
        ref={host}
        data-testid="sheet-grid"
        data-editable={editable ? 'true' : 'false'}
        style={{ width: '100%', overflow: 'hidden' }}
      />
      <SheetHistoryDialog pageId={pageId} opened={historyOpened} onClose={() => setHistoryOpened(false)} />
      <Modal opened={conflict} onClose={() => setConflict(false)} title={t('conflictTitle')} centered>
        <Text size="sm">{t('conflictBody')}</Text>
        <Group justify="flex-end" mt="md" gap="xs">
          <Button variant="default" onClick={() => void overwrite()} data-testid="sheet-overwrite">
            {t('overwrite')}
          </Button>
          <Button onClick={() => void reapply()} data-testid="sheet-reapply">
            {t('reapply')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
