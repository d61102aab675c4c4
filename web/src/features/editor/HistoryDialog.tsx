import { useMutation, useQuery } from '@apollo/client/react';
import { ActionIcon, Alert, Button, Group, Loader, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconPencil } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/errors';
import {
  PageHistoryDocument,
  RestorePageVersionDocument,
  UpdatePageVersionCommentsDocument,
  type EditorPageFieldsFragment,
} from '../../gql/graphql';
import { DialogFrame } from '../shell/DialogFrame';
import { ConfirmButton } from '../shell/ConfirmAction';

interface HistoryDialogProps {
  /** Absent: open (the dialog host mounts it only while shown). */
  opened?: boolean;
  pageId: number;
  /** The version the caller edits from, so a restore cannot overwrite a newer save. */
  baseVersion?: number | null;
  /** Restore and comment editing are shown only when the caller may recover (spec §2). */
  canRestore: boolean;
  /** Replaces the confirmation question (the editor warns about its unsaved text). */
  restoreQuestion?: string;
  /** Right before the restore is sent, after the user confirmed (the editor sets its text aside). */
  onBeforeRestore?(): void;
  onClose(): void;
  onRestored?(page: EditorPageFieldsFragment): void;
}

/** A page's earlier versions: compare with the current page, restore, edit their comments. */
export function HistoryDialog({
  opened = true,
  pageId,
  baseVersion,
  canRestore,
  restoreQuestion,
  onBeforeRestore,
  onClose,
  onRestored,
}: HistoryDialogProps) {
  const { t, i18n } = useTranslation('editor');
  const { data, loading, error } = useQuery(PageHistoryDocument, {
    variables: { pageId },
    skip: !opened || pageId <= 0,
    fetchPolicy: 'network-only',
  });
  const [restore, restoring] = useMutation(RestorePageVersionDocument);
  const [editing, setEditing] = useState<{ id: number; text: string } | null>(null);
  const [saveComments] = useMutation(UpdatePageVersionCommentsDocument);

  const versions = data?.pageHistory ?? [];

  // Spec §5: page history needs at least one record, or the dialog closes (with a word why).
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const empty = opened && data !== undefined && data.pageHistory.length === 0;
  useEffect(() => {
    if (!empty) return;
    notifications.show({ color: 'yellow', message: t('history.empty') });
    closeRef.current();
  }, [empty, t]);

  async function doRestore(versionId: number): Promise<void> {
    try {
      onBeforeRestore?.();
      const result = await restore({ variables: { pageId, versionId, baseVersion: baseVersion ?? null } });
      if (result.data) {
        notifications.show({ color: 'green', message: t('history.restored') });
        onRestored?.(result.data.restorePageVersion);
        onClose();
      }
    } catch (failure) {
      notifications.show({ color: 'red', message: errorMessage(failure, t('common.networkError')) });
    }
  }

  async function commitComments(): Promise<void> {
    if (!editing) return;
    try {
      await saveComments({ variables: { pageId, versionId: editing.id, comments: editing.text } });
      notifications.show({ color: 'green', message: t('history.commentsSaved') });
      setEditing(null);
    } catch (failure) {
      notifications.show({ color: 'red', message: errorMessage(failure, t('common.networkError')) });
    }
  }

  return (
    <DialogFrame opened={opened} title={t('history.title')} onClose={onClose} size="xl">
      {loading && !data ? <Loader size="sm" /> : null}
      {error ? <Alert color="red">{errorMessage(error, t('common.networkError'))}</Alert> : null}
      {versions.length > 0 ? (
        <Table.ScrollContainer minWidth={600} maxHeight="60vh">
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('history.version')}</Table.Th>
                <Table.Th>{t('history.savedAt')}</Table.Th>
                <Table.Th>{t('history.author')}</Table.Th>
                <Table.Th>{t('history.comments')}</Table.Th>
                <Table.Th>{t('history.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {versions.map((version) => (
                <Table.Tr key={version.id}>
                  <Table.Td>{version.version}</Table.Td>
                  <Table.Td>{new Date(version.savedAt).toLocaleString(i18n.language)}</Table.Td>
                  <Table.Td>{version.authorName}</Table.Td>
                  <Table.Td>
                    {editing?.id === version.id ? (
                      <Group gap={4} wrap="nowrap">
                        <TextInput
                          size="xs"
                          value={editing.text}
                          aria-label={t('history.comments')}
                          onChange={(event) =>
                            setEditing({ id: version.id, text: event.currentTarget.value })
                          }
                          onKeyDown={(event) => {
                            if (event.key === 'Enter') {
                              event.preventDefault();
                              void commitComments();
                            }
                          }}
                        />
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('dialog.save')}
                          onClick={() => void commitComments()}
                        >
                          <IconCheck size={16} />
                        </ActionIcon>
                      </Group>
                    ) : (
                      <Group gap={4} wrap="nowrap">
                        <Text size="sm">{version.comments}</Text>
                        {canRestore ? (
                          <Tooltip label={t('history.editComments')}>
                            <ActionIcon
                              size="sm"
                              variant="subtle"
                              color="gray"
                              aria-label={t('history.editComments')}
                              onClick={() => setEditing({ id: version.id, text: version.comments })}
                            >
                              <IconPencil size={14} />
                            </ActionIcon>
                          </Tooltip>
                        ) : null}
                      </Group>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="light"
                        component="a"
                        href={`/page/diff/${pageId}/${version.id}`}
                        target="_blank"
                        rel="noopener"
                      >
                        {t('history.diff')}
                      </Button>
                      {canRestore ? (
                        <ConfirmButton
                          label={t('history.restore')}
                          question={restoreQuestion ?? t('history.restoreConfirm')}
                          loading={restoring.loading}
                          onConfirm={() => doRestore(version.id)}
                        />
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </DialogFrame>
  );
}
