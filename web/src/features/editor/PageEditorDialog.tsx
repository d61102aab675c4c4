import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Menu,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconBell,
  IconChevronDown,
  IconCopy,
  IconDeviceFloppy,
  IconHistory,
  IconListNumbers,
  IconLock,
  IconLockOpen,
  IconPencil,
  IconTemplate,
  IconTool,
  IconX,
} from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState, type ClipboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import TurndownService from 'turndown';
import { errorCode, errorMessage } from '../../app/errors';
import {
  EditorCatalogsDocument,
  EditorPageDocument,
  EditorSavePageDocument,
  EditorSaveTemplateDocument,
  ItemViewDocument,
  type EditorPageFieldsFragment,
} from '../../gql/graphql';
import { useSession } from '../../session/session';
import { DialogFrame } from '../shell/DialogFrame';
import { docTemplate } from '../templates/docTemplates';
import { TemplatesDialog } from '../templates/TemplatesDialog';
import { ConflictDialog } from './ConflictDialog';
import { clearDraft, draftKey, loadDraft, saveDraft } from './drafts';
import { HistoryDialog } from './HistoryDialog';
import { insertAtCaret, MarkdownInput } from './MarkdownInput';
import {
  DRAFT_INTERVAL_MS,
  PREVIEW_LIMIT,
  SAVING_RESET_MS,
  pasteHtmlAction,
  previewAllowed,
  shouldOfferDraft,
  shouldSaveDraft,
  type Draft,
} from './rules';
import { SortPagesDialog } from './SortPagesDialog';
import { TextToolDialog, type TextTool } from './TextToolDialog';
import { usePageLock } from './usePageLock';

export interface SavedPage {
  id: number;
  itemId: number;
  title: string;
  /** The page did not exist before this save. */
  created: boolean;
}

export interface PageEditorDialogProps {
  itemId: number;
  /** 0 for a new page. */
  pageId: number;
  /** Where a new page goes (a catalog id; absent or null: the item root). */
  catalogId?: number | null;
  /** Absent: open (the dialog host mounts it only while shown). */
  opened?: boolean;
  onClose(): void;
  /** After every successful save; a new page should then be shown at /{item_id}/{page_id} (spec §4). */
  onSaved?(page: SavedPage): void;
  /** Render in the page instead of a modal (single-page items at /page/edit/{item_id}/{page_id}). */
  fullPage?: boolean;
}

const turndown = new TurndownService({
  headingStyle: 'atx',
  codeBlockStyle: 'fenced',
  bulletListMarker: '-',
});

/**
 * The page editor (spec §2, §4): title, catalog, markdown with live preview, save (Ctrl/Cmd+S),
 * save-and-notify, templates and converters, history, locks and local drafts.
 */
