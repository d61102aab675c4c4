import { ActionIcon, Container, Group, Indicator, Tooltip } from '@mantine/core';
import { IconBell, IconPaperclip, IconShieldLock, IconUsersGroup } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MeFieldsFragment } from '../../gql/graphql';
import { LanguageSwitch } from '../../i18n/LanguageSwitch';
import { ColorSchemeToggle } from '../../theme/ColorSchemeToggle';
import { Brand } from './Brand';
import { useUnreadMessageCount } from './useUnreadMessages';
import { UserMenu } from './UserMenu';

/** The item-list header icon bar (spec §2): attachments, messages, teams, admin, language, theme, user. */
export function HeaderBar({ me }: { me: MeFieldsFragment }) {
  const { t } = useTranslation();
  const unread = useUnreadMessageCount();

  return (
    // Lined up with the page content below (AppShell padding plus the Container's own padding).
    <Container size="xl" h="100%" px={{ base: 'sm', sm: 'xl' }}>
      <Group h="100%" justify="space-between" wrap="nowrap">
        <Brand to="/item/index" collapse />
        <Group gap={2} wrap="nowrap">
          <HeaderIcon to="/attachment/index" label={t('shell.attachments')}>
            <IconPaperclip size={20} stroke={1.6} />
          </HeaderIcon>
          {/* Around the icon, not inside it: the button would clip the badge. The link's name says the count. */}
          <Indicator label={t('shell.newBadge')} size={16} disabled={unread === 0} offset={5}>
            <HeaderIcon
              to="/message/index"
              label={unread > 0 ? t('shell.messagesUnread', { count: unread }) : t('shell.messages')}
            >
              <IconBell size={20} stroke={1.6} />
            </HeaderIcon>
          </Indicator>
          <HeaderIcon to="/team/index" label={t('shell.teams')}>
            <IconUsersGroup size={20} stroke={1.6} />
          </HeaderIcon>
          {me.isAdmin ? (
            <HeaderIcon to="/admin/index" label={t('shell.admin')}>
              <IconShieldLock size={20} stroke={1.6} />
            </HeaderIcon>
          ) : null}
          <LanguageSwitch collapse />
          <ColorSchemeToggle />
          <UserMenu me={me} />
        </Group>
      </Group>
    </Container>
  );
}

function HeaderIcon({ to, label, children }: { to: string; label: string; children: ReactNode }) {
  return (
    <Tooltip label={label}>
      <ActionIcon component={Link} to={to} variant="subtle" color="gray" size="lg" aria-label={label}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
