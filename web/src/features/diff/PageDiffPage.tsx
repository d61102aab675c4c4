import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Button,
  Center,
  Container,
  Group,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../app/errors';
import { PageDiffScreenDocument } from '../../gql/graphql';
import { MarkdownContent } from '../item-view/PageArticle';
import { NotFoundPage } from '../shell/NotFoundPage';
import { SideBySideDiff } from './SideBySideDiff';

const DIGITS = /^\d+$/;

/** /page/diff/{page_id}/{page_history_id}: the current page beside one of its history versions. */
export function PageDiffPage() {
  const { pageId = '', historyId = '' } = useParams();
  const valid = DIGITS.test(pageId) && DIGITS.test(historyId);
  if (!valid) return <NotFoundPage />;
  return <PageDiff pageId={Number(pageId)} versionId={Number(historyId)} />;
}

function PageDiff({ pageId, versionId }: { pageId: number; versionId: number }) {
  const { t, i18n } = useTranslation('editor');
  const [mode, setMode] = useState<'changes' | 'rendered'>('changes');
  const { data, error } = useQuery(PageDiffScreenDocument, {
    variables: { pageId, versionId },
    fetchPolicy: 'network-only',
  });
  if (error && !data) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" title={t('diff.loadFailed')}>
          {errorMessage(error, t('common.networkError'))}
        </Alert>
      </Container>
    );
  }
  if (!data) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  const { current, version } = data.pageDiff;
  const time = new Date(version.savedAt).toLocaleString(i18n.language);
  return (
    <Container fluid py="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Stack gap={0}>
            <Title order={3}>
              {t('diff.title')} · {current.title}
            </Title>
            <Text size="sm" c="dimmed">
              {t('diff.versionLabel', { version: version.version, author: version.authorName, time })}
              {version.comments ? ` · ${version.comments}` : ''}
            </Text>
          </Stack>
          <Button
            component={Link}
            to={`/${current.itemId}/${current.id}`}
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
          >
            {t('diff.back')}
          </Button>
        </Group>
        <SegmentedControl
          w="fit-content"
          size="xs"
          aria-label={t('diff.mode')}
          value={mode}
          onChange={(next) => setMode(next === 'rendered' ? 'rendered' : 'changes')}
          data={[
            { value: 'changes', label: t('diff.modeChanges') },
            { value: 'rendered', label: t('diff.modeRendered') },
          ]}
        />
        {mode === 'changes' ? (
          // Spec §2: current page content beside the history version; the history version is the older side.
          <SideBySideDiff
            older={version.content}
            newer={current.content}
            olderLabel={t('diff.history')}
            newerLabel={t('diff.current')}
            newerFirst
            maxHeight="calc(100dvh - 200px)"
          />
        ) : (
          // Both versions as readers see them, through the one markdown pipeline (issue #22).
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" data-testid="diff-rendered">
            <Stack gap="xs">
              <Text fw={600}>{t('diff.current')}</Text>
              <MarkdownContent content={current.content} />
            </Stack>
            <Stack gap="xs">
              <Text fw={600}>{t('diff.history')}</Text>
              <MarkdownContent content={version.content} />
            </Stack>
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}
