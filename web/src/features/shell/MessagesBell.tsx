import { Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AnnouncementPopup } from '../messages/AnnouncementPopup';
import { HeaderIcon } from './HeaderIcon';
import { useUnreadMessageCount } from './useUnreadMessages';

/** The messages icon with its "New" badge (spec §2 and §9), for signed-in headers only: it polls, and
 * hears of changes live. */
export function MessagesBell() {
  const { t } = useTranslation();
  const unread = useUnreadMessageCount();
  const label = unread > 0 ? t('shell.messagesUnread', { count: unread }) : t('shell.messages');
  return (
    // Around the icon, not inside it: the button would clip the badge. The link's name says the count.
    <Indicator label={t('shell.newBadge')} size={16} disabled={unread === 0} offset={5}>
      <HeaderIcon to="/message/index" label={label}>
        <IconBell size={20} stroke={1.6} />
      </HeaderIcon>
      <AnnouncementPopup unread={unread} />
    </Indicator>
  );
}
