import { useQuery } from '@apollo/client/react';
import {
  Anchor,
  Box,
  Button,
  Card,
  Center,
  Container,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconApi, IconDatabase, IconShare, IconUsers, IconWorld } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { MeDocument, SiteInfoDocument } from '../../gql/graphql';
import { LanguageSwitch } from '../../i18n/LanguageSwitch';
import { useSession } from '../../session/session';
import { ColorSchemeToggle } from '../../theme/ColorSchemeToggle';
import { Brand } from '../shell/Brand';

// Quire's own help and demo (issue #22), served by the app itself: no link leaves the site.
const DEMO_URL = '/help/demo';
const HELP_URL = '/help';
const BEIAN_URL = 'https://beian.miit.gov.cn/';

/** `/`: follows the site's home page setting (spec §2), else shows the landing page. */
export function LandingPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const site = useQuery(SiteInfoDocument);
  const me = useQuery(MeDocument, { skip: !token });
  const info = site.data?.siteInfo;

  if (!info && site.loading) {
    return (
      <Center mih="100dvh">
        <Loader />
      </Center>
    );
  }
  if (info?.homePage === 2) return <Navigate to="/user/login" replace />;
  if (info?.homePage === 3 && info.homeItem) return <Navigate to={`/${info.homeItem}`} replace />;
  if (info?.homePage === 4 && info.publicSquareEnabled) return <Navigate to="/public-square" replace />;

  const signedIn = !!token && !!me.data?.me;
  const features: { icon: ReactNode; title: string; text: string }[] = [
    {
      icon: <IconApi size={22} />,
      title: t('landing.features.apiTitle'),
      text: t('landing.features.apiText'),
    },
    {
      icon: <IconDatabase size={22} />,
      title: t('landing.features.dictTitle'),
      text: t('landing.features.dictText'),
    },
    {
      icon: <IconUsers size={22} />,
      title: t('landing.features.teamTitle'),
      text: t('landing.features.teamText'),
    },
    {
      icon: <IconShare size={22} />,
      title: t('landing.features.shareTitle'),
      text: t('landing.features.shareText'),
    },
  ];

  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Container size="lg" w="100%" py="sm">
        <Group justify="space-between" wrap="nowrap">
          <Brand />
          <Group gap={4} wrap="nowrap">
            {info?.publicSquareEnabled ? (
              <Button
                component="a"
                href="/public-square/index"
                target="_blank"
                rel="noopener"
                variant="subtle"
                color="gray"
                size="compact-md"
                leftSection={<IconWorld size={18} />}
                visibleFrom="sm"
              >
                {t('landing.publicSquare')}
              </Button>
            ) : null}
            <LanguageSwitch collapse />
            <ColorSchemeToggle />
            {signedIn ? (
              <Button component={Link} to="/item/index" size="compact-md" variant="light">
                {t('landing.myItems')}
              </Button>
            ) : (
              <Button component={Link} to="/user/login" size="compact-md" variant="light">
                {t('landing.loginOrRegister')}
              </Button>
            )}
          </Group>
        </Group>
      </Container>

      <Container size="md" py={{ base: 40, sm: 80 }} ta="center">
        <Stack align="center" gap="lg">
          <Title order={1} fz={{ base: 30, sm: 44 }} lh={1.2}>
            {t('landing.headline')}
          </Title>
          <Text size="lg" c="dimmed" maw={640}>
            {t('landing.tagline')}
          </Text>
          <Group justify="center" gap="sm">
            <Button component={Link} to="/user/login" size="lg">
              {t('landing.startNow')}
            </Button>
            {info?.publicSquareEnabled ? (
              <Button
                component="a"
                href="/public-square/index"
                target="_blank"
                rel="noopener"
                size="lg"
                variant="default"
              >
                {t('landing.publicSquare')}
              </Button>
            ) : null}
          </Group>
          <Group justify="center" gap="lg">
            <Anchor component={Link} to={DEMO_URL} size="sm">
              {t('landing.demo')}
            </Anchor>
            <Anchor component={Link} to={HELP_URL} size="sm">
              {t('landing.help')}
            </Anchor>
          </Group>
        </Stack>
      </Container>

      <Container size="lg" w="100%" pb={60}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
          {features.map((feature) => (
            <Card key={feature.title} withBorder padding="lg" radius="md">
              <ThemeIcon size={40} radius="md" variant="light" mb="sm">
                {feature.icon}
              </ThemeIcon>
              <Text fw={600} mb={4}>
                {feature.title}
              </Text>
              <Text size="sm" c="dimmed">
                {feature.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>

      <Box
        component="footer"
        mt="auto"
        py="md"
        ta="center"
        style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      >
        <Stack gap={4}>
          {info?.beian ? (
            <Anchor href={BEIAN_URL} target="_blank" rel="noopener noreferrer" size="xs" c="dimmed">
              {info.beian}
            </Anchor>
          ) : null}
          <Text size="xs" c="dimmed">
            {t('landing.poweredBy', { version: info?.version ?? '' })}
          </Text>
        </Stack>
      </Box>
    </Box>
  );
}
