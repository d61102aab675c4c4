import { useQuery } from '@apollo/client/react';
import {
  ActionIcon,
  Alert,
  AppShell,
  Box,
  Button,
  Center,
  CloseButton,
  Drawer,
  EmptyState,
  Group,
  Loader,
  ScrollArea,
  Stack,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconArrowsMaximize,
  IconArrowsMinimize,
  IconFoldDown,
  IconFoldUp,
  IconNotebookOff,
  IconSearch,
} from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { errorCode, errorMessage } from '../../app/errors';
import {
  ItemViewDocument,
  MeDocument,
  SearchPagesDocument,
  SiteInfoDocument,
  type ItemViewQuery,
  type MeFieldsFragment,
} from '../../gql/graphql';
import { useSession } from '../../session/session';
import { loginPathFor } from '../accounts/redirect';
import { useDialogs } from '../../app/dialogs/DialogHost';
import { itemPagePath, passwordPath } from '../items/itemLinks';
import { shouldSearch } from '../items/itemSearch';
import { NotFoundPage } from '../shell/NotFoundPage';
import { CatalogTree } from './CatalogTree';
import { BackToTop } from './BackToTop';
import classes from './ItemView.module.css';
import { ItemViewFooter } from './ItemViewFooter';
import { ItemViewHeader } from './ItemViewHeader';
import { PageSlot, usePage } from './PageArticle';
import { FollowPageButton } from '../messages/FollowPageButton';
import { PageLockBanner } from './PageLockBanner';
import { PageComments } from '../page-comments/PageComments';
import { SpreadsheetView } from './SpreadsheetView';

const SpreadsheetEditor = lazy(() => import('../spreadsheet/SpreadsheetEditor'));
import { PageToc } from './TableOfContents';
import { allCatalogIds, catalogPathOf, filterTree, findPage, firstPageId } from './tree';
import { viewRights } from './viewerRights';
import { Watermark } from './Watermark';
import { useTabTitle } from '../../app/useTabTitle';

type ViewItem = ItemViewQuery['item'];

// The editor (turndown, jsdiff, drag and drop) loads for editors only, not with every reader's first load.
const EditorBar = lazy(() => import('../editor/EditorBar').then((m) => ({ default: m.EditorBar })));
const PageEditorDialog = lazy(() =>
  import('../editor/PageEditorDialog').then((m) => ({ default: m.PageEditorDialog })),
);

const DIGITS = /^\d+$/;

/** /{item_id}, /{item_domain}, /{item_id}/{page_id} (and ?page_id=): the item display (spec §2). */
export function ItemViewPage() {
  const { t } = useTranslation();
  const { itemKey = '', pageId: pageParam } = useParams();
  const [params] = useSearchParams();
  const location = useLocation();
  const rawPageId = pageParam ?? params.get('page_id');
  const pageId = rawPageId && DIGITS.test(rawPageId) ? Number(rawPageId) : null;
  const byId = DIGITS.test(itemKey);

  const view = useQuery(ItemViewDocument, {
    variables: byId ? { id: Number(itemKey), pageId } : { domain: itemKey, pageId },
    skip: !!pageParam && !DIGITS.test(pageParam),
  });

  // Another page of the same item asks again (the menu opens on it): keep showing the item meanwhile, so
  // the view, and an editor open in it (a new page's first save moves to /{item}/{page}), stay mounted.
  const previous = view.loading ? view.previousData : undefined;
  const sameItem =
    previous && (byId ? previous.item.id === Number(itemKey) : previous.item.domain === itemKey);
  const data = view.data ?? (sameItem ? previous : undefined);

  if (pageParam && !DIGITS.test(pageParam)) return <NotFoundPage />;
  if (view.error && !data) {
    const code = errorCode(view.error);
    if (code === 'ITEM_PASSWORD_REQUIRED') {
      // The whole address comes back after unlocking, ?page_id= included.
      const back = `${location.pathname}${location.search}`;
      return <Navigate to={passwordPath(itemKey, back, pageId)} replace />;
    }
    // Force login (spec §4, 10312): the visitor signs in and comes back.
    if (code === 'UNAUTHENTICATED') return <Navigate to={loginPathFor(location) ?? '/user/login'} replace />;
    return (
      <Center mih="100dvh" p="md">
        <Stack align="center" gap="md" maw={420} ta="center">
          <Alert color="red" title={t('itemView.cannotOpen')} w="100%">
            {errorMessage(view.error, t('common.networkError'))}
          </Alert>
          <Button component={Link} to="/" variant="light">
            {t('common.backHome')}
          </Button>
        </Stack>
      </Center>
    );
  }
  if (!data) {
    return (
      <Center mih="100dvh">
        <Loader />
      </Center>
    );
  }
  return (
    <ItemView
      key={data.item.id}
      item={data.item}
      requestedPageId={pageId}
      onMenuChanged={() => void view.refetch()}
    />
  );
}

