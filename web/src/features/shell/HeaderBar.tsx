import { Container, Group } from '@mantine/core';
import { IconPaperclip, IconShieldLock, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MeFieldsFragment } from '../../gql/graphql';
import { LanguageSwitch } from '../../i18n/LanguageSwitch';
import { ColorSchemeToggle } from '../../theme/ColorSchemeToggle';
import { Brand } from './Brand';
import { HeaderIcon } from './HeaderIcon';
import { MessagesBell } from './MessagesBell';
import { UserMenu } from './UserMenu';

/** The item-list header icon bar (spec §2): attachments, messages, teams, admin, language, theme, user. */
export function HeaderBar({ me }: { me: MeFieldsFragment }) {
  const { t } = useTranslation();

  return (
    // Lined up with the page content below (AppShell padding plus the Container's own padding).
    <Container size="xl" h="100%" px={{ base: 'sm', sm: 'xl' }}>
      <Group h="100%" justify="space-between" wrap="nowrap">
        <Brand to="/item/index" collapse />
        <Group gap={2} wrap="nowrap">
          <HeaderIcon to="/attachment/index" label={t('shell.attachments')}>
            <IconPaperclip size={20} stroke={1.6} />
          </HeaderIcon>
          <MessagesBell />
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
