import { useQuery } from '@apollo/client/react';
import {
  Alert,
  AppShell,
  Box,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../app/errors';
import { SharedPageDocument } from '../../gql/graphql';
import { LanguageSwitch } from '../../i18n/LanguageSwitch';
import { useSession } from '../../session/session';
import { ColorSchemeToggle } from '../../theme/ColorSchemeToggle';
import { Brand } from '../shell/Brand';
import classes from './ItemView.module.css';
import { MarkdownContent } from './PageArticle';
import { PageToc } from './TableOfContents';
import { useTabTitle } from '../../app/useTabTitle';

function formatTime(iso: string, language: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });
}

/** /p/{unique_key}: a page shared by its own link, shown alone (spec 001 §2). */
export function SharedPageView() {
  const { t, i18n } = useTranslation();
  const { uniqueKey = '' } = useParams();
  const { token } = useSession();
  const { data, error } = useQuery(SharedPageDocument, { variables: { key: uniqueKey } });
  const page = data?.sharedPage;
  useTabTitle(page?.title);

  return (
    <AppShell header={{ height: 56 }} padding={{ base: 'sm', sm: 'lg' }}>
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
        {error && !page ? (
          <Center py={60}>
            <Alert color="red" title={t('sharedPage.cannotOpen')} maw={420} w="100%">
              {errorMessage(error, t('common.networkError'))}
            </Alert>
          </Center>
        ) : !page ? (
          <Center py={60}>
            <Loader />
          </Center>
        ) : (
          <Group align="flex-start" gap="xl" wrap="nowrap" justify="center">
            <Box className={classes.article}>
              <Stack gap="sm" component="article" data-testid="page-article">
                <Title order={1} fz={{ base: 24, sm: 30 }} style={{ wordBreak: 'break-word' }}>
                  {page.title}
                </Title>
                <Text size="xs" c="dimmed">
                  {t('itemView.updatedBy', {
                    name: page.authorName || '-',
                    time: formatTime(page.updatedAt, i18n.language),
                  })}
                  {page.expiresAt
                    ? ` · ${t('sharedPage.expires', { time: formatTime(page.expiresAt, i18n.language) })}`
                    : ''}
                </Text>
                {page.content.trim() ? (
                  <MarkdownContent content={page.content} />
                ) : (
                  <Text c="dimmed" py="lg">
                    {t('itemView.pageEmpty')}
                  </Text>
                )}
              </Stack>
            </Box>
            <Box w={220} visibleFrom="lg" style={{ flexShrink: 0 }} data-print="hide">
              <PageToc version={`${page.key}:${page.content.length}`} />
            </Box>
          </Group>
        )}
      </AppShell.Main>
    </AppShell>
  );
}
