import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { ComingSoonPage } from '../features/shell/ComingSoonPage';
import { NotFoundPage } from '../features/shell/NotFoundPage';
import { PublicLayout } from '../features/shell/PublicLayout';
import { SignedInLayout } from '../features/shell/SignedInLayout';

/**
 * A screen in its own chunk: the first load is the shell, the libraries every screen shares and the screen
 * shown; the others load when visited (the item list's budget, scripts/bundle-report.mjs).
 */
function lazyPage(load: () => Promise<ComponentType>) {
  const Page = lazy(async () => ({ default: await load() }));
  return (
    <Suspense
      fallback={
        <Center mih="50dvh">
          <Loader />
        </Center>
      }
    >
      <Page />
    </Suspense>
  );
}

/** Screens that use the editor's strings (namespace `editor`) load them alongside, not with the app. */
function withEditorStrings(load: () => Promise<ComponentType>) {
  return () => Promise.all([load(), import('../i18n/editorStrings')]).then(([page]) => page);
}

/** The console and the public square bring their strings (namespace `admin`) with them. */
function withAdminStrings(load: () => Promise<ComponentType>) {
  return () => Promise.all([load(), import('../i18n/adminStrings')]).then(([page]) => page);
}

const adminConsole = lazyPage(
  withAdminStrings(() => import('../features/admin/AdminConsolePage').then((m) => m.AdminConsolePage)),
);
const publicSquare = lazyPage(
  withAdminStrings(() => import('../features/square/PublicSquarePage').then((m) => m.PublicSquarePage)),
);

const itemViewPage = withEditorStrings(() =>
  import('../features/item-view/ItemViewPage').then((m) => m.ItemViewPage),
);

/** Spec routes whose screens arrive with later issues; they render inside the signed-in shell. */
const SIGNED_IN_COMING_SOON = ['/prices', '/order/index'];

export const routes: RouteObject[] = [
  { path: '/', element: lazyPage(() => import('../features/site/LandingPage').then((m) => m.LandingPage)) },
  { path: '/help', element: lazyPage(() => import('../features/site/HelpPage').then((m) => m.HelpPage)) },
  {
    path: '/help/demo',
    element: lazyPage(() => import('../features/site/HelpPage').then((m) => m.DemoPage)),
  },
  {
    path: '/user/login',
    element: lazyPage(() => import('../features/accounts/LoginPage').then((m) => m.LoginPage)),
  },
  {
    path: '/user/register',
    element: lazyPage(() => import('../features/accounts/RegisterPage').then((m) => m.RegisterPage)),
  },
  {
    path: '/user/loginByUserToken',
    element: lazyPage(() => import('../features/accounts/TokenLoginPage').then((m) => m.TokenLoginPage)),
  },
  {
    element: <SignedInLayout />,
    children: [
      {
        path: '/item/index',
        element: lazyPage(() => import('../features/items/ItemIndexPage').then((m) => m.ItemIndexPage)),
      },
      {
        path: '/message/index',
        element: lazyPage(() =>
          import('../features/messages/MessageCenterPage').then((m) => m.MessageCenterPage),
        ),
      },
      {
        path: '/item/add',
        element: lazyPage(() =>
          import('../features/items/ItemIndexPage').then((m) => () => <m.ItemIndexPage open="create" />),
        ),
      },
      {
        path: '/item/group/index',
        element: lazyPage(() =>
          import('../features/items/ItemIndexPage').then((m) => () => <m.ItemIndexPage open="groups" />),
        ),
      },
      {
        path: '/user/setting',
        element: lazyPage(() => import('../features/accounts/SettingsPage').then((m) => m.SettingsPage)),
      },
      {
        path: '/item/setting/:itemId',
        element: lazyPage(() =>
          import('../features/item-settings/ItemSettingsPage').then((m) => m.ItemSettingsPage),
        ),
      },
      {
        path: '/page/edit/:itemId/:pageId',
        element: lazyPage(
          withEditorStrings(() => import('../features/editor/PageEditPage').then((m) => m.PageEditPage)),
        ),
      },
      {
        path: '/page/diff/:pageId/:historyId',
        element: lazyPage(
          withEditorStrings(() => import('../features/diff/PageDiffPage').then((m) => m.PageDiffPage)),
        ),
      },
      {
        path: '/catalog/:itemId',
        element: lazyPage(
          withEditorStrings(() =>
            import('../features/catalog-manager/CatalogManagerPage').then((m) => m.CatalogManagerPage),
          ),
        ),
      },
      {
        path: '/team/index',
        element: lazyPage(() => import('../features/teams/TeamIndexPage').then((m) => m.TeamIndexPage)),
      },
      {
        path: '/team/member/:teamId',
        element: lazyPage(() => import('../features/teams/TeamMembersPage').then((m) => m.TeamMembersPage)),
      },
      {
        path: '/team/item/:teamId',
        element: lazyPage(() => import('../features/teams/TeamItemsPage').then((m) => m.TeamItemsPage)),
      },
      {
        path: '/attachment/index',
        element: lazyPage(() =>
          import('../features/attachments/AttachmentLibraryPage').then((m) => m.AttachmentLibraryPage),
        ),
      },
      {
        path: '/item/export/:itemId',
        element: lazyPage(() => import('../features/export/ExportPage').then((m) => m.ExportPage)),
      },
      { path: '/admin/index', element: adminConsole },
      { path: '/admin/*', element: adminConsole },
      ...SIGNED_IN_COMING_SOON.map((path) => ({ path, element: <ComingSoonPage /> })),
    ],
  },
  {
    path: '/item/password/:itemId',
    element: lazyPage(() => import('../features/items/ItemPasswordPage').then((m) => m.ItemPasswordPage)),
  },
  {
    element: <PublicLayout />,
    children: [
      { path: '/public-square', element: publicSquare },
      { path: '/public-square/index', element: publicSquare },
    ],
  },
  // Item display: public items need no account, private ones ask for their visit password.
  {
    path: '/p/:uniqueKey',
    element: lazyPage(() => import('../features/item-view/SharedPageView').then((m) => m.SharedPageView)),
  },
  {
    path: '/page/:pageId',
    element: lazyPage(() => import('../features/item-view/PageViewPage').then((m) => m.PageViewPage)),
  },
  // One route for both addresses: a new page's first save moves /{item} to /{item}/{page} without
  // remounting the item view (and closing its open editor).
  { path: '/:itemKey/:pageId?', element: lazyPage(itemViewPage) },
  { path: '*', element: <NotFoundPage /> },
];