function useViewer(): MeFieldsFragment | null {
  const { token, user } = useSession();
  const { data } = useQuery(MeDocument, { skip: !token });
  if (!token) return null;
  return data?.me ?? user ?? null;
}

interface ItemViewProps {
  item: ViewItem;
  requestedPageId: number | null;
  /** Pages or catalogs were added, changed or removed: fetch the item and its menu again. */
  onMenuChanged(): void;
}

function ItemView({ item, requestedPageId, onMenuChanged }: ItemViewProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useViewer();
  const site = useQuery(SiteInfoDocument);
  const dialogs = useDialogs();
  const [drawerOpened, setDrawerOpened] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState(false);
  // The editor dialog's code is fetched on the first edit, then the dialog stays mounted (its transitions).
  const [editorWanted, setEditorWanted] = useState(false);
  const rights = viewRights(item);

  const menu = item.menu;
  const regular = item.type !== 2 && item.type !== 4;
  const pageId = requestedPageId ?? firstPageId(menu);
  const page = usePage(pageId);
  const menuPage = pageId !== null ? findPage(menu, pageId) : null;
  const pageTitle = page.data?.page.title ?? menuPage?.title ?? '';
  useTabTitle(pageTitle, item.name);

  // Catalogs open: the server's path to the requested page, then whatever the reader opens.
  const [openIds, setOpenIds] = useState<Set<number>>(() => new Set(menu.defaultCatalogPath));
  useEffect(() => {
    if (pageId === null) return;
    const path = catalogPathOf(menu, pageId);
    if (path.length === 0) return;
    setOpenIds((current) => (path.every((id) => current.has(id)) ? current : new Set([...current, ...path])));
  }, [menu, pageId]);

  const [debounced] = useDebouncedValue(keyword, 300);
  const searching = keyword.trim() !== '';
  const contentSearch = useQuery(SearchPagesDocument, {
    variables: { query: debounced.trim(), itemId: item.id, first: 100 },
    skip: !regular || !shouldSearch(debounced),
  });
  const contentMatches = useMemo(
    () => new Set(contentSearch.data?.search.edges.map((edge) => edge.node.page.id) ?? []),
    [contentSearch.data],
  );
  const visibleTree = useMemo(
    () => (searching ? filterTree(menu, keyword, contentMatches) : menu),
    [searching, menu, keyword, contentMatches],
  );

  const watermark =
    site.data?.siteInfo.showWatermark && me
      ? [me.username, me.name ?? '', new Date().toLocaleDateString()].filter(Boolean)
      : null;

  const canEdit = rights.edit && !rights.archived;
  const catalogId = page.data?.page.catalogId ?? null;
  // A member who edits some catalogs and only reads others gets the edit button on the former only.
  const editScope = rights.editScope;
  const topCatalogId = page.data?.page.path[0]?.id ?? null;
  const canEditPage =
    canEdit && (pageId === null || !editScope || topCatalogId === null || editScope.includes(topCatalogId));
  // Regular items edit in the dialog (no page yet: a new one); single-page items and spreadsheets keep
  // their full-page editor at /page/edit/{item_id}/{page_id}.
  const editHref = !regular && pageId !== null ? `/page/edit/${item.id}/${pageId}` : null;

  const editorBar = canEdit ? (
    <Suspense fallback={null}>
      <EditorBar
        itemId={item.id}
        pageId={pageId}
        catalogId={catalogId}
        canManage={rights.manage}
        onChanged={onMenuChanged}
        onExpandAll={() => setOpenIds(new Set(allCatalogIds(menu)))}
        onCollapseAll={() => setOpenIds(new Set())}
      />
    </Suspense>
  ) : null;

  const tree = (
    <Stack gap="xs">
      <Group gap={4} wrap="nowrap">
        <TextInput
          size="xs"
          placeholder={t('itemView.searchPlaceholder')}
          aria-label={t('itemView.search')}
          leftSection={<IconSearch size={14} />}
          value={keyword}
          onChange={(event) => setKeyword(event.currentTarget.value)}
          rightSection={
            keyword ? (
              <CloseButton size="xs" aria-label={t('items.clearSearch')} onClick={() => setKeyword('')} />
            ) : null
          }
          style={{ flex: 1 }}
          type="search"
        />
        <Tooltip label={t('itemView.expandAll')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('itemView.expandAll')}
            onClick={() => setOpenIds(new Set(allCatalogIds(menu)))}
          >
            <IconFoldDown size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('itemView.collapseAll')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('itemView.collapseAll')}
            onClick={() => setOpenIds(new Set())}
          >
            <IconFoldUp size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <CatalogTree
        tree={visibleTree}
        currentPageId={pageId}
        openIds={openIds}
        expandAll={searching}
        onToggle={(id, open) =>
          setOpenIds((current) => {
            const next = new Set(current);
            if (open) next.add(id);
            else next.delete(id);
            return next;
          })
        }
        pageHref={(id) => itemPagePath(item, id)}
        onNavigate={() => setDrawerOpened(false)}
      />
    </Stack>
  );

  let body;
  if (pageId === null) {
    body = (
      <EmptyState
        py={60}
        icon={<IconNotebookOff size={34} stroke={1.4} />}
        withIndicatorBackground
        title={t('itemView.emptyTitle')}
        description={rights.edit ? t('itemView.emptyHint') : t('itemView.emptyText')}
        data-testid="item-empty"
      />
    );
  } else if (item.type === 4) {
    // The grid editor (x-data-spreadsheet) loads in its own chunk; the read-only table shows meanwhile.
    body = page.data ? (
      <Suspense fallback={<SpreadsheetView content={page.data.page.content} />}>
        <SpreadsheetEditor
          itemId={item.id}
          itemName={item.name}
          pageId={pageId}
          canEdit={canEdit}
          myUserId={me?.id ?? null}
        />
      </Suspense>
    ) : (
      <PageSlot pageId={pageId} withBreadcrumb={false} />
    );
  } else {
    body = <PageSlot pageId={pageId} withBreadcrumb={searching} showTitle={item.type !== 2} />;
  }

  const navbarHidden = !regular || fullscreen;
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{
        width: { sm: 260, md: 300 },
        breakpoint: 'sm',
        collapsed: { mobile: true, desktop: navbarHidden },
      }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header>
        <ItemViewHeader
          item={item}
          rights={rights}
          me={me}
          page={pageId !== null ? { id: pageId, title: pageTitle } : null}
          editHref={editHref}
          onEdit={
            regular && canEditPage
              ? () => {
                  setEditorWanted(true);
                  setEditing(true);
                }
              : undefined
          }
          dialogs={dialogs}
          onGone={() => void navigate('/item/index')}
          onOpenCatalog={regular ? () => setDrawerOpened(true) : undefined}
        />
      </AppShell.Header>
      {regular ? (
        <AppShell.Navbar p="sm">
          <AppShell.Section grow component={ScrollArea} type="auto">
            {tree}
          </AppShell.Section>
          {editorBar ? <AppShell.Section pt="xs">{editorBar}</AppShell.Section> : null}
        </AppShell.Navbar>
      ) : null}
      <AppShell.Main>
        <Group align="flex-start" gap="xl" wrap="nowrap" justify="center">
          <Box className={classes.article} maw={item.type === 4 ? '100%' : undefined}>
            {regular && pageId !== null ? (
              <Group justify="flex-end" visibleFrom="sm" mb={-8}>
                <Tooltip label={fullscreen ? t('itemView.exitFullscreen') : t('itemView.fullscreen')}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={fullscreen ? t('itemView.exitFullscreen') : t('itemView.fullscreen')}
                    onClick={() => setFullscreen((value) => !value)}
                  >
                    {fullscreen ? <IconArrowsMinimize size={16} /> : <IconArrowsMaximize size={16} />}
                  </ActionIcon>
                </Tooltip>
              </Group>
            ) : null}
            {/* Every signed-in reader learns that the page is being changed (spec §4). */}
            {me && pageId !== null ? (
              <PageLockBanner key={pageId} pageId={pageId} myUserId={me?.id ?? null} />
            ) : null}
            {me && pageId !== null ? <FollowPageButton key={`follow-${pageId}`} pageId={pageId} /> : null}
            {body}
            {regular && pageId !== null ? (
              <PageComments key={`comments-${pageId}`} pageId={pageId} signedIn={!!me} />
            ) : null}
            <ItemViewFooter signedIn={!!me} />
          </Box>
          {pageId !== null && item.type !== 4 ? (
            <Box w={220} visibleFrom="lg" style={{ flexShrink: 0 }} data-print="hide">
              <PageToc version={`${pageId}:${page.data?.page.content.length ?? 0}`} />
            </Box>
          ) : null}
        </Group>
      </AppShell.Main>
      {regular ? (
        <Drawer
          opened={drawerOpened}
          onClose={() => setDrawerOpened(false)}
          position="right"
          size="80%"
          title={item.name}
          hiddenFrom="sm"
        >
          {tree}
          {editorBar ? (
            <Box pt="sm" mt="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
              {editorBar}
            </Box>
          ) : null}
        </Drawer>
      ) : null}
      <BackToTop />
      {watermark ? <Watermark lines={watermark} /> : null}
      {regular && canEdit && editorWanted ? (
        <Suspense fallback={null}>
          <PageEditorDialog
            itemId={item.id}
            pageId={pageId ?? 0}
            catalogId={catalogId}
            opened={editing}
            onClose={() => {
              setEditing(false);
              if (pageId !== null) void page.refetch();
            }}
            onSaved={(saved) => {
              onMenuChanged();
              if (saved.created) void navigate(itemPagePath({ id: saved.itemId }, saved.id));
            }}
          />
        </Suspense>
      ) : null}
    </AppShell>
  );
}
