import { useLazyQuery, useQuery } from '@apollo/client/react';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Container,
  Loader,
  Paper,
  Progress,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconDownload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../app/errors';
import {
  ExportPlanDocument,
  type ExportFormat,
  ExportScreenDocument,
  type ExportScreenQuery,
} from '../../gql/graphql';
import { getToken } from '../../session/session';
import { NotFoundPage } from '../shell/NotFoundPage';
import { downloadExport, type DownloadProgress } from './download';

const DIGITS = /^\d+$/;
/** ShowDoc's RunApi items (type 3) have no markdown export (spec 001 §9). */
const API_CLIENT_TYPE = 3;

type Menu = ExportScreenQuery['itemMenu'];
type MenuCatalog = Menu['catalogs'][number];

interface CatalogOption {
  id: number;
  label: string;
  pages: Array<{ id: number; title: string }>;
}

/** The catalog tree three levels deep, as options indented by level. */
export function catalogOptions(menu: Menu): CatalogOption[] {
  const out: CatalogOption[] = [];
  const visit = (
    catalogs: ReadonlyArray<Partial<MenuCatalog> & Pick<MenuCatalog, 'id' | 'name' | 'pages'>>,
    depth: number,
  ) => {
    for (const c of catalogs) {
      out.push({ id: c.id, label: `${'\u00a0\u00a0'.repeat(depth)}${c.name}`, pages: c.pages });
      const children = (c as { catalogs?: typeof catalogs }).catalogs;
      if (children && depth < 2) visit(children, depth + 1);
    }
  };
  visit(menu.catalogs, 0);
  return out;
}

/** /item/export/{item_id}: Word, markdown zip or offline HTML of the item, a catalog or one page (spec §9). */
export function ExportPage() {
  const { itemId = '' } = useParams();
  if (!DIGITS.test(itemId)) return <NotFoundPage />;
  return <ExportScreen itemId={Number(itemId)} />;
}

function ExportScreen({ itemId }: { itemId: number }) {
  const { t } = useTranslation();
  const { data, error } = useQuery(ExportScreenDocument, {
    variables: { itemId },
    fetchPolicy: 'network-only',
  });
  const [plan] = useLazyQuery(ExportPlanDocument, { fetchPolicy: 'network-only' });
  const [format, setFormat] = useState<ExportFormat>('WORD');
  const [catalogId, setCatalogId] = useState<string | null>(null);
  const [pageId, setPageId] = useState<string | null>(null);
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [pageCount, setPageCount] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const catalogs = useMemo(() => (data ? catalogOptions(data.itemMenu) : []), [data]);

  if (error && !data) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red">{errorMessage(error, t('common.networkError'))}</Alert>
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

  const item = data.item;
  const pages = catalogId
    ? (catalogs.find((c) => String(c.id) === catalogId)?.pages ?? [])
    : data.itemMenu.pages;
  const formats = [
    { value: 'WORD', label: t('exportItem.word') },
    ...(item.type === API_CLIENT_TYPE ? [] : [{ value: 'MARKDOWN', label: t('exportItem.markdown') }]),
    { value: 'HTML', label: t('exportItem.html') },
  ];

  async function start() {
    setBusy(true);
    setFailure(null);
    setDone(null);
    setProgress({ received: 0, total: null });
    try {
      const answer = await plan({
        variables: {
          input: {
            itemId,
            format,
            catalogId: catalogId ? Number(catalogId) : null,
            pageId: pageId && format === 'WORD' ? Number(pageId) : null,
          },
        },
      });
      if (answer.error || !answer.data) throw answer.error ?? new Error(t('common.networkError'));
      setPageCount(answer.data.exportPlan.pageCount);
      const saved = await downloadExport(answer.data.exportPlan.downloadPath, getToken(), setProgress);
      setDone(saved.fileName);
    } catch (err) {
      setFailure(errorMessage(err, t('common.networkError')));
    } finally {
      setBusy(false);
    }
  }

  const percent = progress?.total ? Math.min(100, (progress.received / progress.total) * 100) : null;
  return (
    <Container size="sm" py="md">
      <Stack>
        <Anchor component={Link} to={`/${itemId}`} size="sm">
          <IconArrowLeft size={14} /> {item.name}
        </Anchor>
        <Title order={2}>{t('exportItem.title', { name: item.name })}</Title>
        {!item.viewerRights.edit && <Alert color="orange">{t('exportItem.noRight')}</Alert>}
        <Paper withBorder p="md">
          <Stack>
            <div>
              <Text size="sm" fw={500} mb={4}>
                {t('exportItem.format')}
              </Text>
              <SegmentedControl
                fullWidth
                value={format}
                onChange={(value) => setFormat(value as ExportFormat)}
                data={formats}
                aria-label={t('exportItem.format')}
              />
            </div>
            <Select
              label={t('exportItem.catalog')}
              placeholder={t('exportItem.allCatalogs')}
              data={catalogs.map((c) => ({ value: String(c.id), label: c.label }))}
              value={catalogId}
              onChange={(value) => {
                setCatalogId(value);
                setPageId(null);
              }}
              clearable
              searchable
            />
            {format === 'WORD' && (
              <Select
                label={t('exportItem.page')}
                placeholder={t('exportItem.allPages')}
                data={pages.map((p) => ({ value: String(p.id), label: p.title }))}
                value={pageId}
                onChange={setPageId}
                clearable
                searchable
              />
            )}
            <Button leftSection={<IconDownload size={16} />} onClick={() => void start()} loading={busy}>
              {t('exportItem.start')}
            </Button>
            {busy && progress && (
              <Stack gap={4}>
                <Progress value={percent ?? 100} animated={percent === null} striped={percent === null} />
                <Text size="xs" c="dimmed">
                  {pageCount !== null && t('exportItem.pages', { count: pageCount })}{' '}
                  {t('exportItem.received', { size: (progress.received / 1024 / 1024).toFixed(1) })}
                </Text>
              </Stack>
            )}
            {failure && <Alert color="red">{failure}</Alert>}
            {done && <Alert color="green">{t('exportItem.done', { name: done })}</Alert>}
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
