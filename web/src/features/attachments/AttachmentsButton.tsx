import { useQuery } from '@apollo/client/react';
import { Badge, Button, Tooltip } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageAttachmentsDocument } from '../../gql/graphql';
import { AttachmentsDialog } from './AttachmentsDialog';

/**
 * The editor's "Attachments" button with the page's file count (spec 001 §2); off until the page is saved.
 * It shows the dialog itself, as the editor does its other dialogs: the editor is a dialog-host kind, and
 * opening kinds from inside one would close an import cycle (test/architecture.test.ts).
 */
export function AttachmentsButton({
  itemId,
  pageId,
  onInsert,
}: {
  itemId: number;
  /** 0: a new page, not saved yet. */
  pageId: number;
  onInsert(markdown: string): void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { data, refetch } = useQuery(PageAttachmentsDocument, {
    variables: { pageId },
    skip: pageId <= 0,
    fetchPolicy: 'cache-and-network',
  });
  const count = data?.page.attachments.length ?? 0;
  const button = (
    <Button
      variant="default"
      disabled={pageId <= 0}
      leftSection={<IconPaperclip size={16} />}
      rightSection={
        count > 0 ? (
          <Badge size="sm" circle data-testid="attachment-count">
            {count}
          </Badge>
        ) : null
      }
      onClick={() => setOpen(true)}
    >
      {t('attachments.title')}
    </Button>
  );
  if (pageId <= 0) return <Tooltip label={t('attachments.saveFirst')}>{button}</Tooltip>;
  return (
    <>
      {button}
      {open ? (
        <AttachmentsDialog
          pageId={pageId}
          itemId={itemId}
          manage
          onInsert={onInsert}
          onChanged={() => void refetch()}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
