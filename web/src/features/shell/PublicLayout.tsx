import { AppShell, Button, Container, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LanguageSwitch } from '../../i18n/LanguageSwitch';
import { useSession } from '../../session/session';
import { ColorSchemeToggle } from '../../theme/ColorSchemeToggle';
import { Brand } from './Brand';

/** Routes open to visitors (item display, the public square, the item password screen). */
export function PublicLayout() {
  const { t } = useTranslation();
  const { token } = useSession();
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header>
        <Container size="xl" h="100%" px={{ base: 'sm', sm: 'xl' }}>
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Brand collapse />
            <Group gap={4} wrap="nowrap">
              <LanguageSwitch collapse />
              <ColorSchemeToggle />
              <Button
                component={Link}
                to={token ? '/item/index' : '/user/login'}
                variant="light"
                size="compact-md"
              >
                {token ? t('landing.myItems') : t('landing.login')}
              </Button>
            </Group>
          </Group>
        </Container>
      </AppShell.Header>
      <AppShell.Main>
        <Container size="xl">
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
