import { useMutation } from '@apollo/client/react';
import { Alert, Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import TurndownService from 'turndown';
import { errorMessage } from '../../app/errors';
import { EditorSaveTemplateDocument } from '../../gql/graphql';
import { DialogFrame } from '../shell/DialogFrame';
import type { OfferedDraft } from './usePageDraft';
import { NAME_LIMITS } from '../../app/name-limits';

// The page editor's small questions, each a few lines of its own state, kept out of the editor's body.

const turndown = new TurndownService({
  headingStyle: 'atx',
  codeBlockStyle: 'fenced',
  bulletListMarker: '-',
});

/** "Save and notify" (spec §4): the text the page's subscribers receive; the editor then saves and leaves. */
export function SaveAndNotifyDialog({
  onClose,
  onConfirm,
  subscribers = null,
}: {
  onClose(): void;
  onConfirm(text: string): void;
  /** Who is notified (features/messages/NotifySubscribers), for a page that exists. */
  subscribers?: ReactNode;
}) {
  const { t } = useTranslation('editor');
  const [notifyText, setNotifyText] = useState('');
  return (
    <DialogFrame
      opened
      title={t('notify.title')}
      onClose={onClose}
      onConfirm={() => onConfirm(notifyText.trim())}
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
      {subscribers}
    </DialogFrame>
  );
}

/** "Save as template": the editor's text under a name (the page's title to start with). */
export function SaveTemplateDialog({
  title,
  content,
  onClose,
}: {
  title: string;
  content: string;
  onClose(): void;
}) {
  const { t } = useTranslation('editor');
  const [templateName, setTemplateName] = useState(title);
  const [saveTemplate, templateSaving] = useMutation(EditorSaveTemplateDocument);
  return (
    <DialogFrame
      opened
      title={t('templates.saveTitle')}
      onClose={onClose}
      loading={templateSaving.loading}
      confirmDisabled={!templateName.trim()}
      onConfirm={() =>
        void saveTemplate({ variables: { input: { title: templateName.trim(), content } } })
          .then(() => {
            notifications.show({ color: 'green', message: t('templates.saved') });
            onClose();
          })
          .catch((failure: unknown) =>
            notifications.show({ color: 'red', message: errorMessage(failure, t('common.networkError')) }),
          )
      }
    >
      <TextInput
        label={t('templates.nameLabel')}
        maxLength={NAME_LIMITS.template}
        value={templateName}
        onChange={(event) => setTemplateName(event.currentTarget.value)}
        data-autofocus
      />
    </DialogFrame>
  );
}

export interface PendingPaste {
  html: string;
  text: string;
}

/** Pasted rich text: as plain text, or converted to markdown. */
export function PasteHtmlDialog({
  paste,
  onClose,
  onInsert,
}: {
  paste: PendingPaste;
  onClose(): void;
  onInsert(text: string): void;
}) {
  const { t } = useTranslation('editor');
  return (
    <DialogFrame
      opened
      title={t('paste.title')}
      onClose={onClose}
      cancelLabel={t('common.cancel')}
      headerButtons={null}
    >
      <Text>{t('paste.question')}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => onInsert(paste.text)}>
          {t('paste.text')}
        </Button>
        <Button onClick={() => onInsert(turndown.turndown(paste.html))}>{t('paste.markdown')}</Button>
      </Group>
    </DialogFrame>
  );
}

/** A local draft newer than the page, or text set aside by a history restore: put it back or discard it. */
export function DraftOfferDialog({
  offered,
  onDiscard,
  onRestore,
}: {
  offered: OfferedDraft;
  onDiscard(): void;
  onRestore(): void;
}) {
  const { t, i18n } = useTranslation('editor');
  return (
    <DialogFrame
      opened
      title={t('draft.title')}
      onClose={onDiscard}
      cancelLabel={t('draft.discard')}
      onConfirm={onRestore}
      confirmLabel={t('draft.restore')}
    >
      <Text>
        {offered.reason === 'restore'
          ? t('draft.afterRestore')
          : t('draft.question', { time: new Date(offered.draft.savedAt).toLocaleString(i18n.language) })}
      </Text>
    </DialogFrame>
  );
}

/** Someone else took the page's lock (spec §4): editing is off; the text can still be copied out. */
export function LockLostAlert({
  holder,
  text,
  onClose,
}: {
  holder: string;
  /** The editor's text now, for "copy text". */
  text(): string;
  onClose(): void;
}) {
  const { t } = useTranslation('editor');
  async function copyText() {
    try {
      await navigator.clipboard.writeText(text());
      notifications.show({ color: 'green', message: t('lock.copied') });
    } catch {
      notifications.show({ color: 'orange', message: t('lock.copyFailed') });
    }
  }
  return (
    <Alert color="orange" title={t('lock.lostTitle')} data-testid="editor-lock-lost">
      <Stack gap="xs">
        <Text size="sm">{t('lock.lost', { name: holder })}</Text>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconCopy size={14} />}
            onClick={() => void copyText()}
          >
            {t('lock.copyText')}
          </Button>
          <Button size="xs" variant="default" onClick={onClose}>
            {t('lock.closeEditor')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
