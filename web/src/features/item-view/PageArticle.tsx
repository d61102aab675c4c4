import { useQuery } from '@apollo/client/react';
import {
  ActionIcon,
  Alert,
  Breadcrumbs,
  Button,
  Group,
  Loader,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconPaperclip, IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../app/dialogs/DialogHost';
import { lazyModule, useLazyModule } from '../../app/lazy-module';
import { errorMessage } from '../../app/errors';
import { PageViewDocument, type PageViewQuery } from '../../gql/graphql';
import { parseApiDoc } from '../api-console/parseApiDoc';

/** react-markdown, its plugins and highlight.js load with the first page shown, not with the app. */
const markdownView = lazyModule(() => import('../markdown/MarkdownView'));

export type PageData = PageViewQuery['page'];

export function usePage(pageId: number | null) {
  return useQuery(PageViewDocument, { variables: { id: pageId ?? 0 }, skip: pageId === null });
}

function formatTime(iso: string, language: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });
}

export function MarkdownContent({ content }: { content: string }) {
  const module = useLazyModule(markdownView);
  if (!module) return <Skeleton height={120} radius="md" />;
  return <module.MarkdownView content={content} />;
}

/** A page: breadcrumb (in search results), title, who changed it last, and its rendered markdown. */
export function PageArticle({
  page,
  withBreadcrumb,
  showTitle = true,
}: {
  page: PageData;
  withBreadcrumb: boolean;
  showTitle?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const dialogs = useDialogs();
  const { t: te } = useTranslation('editor');
  // API document pages (method and URL as the API template writes them) get the HTTP console.
  const isApiDoc = useMemo(() => parseApiDoc(page.content) !== null, [page.content]);
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [page.id]);

  return (
    <Stack gap="sm" component="article" data-testid="page-article">
      {withBreadcrumb && page.path.length > 0 ? (
        <Breadcrumbs separatorMargin={4} aria-label={t('itemView.breadcrumb')}>
          {page.path.map((catalog) => (
            <Text key={catalog.id} size="sm" c="dimmed">
              {catalog.name}
            </Text>
          ))}
          <Text size="sm">{page.title}</Text>
        </Breadcrumbs>
      ) : null}
      {showTitle ? (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Title order={1} fz={{ base: 24, sm: 30 }} style={{ wordBreak: 'break-word' }}>
            {page.title}
          </Title>
          {page.attachmentCount ? (
            <Tooltip label={t('itemView.attachments', { count: page.attachmentCount })}>
              <ActionIcon
                variant="subtle"
                color="gray"
                mt={6}
                aria-label={t('itemView.attachments', { count: page.attachmentCount })}
                onClick={() =>
                  dialogs.open('page-attachments', { pageId: page.id, itemId: page.itemId, manage: false })
                }
              >
                <IconPaperclip size={18} />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
      ) : null}
      {isApiDoc ? (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconPlayerPlay size={14} />}
          style={{ alignSelf: 'flex-start' }}
          data-testid="api-try-it"
          onClick={() =>
            dialogs.open('api-console', { itemId: page.itemId, markdown: page.content, title: page.title })
          }
        >
          {te('apiConsole.tryIt')}
        </Button>
      ) : null}
      <Text size="xs" c="dimmed">
        {t('itemView.updatedBy', {
          name: page.authorName || '-',
          time: formatTime(page.updatedAt, i18n.language),
        })}
      </Text>
      {page.content.trim() ? (
        <MarkdownContent content={page.content} />
      ) : (
        <Text c="dimmed" py="lg">
          {t('itemView.pageEmpty')}
        </Text>
      )}
    </Stack>
  );
}

/** Loads and shows one page; errors stay inside the content area. */
export function PageSlot({
  pageId,
  withBreadcrumb,
  showTitle,
}: {
  pageId: number;
  withBreadcrumb: boolean;
  showTitle?: boolean;
}) {
  const { t } = useTranslation();
  const { data, error, loading } = usePage(pageId);
  if (data) return <PageArticle page={data.page} withBreadcrumb={withBreadcrumb} showTitle={showTitle} />;
  if (error) return <Alert color="red">{errorMessage(error, t('common.networkError'))}</Alert>;
  return loading ? <Loader size="sm" /> : null;
}
