import { useLazyQuery, useMutation } from '@apollo/client/react';
import { Button, Group, Modal, Typography } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  HeaderUnreadMessagesDocument,
  MarkMessageReadDocument,
  UnreadAnnouncementDocument,
  type AnnouncementFieldsFragment,
} from '../../gql/graphql';

/**
 * A new announcement pops up once (as ShowDoc's web client shows it): asked for whenever the unread count
 * changes, and marked read when the user closes it, so it never shows again on any device.
 */
export function AnnouncementPopup({ unread }: { unread: number }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<AnnouncementFieldsFragment | null>(null);
  const [ask] = useLazyQuery(UnreadAnnouncementDocument, { fetchPolicy: 'network-only' });
  const [markRead] = useMutation(MarkMessageReadDocument, { refetchQueries: [HeaderUnreadMessagesDocument] });

  useEffect(() => {
    if (unread <= 0 || shown) return;
    void ask()
      .then((answer) => {
        const announcement = answer.data?.unreadMessages.unreadAnnouncement;
        if (announcement) setShown(announcement);
      })
      .catch(() => undefined);
  }, [unread, shown, ask]);

  if (!shown) return null;
  const close = () => {
    void markRead({ variables: { contentId: shown.id } }).catch(() => undefined);
    setShown(null);
  };
  return (
    <Modal opened onClose={close} title={t('messageCenter.announcementTitle')} centered>
      {/* Sanitised by the server to ShowDoc's tag list. */}
      <Typography>
        <div data-testid="announcement-popup" dangerouslySetInnerHTML={{ __html: shown.html }} />
      </Typography>
      <Group justify="flex-end" mt="md">
        <Button onClick={close}>{t('messageCenter.gotIt')}</Button>
      </Group>
    </Modal>
  );
}
