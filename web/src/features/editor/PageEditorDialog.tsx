// About 440 lines: the dialog wires the editor's hooks (usePageDraft, useSavePage, the lock, the uploads of
// features/attachments) to its header, toolbar menus and prompts, which live in their own files; what is left is
// layout that reads top to bottom.
import { useApolloClient, useQuery } from '@apollo/client/react';
import { Alert, Box, Button, Center, Group, Loader, Menu, Modal, Stack, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconBell,
  IconChevronDown,
  IconDeviceFloppy,
  IconHistory,
  IconSparkles,
  IconTemplate,
  IconX,
} from '@tabler/icons-react';
import { useEffect, useRef, useState, type ClipboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/errors';
import { EditorPageDocument, ItemViewDocument, PageAttachmentsDocument } from '../../gql/graphql';
import { useSession } from '../../session/session';
import { AssistantDialog } from '../ai/AssistantDialog';
import { AttachmentsButton } from '../attachments/AttachmentsButton';
import { UploadProgress } from '../attachments/UploadProgress';
import { useEditorUploads } from '../attachments/useEditorUploads';
import { ApiConsoleDialog } from '../api-console/ApiConsoleDialog';
import { MockDialog } from '../mock/MockDialog';
import { TemplatesDialog } from '../templates/TemplatesDialog';
import { ConflictDialog } from './ConflictDialog';
import { HistoryDialog } from './HistoryDialog';
import { insertAtCaret, MarkdownInput } from './MarkdownInput';
import { PREVIEW_LIMIT, pasteHtmlAction, previewAllowed, type Draft } from './rules';
import { SortPagesDialog } from './SortPagesDialog';
import { TextToolDialog, type TextTool } from './TextToolDialog';
import { usePageDraft } from './usePageDraft';
import { CatalogSelect, InsertMenu, LockControls, TitleField } from './EditorHeader';
import {
  DraftOfferDialog,
  LockLostAlert,
  PasteHtmlDialog,
  SaveAndNotifyDialog,
  SaveTemplateDialog,
  type PendingPaste,
} from './EditorPrompts';
import { usePageLock } from './usePageLock';
import { useSavePage, type SavedPage } from './useSavePage';
import { UnsavedCloseDialog } from './UnsavedCloseDialog';
import { useLeaveWarning } from './useLeaveWarning';
import { NotifySubscribers } from '../messages/NotifySubscribers';

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

function EditorBody({ itemId, pageId, catalogId, onClose, onSaved, fullPage }: PageEditorDialogProps) {
  const { t } = useTranslation('editor');
  const client = useApolloClient();
  const { user } = useSession();
  const source = useQuery(EditorPageDocument, {
    variables: { id: pageId },
    skip: pageId <= 0,
    fetchPolicy: 'network-only',
  });

  const [currentId, setCurrentId] = useState(pageId);
  const [title, setTitle] = useState('');
  const [editingTitle, setEditingTitle] = useState(pageId <= 0);
  const [content, setContent] = useState('');
  const [catalog, setCatalog] = useState<number | null>(catalogId ?? null);
  const [ready, setReady] = useState(pageId <= 0);
  const [tool, setTool] = useState<TextTool | null>(null);
  const [dialog, setDialog] = useState<
    'templates' | 'history' | 'notify' | 'template' | 'sort' | 'mock' | 'console' | 'ai' | null
  >(null);
  // The editor's selection when the assistant opened: what "replace selection" replaces.
  const [aiRange, setAiRange] = useState<{ start: number; end: number }>({ start: 0, end: 0 });
  const [pendingPaste, setPendingPaste] = useState<PendingPaste | null>(null);
  /** Who took the lock from us: editing and saving are off until we hold it again. */
  const [lockLost, setLockLost] = useState<string | null>(null);
  const editorRoot = useRef<HTMLDivElement>(null);
  const previewAlerted = useRef(false);

  // Latest values for timers and keyboard shortcuts.
  const latest = useRef({ title, content });
  latest.current = { title, content };
  const {
    offered,
    keep: keepDraft,
    clear: clearDraft,
    offerIfNewer,
    offerSetAside,
    settle: settleDraft,
  } = usePageDraft({ itemId, openedId: pageId, currentId, catalogId: catalogId ?? null, ready, latest });

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
      keepDraft(latest.current);
      setLockLost(name || t('lock.unknownUser'));
    },
  });

  const { save, saving, baseVersion, savedText, markSaved, conflict, keepMine, dismissConflict } =
    useSavePage({
      itemId,
      currentId,
      onCreated: setCurrentId,
      catalog,
      latest,
      lockLost,
      draft: { keep: keepDraft, clear: clearDraft },
      releaseLock: lock.release,
      onEmptyTitle: () => setEditingTitle(true),
      onSaved,
      onClose,
    });
  // The loaded page fills the form once; then the draft rule may offer a restore.
  useEffect(() => {
    if (ready || !source.data) return;
    const page = source.data.page;
    setTitle(page.title);
    setContent(page.content);
    setCatalog(page.catalogId ?? null);
    markSaved(page);
    offerIfNewer(page);
    setReady(true);
  }, [ready, source.data, offerIfNewer, markSaved]);

  // Pasted, dropped and picked files: uploaded, then their markdown goes in at the caret.
  const uploads = useEditorUploads({
    itemId,
    pageId: currentId,
    insert: (markdown) => insert(markdown, 'inline'),
    onAttached: () => void client.refetchQueries({ include: [PageAttachmentsDocument] }),
  });

  const dirty = title !== savedText.title || content !== savedText.content;
  useLeaveWarning(dirty);
  const [askingToClose, setAskingToClose] = useState(false);

  const preview = previewAllowed(content);
  useEffect(() => {
    if (!preview && !previewAlerted.current) {
      previewAlerted.current = true;
      notifications.show({ color: 'yellow', message: t('dialog.previewOff', { count: PREVIEW_LIMIT }) });
    }
  }, [preview, t]);

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
    if (uploads.onPaste(event)) return;
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

  /** Restoring a version replaces the editor's text: unsaved text is set aside as a draft first. */
  const setAside = useRef<Draft | null>(null);
  function beforeRestore() {
    setAside.current = null;
    if (!dirty) return;
    setAside.current = keepDraft({ title, content });
  }

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

  return (
    <Stack gap="sm" p={fullPage ? 'md' : 0} data-testid="page-editor">
      <Group justify="space-between" wrap="wrap" gap="sm">
        {/* Title and catalog keep room for a readable title; the buttons wrap below them when short of it. */}
        <Group gap="sm" wrap="nowrap" style={{ flex: 1, minWidth: 'min(100%, 460px)' }}>
          <TitleField
            title={title}
            onChange={setTitle}
            editing={editingTitle}
            onEditing={setEditingTitle}
            autoFocus={pageId <= 0}
          />
          <CatalogSelect itemId={itemId} value={catalog} onChange={setCatalog} />
        </Group>
        <Group gap="xs">
          <InsertMenu
            onInsert={(text) => insert(text)}
            onTool={setTool}
            onTemplates={() => setDialog('templates')}
            onSort={() => setDialog('sort')}
            onMock={() =>
              currentId > 0
                ? setDialog('mock')
                : notifications.show({ color: 'orange', message: t('mock.saveFirst') })
            }
            onHttpTest={() => setDialog('console')}
          />
          <AttachmentsButton
            itemId={itemId}
            pageId={currentId}
            onInsert={(markdown) => insert(markdown, 'inline')}
          />
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
              <Menu.Item leftSection={<IconTemplate size={14} />} onClick={() => setDialog('template')}>
                {t('dialog.saveAsTemplate')}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconSparkles size={14} />}
                onClick={() => {
                  const textarea = editorRoot.current?.querySelector('textarea');
                  setAiRange({ start: textarea?.selectionStart ?? 0, end: textarea?.selectionEnd ?? 0 });
                  setDialog('ai');
                }}
              >
                {t('ai.menu')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
          {currentId > 0 ? (
            <LockControls lock={lock} lostTo={lockLost} onRelocked={() => setLockLost(null)} />
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
          <Button
            variant="default"
            leftSection={<IconX size={16} />}
            onClick={() => (dirty ? setAskingToClose(true) : void close())}
          >
            {t('dialog.close')}
          </Button>
        </Group>
      </Group>

      {askingToClose ? (
        <UnsavedCloseDialog
          onStay={() => setAskingToClose(false)}
          onLeave={() => {
            keepDraft({ title, content });
            setAskingToClose(false);
            void close();
          }}
        />
      ) : null}
      {lockLost ? (
        <LockLostAlert holder={lockLost} text={() => latest.current.content} onClose={() => void close()} />
      ) : null}

      <UploadProgress uploads={uploads.uploads} />
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
          onDrop={lockLost ? undefined : uploads.onDrop}
          onPickImage={uploads.pickImage}
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
            markSaved(page);
            const aside = setAside.current;
            setAside.current = null;
            if (aside) {
              // Offer the set-aside text straight away: put it back, or discard it knowingly.
              offerSetAside(aside);
            }
          }}
        />
      ) : null}
      {dialog === 'mock' && currentId > 0 ? (
        <MockDialog pageId={currentId} itemId={itemId} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'console' ? (
        <ApiConsoleDialog itemId={itemId} markdown={content} title={title} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'sort' ? (
        <SortPagesDialog
          itemId={itemId}
          catalogId={catalog}
          onClose={() => setDialog(null)}
          onDone={() => void client.refetchQueries({ include: [ItemViewDocument] })}
        />
      ) : null}

      {dialog === 'notify' ? (
        <SaveAndNotifyDialog
          subscribers={currentId > 0 ? <NotifySubscribers pageId={currentId} itemId={itemId} /> : null}
          onClose={() => setDialog(null)}
          onConfirm={(notifyText) => {
            setDialog(null);
            // Spec §4: the notify option saves, then leaves.
            void save({ closeAfter: true, notifyText });
          }}
        />
      ) : null}

      {dialog === 'ai' ? (
        <AssistantDialog
          opened
          selection={content.slice(aiRange.start, aiRange.end)}
          onClose={() => setDialog(null)}
          onInsert={(text) => {
            insert(text);
            setDialog(null);
          }}
          onReplace={(text) => {
            setContent(content.slice(0, aiRange.start) + text + content.slice(aiRange.end));
            setDialog(null);
          }}
        />
      ) : null}

      {dialog === 'template' ? (
        <SaveTemplateDialog title={title} content={content} onClose={() => setDialog(null)} />
      ) : null}

      {pendingPaste ? (
        <PasteHtmlDialog
          paste={pendingPaste}
          onClose={() => setPendingPaste(null)}
          onInsert={(text) => {
            insert(text, 'inline');
            setPendingPaste(null);
          }}
        />
      ) : null}

      {offered ? (
        <DraftOfferDialog
          offered={offered}
          onDiscard={() => settleDraft(true)}
          onRestore={() => {
            setContent(offered.draft.content);
            if (offered.draft.title) setTitle(offered.draft.title);
            settleDraft(false);
          }}
        />
      ) : null}

      {conflict ? (
        <ConflictDialog
          mine={content}
          theirs={conflict}
          onKeepMine={keepMine}
          onTakeTheirs={() => {
            setContent(conflict.content);
            setTitle(conflict.title);
            markSaved(conflict);
          }}
          onClose={dismissConflict}
          saving={saving}
        />
      ) : null}
    </Stack>
  );
}
