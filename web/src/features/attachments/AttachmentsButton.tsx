import { useQuery } from '@apollo/client/react';
import { Badge, Button, Tooltip } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../app/dialogs/DialogHost';
import { PageAttachmentsDocument } from '../../gql/graphql';

/** The editor's "Attachments" button with the page's file count (spec 001 §2); off until the page is saved. */
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
  const dialogs = useDialogs();
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
      onClick={() =>
        dialogs.open('page-attachments', {
          pageId,
          itemId,
          manage: true,
          onInsert,
          onChanged: () => void refetch(),
        })
      }
    >
      {t('attachments.title')}
    </Button>
  );
  return pageId > 0 ? button : <Tooltip label={t('attachments.saveFirst')}>{button}</Tooltip>;
}