export function PageEditorDialog(props: PageEditorDialogProps) {
  const { t } = useTranslation('editor');
  if (props.opened === false) return null;
  const body = <EditorBody key={`${props.itemId}:${props.pageId}`} {...props} />;
  if (props.fullPage) return body;
  // The parts of the modal, so that its name sits on the element with role=dialog (Modal's own
  // aria-label would land on the outer wrapper, leaving the dialog unnamed).
  return (
    <Modal.Root
      opened
      onClose={props.onClose}
      closeOnClickOutside={false}
      closeOnEscape={false}
      size="calc(100vw - 32px)"
      yOffset="16px"
      padding="md"
    >
      <Modal.Overlay />
      <Modal.Content aria-label={props.pageId > 0 ? t('dialog.editPage') : t('dialog.newPage')}>
        <Modal.Body>{body}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

type PendingPaste = { html: string; text: string };

interface SaveOptions {
  /** Save over this newer version (the conflict's "keep mine"). */
  force?: EditorPageFieldsFragment;
  closeAfter?: boolean;
  /** Save and notify: the text the page's subscribers receive. */
  notifyText?: string;
}

function EditorBody({ itemId, pageId, catalogId, onClose, onSaved, fullPage }: PageEditorDialogProps) {
  const { t, i18n } = useTranslation('editor');
  const client = useApolloClient();
  const { user } = useSession();
  const source = useQuery(EditorPageDocument, {
    variables: { id: pageId },
    skip: pageId <= 0,
    fetchPolicy: 'network-only',
  });
  const catalogs = useQuery(EditorCatalogsDocument, { variables: { itemId } });
  const [savePage] = useMutation(EditorSavePageDocument);
  const [saveTemplate, templateSaving] = useMutation(EditorSaveTemplateDocument);

  const [currentId, setCurrentId] = useState(pageId);
  const [title, setTitle] = useState('');
  const [editingTitle, setEditingTitle] = useState(pageId <= 0);
  const [content, setContent] = useState('');
  const [catalog, setCatalog] = useState<number | null>(catalogId ?? null);
  const [baseVersion, setBaseVersion] = useState<number | null>(null);
  const [ready, setReady] = useState(pageId <= 0);
  const [saving, setSaving] = useState(false);
  const [offeredDraft, setOfferedDraft] = useState<Draft | null>(null);
  /** Why the draft is offered: found on opening, or set aside by a history restore. */
  const [draftReason, setDraftReason] = useState<'found' | 'restore'>('found');
  /** The text as last loaded or saved, to tell unsaved changes. */
  const [savedText, setSavedText] = useState({ title: '', content: '' });
  const [conflict, setConflict] = useState<EditorPageFieldsFragment | null>(null);
  const [tool, setTool] = useState<TextTool | null>(null);
  const [dialog, setDialog] = useState<'templates' | 'history' | 'notify' | 'template' | 'sort' | null>(null);
  const [notifyText, setNotifyText] = useState('');
  const [templateName, setTemplateName] = useState('');
  const [pendingPaste, setPendingPaste] = useState<PendingPaste | null>(null);
  /** Who took the lock from us: editing and saving are off until we hold it again. */
  const [lockLost, setLockLost] = useState<string | null>(null);
  const [locking, setLocking] = useState(false);
  const editorRoot = useRef<HTMLDivElement>(null);
  const previewAlerted = useRef(false);
  // Drafts follow the page's id: a new page's draft moves to the page's own key with its first save.
  const newPageKey = useMemo(() => draftKey(itemId, 0, catalogId ?? null), [itemId, catalogId]);
  const key = useMemo(() => draftKey(itemId, currentId, catalogId ?? null), [itemId, currentId, catalogId]);
  const dirty = title !== savedText.title || content !== savedText.content;

  // Latest values for timers and keyboard shortcuts.
  const latest = useRef({ title, content });
  latest.current = { title, content };

  const closeEditor = useRef(onClose);
  closeEditor.current = onClose;
  const lock = usePageLock({
    itemId,
    pageId: currentId,
    enabled: ready,
    myUserId: user?.id ?? null,
    onDenied: (name) => {
      notifications.show({
        color: 'orange',
        autoClose: 8000,
        message: t('lock.locking', { name: name || t('lock.unknownUser') }),
      });
      closeEditor.current();
    },
    onLost: (name) => {
      // Spec §4: editing is turned off; the text stays in the editor and in a local draft.
      const { title: draftTitle, content: draftContent } = latest.current;
      saveDraft(key, { title: draftTitle, content: draftContent, savedAt: Date.now() });
      setLockLost(name || t('lock.unknownUser'));
    },
  });

  const previousKey = useRef(key);
  useEffect(() => {
    const previous = previousKey.current;
    previousKey.current = key;
    if (previous === key) return;
    const left = loadDraft(previous);
    if (left) saveDraft(key, left);
    clearDraft(previous);
  }, [key]);

  // The loaded page fills the form once; then the draft rule may offer a restore.
  useEffect(() => {
    if (ready || !source.data) return;
    const page = source.data.page;
    setTitle(page.title);
    setContent(page.content);
    setCatalog(page.catalogId ?? null);
    setBaseVersion(page.version);
    setSavedText({ title: page.title, content: page.content });
    const draft = loadDraft(key);
    if (shouldOfferDraft(draft, { content: page.content, updatedAt: page.updatedAt })) setOfferedDraft(draft);
    setReady(true);
  }, [ready, source.data, key]);

  useEffect(() => {
    if (pageId > 0) return;
    const draft = loadDraft(newPageKey);
    if (shouldOfferDraft(draft, null)) setOfferedDraft(draft);
  }, [pageId, newPageKey]);

  // Drafts every 30 s while there is something worth keeping.
  useEffect(() => {
    if (!ready) return;
    const timer = setInterval(() => {
      const { title: draftTitle, content: draftContent } = latest.current;
      if (shouldSaveDraft(draftContent))
        saveDraft(key, { title: draftTitle, content: draftContent, savedAt: Date.now() });
    }, DRAFT_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [ready, key]);

  const preview = previewAllowed(content);
  useEffect(() => {
    if (!preview && !previewAlerted.current) {
      previewAlerted.current = true;
      notifications.show({ color: 'yellow', message: t('dialog.previewOff', { count: PREVIEW_LIMIT }) });
    }
  }, [preview, t]);

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
        setEditingTitle(true);
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
        setCurrentId(page.id);
        setBaseVersion(page.version);
        setSavedText({ title: pageTitle, content: pageContent });
        setConflict(null);
        clearDraft(key);
        notifications.show({ color: 'green', message: t('dialog.saved') });
        onSaved?.({ id: page.id, itemId: page.itemId, title: page.title, created });
        if (options.closeAfter) {
          await lock.release();
          onClose();
        }
        return true;
      } catch (failure) {
        if (errorCode(failure) === 'VERSION_CONFLICT' && currentId > 0) {
          conflictedSave.current = { notifyText: options.notifyText, closeAfter: options.closeAfter };
          // Keep the text safe first, then show both versions.
          saveDraft(key, { title: pageTitle, content: pageContent, savedAt: Date.now() });
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
        saveDraft(key, { title: pageTitle, content: pageContent, savedAt: Date.now() });
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
    [baseVersion, catalog, client, currentId, itemId, key, lock, lockLost, onClose, onSaved, savePage, t],
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

  /** Templates and converted tables are blocks; pasted text goes in as it is. */
  function insert(text: string, kind: 'block' | 'inline' = 'block') {
    const next = insertAtCaret(editorRoot.current, content, text, { block: kind === 'block' });
    setContent(next.value);
    // Keep writing where the insertion ended, not wherever the re-render left the caret.
    requestAnimationFrame(() => {
      const textarea = editorRoot.current?.querySelector('textarea');
      if (!textarea) return;
      textarea.focus();
      textarea.setSelectionRange(next.caret, next.caret);
    });
  }

  function onPaste(event: ClipboardEvent<HTMLTextAreaElement>) {
    const html = event.clipboardData.getData('text/html');
    const text = event.clipboardData.getData('text/plain');
    const action = pasteHtmlAction(html);
    if (action === 'ask') {
      event.preventDefault();
      setPendingPaste({ html, text });
    }
    // 'text' and 'default': the textarea pastes the plain text itself.
  }

  async function close() {
    await lock.release();
    onClose();
  }

  /** "Lock editing": take the lock (again); on success editing and saving come back. */
  async function lockEditing() {
    setLocking(true);
    try {
      if (await lock.lock()) {
        setLockLost(null);
        notifications.show({ color: 'green', message: t('lock.locked') });
      }
    } catch (failure) {
      notifications.show({ color: 'red', message: errorMessage(failure, t('common.networkError')) });
    } finally {
      setLocking(false);
    }
  }

  async function cancelLock() {
    await lock.release();
    notifications.show({ message: t('lock.released') });
  }

  async function copyText() {
    try {
      await navigator.clipboard.writeText(latest.current.content);
      notifications.show({ color: 'green', message: t('lock.copied') });
    } catch {
      notifications.show({ color: 'orange', message: t('lock.copyFailed') });
    }
  }

  /** Restoring a version replaces the editor's text: unsaved text is set aside as a draft first. */
  const setAside = useRef<Draft | null>(null);
  function beforeRestore() {
    setAside.current = null;
    if (!dirty) return;
    const draft = { title, content, savedAt: Date.now() };
    saveDraft(key, draft);
    setAside.current = draft;
  }

  const catalogOptions = useMemo(
    () => [
      { value: '0', label: t('dialog.rootCatalog') },
      ...(catalogs.data?.catalogs ?? [])
        .filter((entry) => entry.level <= 3)
        .map((entry) => ({ value: String(entry.id), label: entry.path.join(' / ') })),
    ],
    [catalogs.data, t],
  );

  if (source.error && !source.data) {
    return (
      <Stack p="md">
        <Alert color="red" title={t('dialog.loadFailed')}>
          {errorMessage(source.error, t('common.networkError'))}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
    );
  }
  if (!ready) {
    return (
      <Center h="50vh">
        <Loader />
      </Center>
    );
  }

  const toolsMenu = (
    <Menu shadow="md" position="bottom-end">
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconTool size={16} />}
          rightSection={<IconChevronDown size={14} />}
        >
          {t('dialog.insert')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => insert(docTemplate('api', i18n.language))}>
          {t('insert.apiTemplate')}
        </Menu.Item>
        <Menu.Item onClick={() => insert(docTemplate('database', i18n.language))}>
          {t('insert.dbTemplate')}
        </Menu.Item>
        <Menu.Item leftSection={<IconTemplate size={14} />} onClick={() => setDialog('templates')}>
          {t('insert.moreTemplates')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item onClick={() => setTool('jsonToTable')}>{t('insert.jsonToTable')}</Menu.Item>
        <Menu.Item onClick={() => setTool('beautifyJson')}>{t('insert.beautifyJson')}</Menu.Item>
        <Menu.Item onClick={() => setTool('pasteTable')}>{t('insert.pasteTable')}</Menu.Item>
        <Menu.Item onClick={() => setTool('sqlToTable')}>{t('insert.sqlToTable')}</Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<IconListNumbers size={14} />} onClick={() => setDialog('sort')}>
          {t('bar.sortPages')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );

  return (
    <Stack gap="sm" p={fullPage ? 'md' : 0} data-testid="page-editor">
      <Group justify="space-between" wrap="wrap" gap="sm">
        {/* Title and catalog keep room for a readable title; the buttons wrap below them when short of it. */}
        <Group gap="sm" wrap="nowrap" style={{ flex: 1, minWidth: 'min(100%, 460px)' }}>
          {editingTitle ? (
            <TextInput
              value={title}
              placeholder={t('dialog.titlePlaceholder')}
              aria-label={t('dialog.titlePlaceholder')}
              onChange={(event) => setTitle(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  if (title.trim()) setEditingTitle(false);
                }
              }}
              onBlur={() => title.trim() && setEditingTitle(false)}
              autoFocus={pageId <= 0}
              style={{ flex: 1, maxWidth: 420 }}
            />
          ) : (
            <Tooltip label={t('dialog.clickToEditTitle')}>
              <UnstyledButton onClick={() => setEditingTitle(true)} aria-label={t('dialog.clickToEditTitle')}>
                <Group gap={6} wrap="nowrap">
                  <Title order={4} lineClamp={1}>
                    {title || t('dialog.untitled')}
                  </Title>
                  <IconPencil size={16} />
                </Group>
              </UnstyledButton>
            </Tooltip>
          )}
          <Select
            aria-label={t('dialog.catalog')}
            placeholder={t('dialog.catalog')}
            data={catalogOptions}
            value={String(catalog ?? 0)}
            onChange={(value) => setCatalog(value && value !== '0' ? Number(value) : null)}
            searchable
            allowDeselect={false}
            w={240}
          />
        </Group>
        <Group gap="xs">
          {toolsMenu}
          {currentId > 0 ? (
            <Button
              variant="default"
              leftSection={<IconHistory size={16} />}
              onClick={() => setDialog('history')}
            >
              {t('dialog.history')}
            </Button>
          ) : null}
          <Menu shadow="md" position="bottom-end">
            <Menu.Target>
              <Button variant="default" rightSection={<IconChevronDown size={14} />}>
                {t('dialog.tools')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={<IconBell size={14} />}
                disabled={lockLost !== null}
                onClick={() => setDialog('notify')}
              >
                {t('dialog.saveAndNotify')}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconTemplate size={14} />}
                onClick={() => {
                  setTemplateName(title);
                  setDialog('template');
                }}
              >
                {t('dialog.saveAsTemplate')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
          {currentId > 0 ? (
            <>
              <Badge
                variant="light"
                color={lock.held ? 'green' : lockLost ? 'orange' : 'gray'}
                data-testid="editor-lock-state"
              >
                {lock.held
                  ? t('lock.stateMine')
                  : lockLost
                    ? t('lock.stateOther', { name: lockLost })
                    : t('lock.stateNone')}
              </Badge>
              {lock.held ? (
                <Button
                  variant="default"
                  leftSection={<IconLockOpen size={16} />}
                  onClick={() => void cancelLock()}
                >
                  {t('lock.cancel')}
                </Button>
              ) : (
                <Button
                  variant="default"
                  leftSection={<IconLock size={16} />}
                  loading={locking}
                  onClick={() => void lockEditing()}
                >
                  {t('lock.lockEditing')}
                </Button>
              )}
            </>
          ) : null}
          <Tooltip label={lockLost ? t('lock.saveOff', { name: lockLost }) : t('dialog.saveShortcut')}>
            <Button
              leftSection={<IconDeviceFloppy size={16} />}
              loading={saving}
              disabled={lockLost !== null}
              onClick={() => void save()}
            >
              {t('dialog.save')}
            </Button>
          </Tooltip>
          <Button variant="default" leftSection={<IconX size={16} />} onClick={() => void close()}>
            {t('dialog.close')}
          </Button>
        </Group>
      </Group>

      {lockLost ? (
        <Alert color="orange" title={t('lock.lostTitle')} data-testid="editor-lock-lost">
          <Stack gap="xs">
            <Text size="sm">{t('lock.lost', { name: lockLost })}</Text>
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                leftSection={<IconCopy size={14} />}
                onClick={() => void copyText()}
              >
                {t('lock.copyText')}
              </Button>
              <Button size="xs" variant="default" onClick={() => void close()}>
                {t('lock.closeEditor')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}

      <Box ref={editorRoot}>
        <MarkdownInput
          value={content}
          onChange={(value) => {
            if (!lockLost) setContent(value);
          }}
          readOnly={lockLost !== null}
          preview={preview}
          height="70vh"
          onPaste={onPaste}
          ariaLabel={t('dialog.contentLabel')}
        />
      </Box>

      <TextToolDialog
        tool={tool}
        onClose={() => setTool(null)}
        onInsert={(markdown) => {
          insert(markdown);
          setTool(null);
        }}
      />
      <TemplatesDialog
        opened={dialog === 'templates'}
        itemId={itemId}
        onClose={() => setDialog(null)}
        onInsert={(templateContent) => {
          insert(templateContent);
          setDialog(null);
        }}
      />
      {currentId > 0 ? (
        <HistoryDialog
          opened={dialog === 'history'}
          pageId={currentId}
          baseVersion={baseVersion}
          canRestore={!lockLost}
          restoreQuestion={dirty ? t('history.restoreUnsaved') : undefined}
          onBeforeRestore={beforeRestore}
          onClose={() => setDialog(null)}
          onRestored={(page) => {
            setContent(page.content);
            setTitle(page.title);
            setBaseVersion(page.version);
            setSavedText({ title: page.title, content: page.content });
            const aside = setAside.current;
            setAside.current = null;
            if (aside) {
              // Offer the set-aside text straight away: put it back, or discard it knowingly.
              setDraftReason('restore');
              setOfferedDraft(aside);
            }
          }}
        />
      ) : null}
      {dialog === 'sort' ? (
        <SortPagesDialog
          itemId={itemId}
          catalogId={catalog}
          onClose={() => setDialog(null)}
          onDone={() => void client.refetchQueries({ include: [ItemViewDocument] })}
        />
      ) : null}

      <DialogFrame
        opened={dialog === 'notify'}
        title={t('notify.title')}
        onClose={() => setDialog(null)}
        onConfirm={() => {
          setDialog(null);
          // Spec §4: the notify option saves, then leaves.
          void save({ closeAfter: true, notifyText: notifyText.trim() });
        }}
        confirmLabel={t('notify.confirm')}
      >
        <Textarea
          label={t('notify.label')}
          placeholder={t('notify.placeholder')}
          value={notifyText}
          onChange={(event) => setNotifyText(event.currentTarget.value)}
          autosize
          minRows={3}
        />
        <Text size="xs" c="dimmed">
          {t('notify.gap')}
        </Text>
      </DialogFrame>

      <DialogFrame
        opened={dialog === 'template'}
        title={t('templates.saveTitle')}
        onClose={() => setDialog(null)}
        loading={templateSaving.loading}
        confirmDisabled={!templateName.trim()}
        onConfirm={() =>
          void saveTemplate({ variables: { input: { title: templateName.trim(), content } } })
            .then(() => {
              notifications.show({ color: 'green', message: t('templates.saved') });
              setDialog(null);
            })
            .catch((failure: unknown) =>
              notifications.show({ color: 'red', message: errorMessage(failure, t('common.networkError')) }),
            )
        }
      >
        <TextInput
          label={t('templates.nameLabel')}
          value={templateName}
          onChange={(event) => setTemplateName(event.currentTarget.value)}
          data-autofocus
        />
      </DialogFrame>

      <DialogFrame
        opened={pendingPaste !== null}
        title={t('paste.title')}
        onClose={() => setPendingPaste(null)}
        cancelLabel={t('common.cancel')}
        headerButtons={null}
      >
        <Text>{t('paste.question')}</Text>
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => {
              if (pendingPaste) insert(pendingPaste.text, 'inline');
              setPendingPaste(null);
            }}
          >
            {t('paste.text')}
          </Button>
          <Button
            onClick={() => {
              if (pendingPaste) insert(turndown.turndown(pendingPaste.html), 'inline');
              setPendingPaste(null);
            }}
          >
            {t('paste.markdown')}
          </Button>
        </Group>
      </DialogFrame>

      <DialogFrame
        opened={offeredDraft !== null}
        title={t('draft.title')}
        onClose={() => {
          clearDraft(key);
          setOfferedDraft(null);
        }}
        cancelLabel={t('draft.discard')}
        onConfirm={() => {
          if (offeredDraft) {
            setContent(offeredDraft.content);
            if (offeredDraft.title) setTitle(offeredDraft.title);
          }
          setOfferedDraft(null);
        }}
        confirmLabel={t('draft.restore')}
      >
        <Text>
          {draftReason === 'restore'
            ? t('draft.afterRestore')
            : t('draft.question', {
                time: offeredDraft ? new Date(offeredDraft.savedAt).toLocaleString(i18n.language) : '',
              })}
        </Text>
      </DialogFrame>

      {conflict ? (
        <ConflictDialog
          mine={content}
          theirs={conflict}
          onKeepMine={() => void save({ ...conflictedSave.current, force: conflict })}
          onTakeTheirs={() => {
            setContent(conflict.content);
            setTitle(conflict.title);
            setBaseVersion(conflict.version);
            setSavedText({ title: conflict.title, content: conflict.content });
            setConflict(null);
          }}
          onClose={() => setConflict(null)}
          saving={saving}
        />
      ) : null}
    </Stack>
  );
}
