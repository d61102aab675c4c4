import { useQuery } from '@apollo/client/react';
import { Alert, AppShell, Box, Button, Center, Group, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { errorCode, errorMessage, errorNumber } from '../../app/errors';
import { ItemBriefDocument, MeDocument, SiteInfoDocument } from '../../gql/graphql';
import { useSession } from '../../session/session';
import { loginPathFor } from '../accounts/redirect';
import { useDialogs } from '../../app/dialogs/DialogHost';
import { passwordPath } from '../items/itemLinks';
import { NotFoundPage } from '../shell/NotFoundPage';
import classes from './ItemView.module.css';
import { ItemViewFooter } from './ItemViewFooter';
import { ItemViewHeader } from './ItemViewHeader';
import { PageArticle, usePage } from './PageArticle';
import { PageToc } from './TableOfContents';
import { viewRights } from './viewerRights';
import { Watermark } from './Watermark';
import { useTabTitle } from '../../app/useTabTitle';

/** /page/{page_id}: one page on its own, without the item's catalog (spec 001 §2 route table). */
export function PageViewPage() {
  const { t } = useTranslation();
  const { pageId: raw = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const valid = /^\d+$/.test(raw);
  const page = usePage(valid ? Number(raw) : null);
  const itemId = page.data?.page.itemId ?? null;
  const item = useQuery(ItemBriefDocument, { variables: { id: itemId ?? 0 }, skip: itemId === null });
  const { token, user } = useSession();
  const meQuery = useQuery(MeDocument, { skip: !token });
  const me = token ? (meQuery.data?.me ?? user ?? null) : null;
  const site = useQuery(SiteInfoDocument);
  const dialogs = useDialogs();
  useTabTitle(page.data?.page.title, item.data?.item.name);

  if (!valid) return <NotFoundPage />;
  const error = page.error ?? item.error;
  if (error && !(page.data && item.data)) {
    const code = errorCode(error);
    if (code === 'UNAUTHENTICATED') return <Navigate to={loginPathFor(location) ?? '/user/login'} replace />;
    if (code === 'ITEM_PASSWORD_REQUIRED') {
      // Spec §4/§8: the item's password screen, or /item/password/0 with the page id when the server did
      // not say which item; the page opens again afterwards.
      const lockedItem = errorNumber(error, 'itemId') ?? itemId ?? 0;
      const back = `${location.pathname}${location.search}`;
      return <Navigate to={passwordPath(String(lockedItem), back, Number(raw))} replace />;
    }
    return (
      <Center mih="100dvh" p="md">
        <Stack align="center" gap="md" maw={420} ta="center">
          <Alert color="red" title={t('itemView.cannotOpenPage')} w="100%">
            {errorMessage(error, t('common.networkError'))}
          </Alert>
          <Group justify="center">
            {me ? null : (
              <Button component={Link} to={loginPathFor(location) ?? '/user/login'}>
                {t('landing.login')}
              </Button>
            )}
            <Button component={Link} to="/" variant="light">
              {t('common.backHome')}
            </Button>
          </Group>
        </Stack>
      </Center>
    );
  }
  if (!page.data || !item.data) {
    return (
      <Center mih="100dvh">
        <Loader />
      </Center>
    );
  }

  const current = page.data.page;
  const viewItem = item.data.item;
  const watermark =
    site.data?.siteInfo.showWatermark && me
      ? [me.username, me.name ?? '', new Date().toLocaleDateString()].filter(Boolean)
      : null;
  return (
    <AppShell header={{ height: 56 }} padding={{ base: 'sm', sm: 'lg' }}>
      <AppShell.Header>
        <ItemViewHeader
          item={viewItem}
          rights={viewRights(viewItem)}
          me={me}
          page={{ id: current.id, title: current.title }}
          editHref={`/page/edit/${viewItem.id}/${current.id}`}
          dialogs={dialogs}
          onGone={() => void navigate('/item/index')}
        />
      </AppShell.Header>
      <AppShell.Main>
        <Group align="flex-start" gap="xl" wrap="nowrap" justify="center">
          <Box className={classes.article}>
            <PageArticle page={current} withBreadcrumb />
            <ItemViewFooter signedIn={!!me} />
          </Box>
          <Box w={220} visibleFrom="lg" style={{ flexShrink: 0 }} data-print="hide">
            <PageToc version={`${current.id}:${current.content.length}`} />
          </Box>
        </Group>
      </AppShell.Main>
      {watermark ? <Watermark lines={watermark} /> : null}
    </AppShell>
  );
}
