import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { LoginPage } from '../features/accounts/LoginPage';
import { RegisterPage } from '../features/accounts/RegisterPage';
import { SettingsPage } from '../features/accounts/SettingsPage';
import { TokenLoginPage } from '../features/accounts/TokenLoginPage';
import { ItemIndexPage } from '../features/items/ItemIndexPage';
import { ItemPasswordPage } from '../features/items/ItemPasswordPage';
import { ComingSoonPage } from '../features/shell/ComingSoonPage';
import { NotFoundPage } from '../features/shell/NotFoundPage';
import { PublicLayout } from '../features/shell/PublicLayout';
import { SignedInLayout } from '../features/shell/SignedInLayout';
import { LandingPage } from '../features/site/LandingPage';

/** A screen in its own chunk: the item display is what visitors load, so it stays out of the main bundle. */
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

const itemViewPage = () => import('../features/itemView/ItemViewPage').then((m) => m.ItemViewPage);

/** Spec routes whose screens arrive with later issues; they render inside the signed-in shell. */
const SIGNED_IN_COMING_SOON = [
  '/item/group/index',
  '/item/add',
  '/item/export/:itemId',
  '/team/index',
  '/team/member/:teamId',
  '/team/item/:teamId',
  '/attachment/index',
  '/message/index',
  '/admin/index',
  '/admin/*',
  '/prices',
  '/order/index',
];

/** Open to visitors; the public square arrives with a later release. */
const PUBLIC_COMING_SOON = ['/public-square', '/public-square/index'];

export const routes: RouteObject[] = [
  { path: '/', element: <LandingPage /> },
  { path: '/user/login', element: <LoginPage /> },
  { path: '/user/register', element: <RegisterPage /> },
  { path: '/user/loginByUserToken', element: <TokenLoginPage /> },
  {
    element: <SignedInLayout />,
    children: [
      { path: '/item/index', element: <ItemIndexPage /> },
      { path: '/user/setting', element: <SettingsPage /> },
      {
        path: '/item/setting/:itemId',
        element: lazyPage(() =>
          import('../features/itemSettings/ItemSettingsPage').then((m) => m.ItemSettingsPage),
        ),
      },
      {
        path: '/page/edit/:itemId/:pageId',
        element: lazyPage(() => import('../features/editor/PageEditPage').then((m) => m.PageEditPage)),
      },
      {
        path: '/page/diff/:pageId/:historyId',
        element: lazyPage(() => import('../features/diff/PageDiffPage').then((m) => m.PageDiffPage)),
      },
      {
        path: '/catalog/:itemId',
        element: lazyPage(() =>
          import('../features/catalog-manager/CatalogManagerPage').then((m) => m.CatalogManagerPage),
        ),
      },
      ...SIGNED_IN_COMING_SOON.map((path) => ({ path, element: <ComingSoonPage /> })),
    ],
  },
  { path: '/item/password/:itemId', element: <ItemPasswordPage /> },
  {
    element: <PublicLayout />,
    children: PUBLIC_COMING_SOON.map((path) => ({ path, element: <ComingSoonPage /> })),
  },
  // Item display: public items need no account, private ones ask for their visit password.
  {
    path: '/p/:uniqueKey',
    element: lazyPage(() => import('../features/itemView/SharedPageView').then((m) => m.SharedPageView)),
  },
  {
    path: '/page/:pageId',
    element: lazyPage(() => import('../features/itemView/PageViewPage').then((m) => m.PageViewPage)),
  },
  { path: '/:itemKey', element: lazyPage(itemViewPage) },
  { path: '/:itemKey/:pageId', element: lazyPage(itemViewPage) },
  { path: '*', element: <NotFoundPage /> },
];
