import type { RouteObject } from 'react-router';
import { LoginPage } from '../features/accounts/LoginPage';
import { RegisterPage } from '../features/accounts/RegisterPage';
import { SettingsPage } from '../features/accounts/SettingsPage';
import { TokenLoginPage } from '../features/accounts/TokenLoginPage';
import { ItemIndexPage } from '../features/items/ItemIndexPage';
import { ComingSoonPage } from '../features/shell/ComingSoonPage';
import { NotFoundPage } from '../features/shell/NotFoundPage';
import { PublicLayout } from '../features/shell/PublicLayout';
import { SignedInLayout } from '../features/shell/SignedInLayout';
import { LandingPage } from '../features/site/LandingPage';

/** Spec routes whose screens arrive with later issues; they render inside the signed-in shell. */
const SIGNED_IN_COMING_SOON = [
  '/item/group/index',
  '/item/setting/:itemId',
  '/catalog/:itemId',
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

/** Open to visitors: public items need no account, private ones ask for their visit password. */
const PUBLIC_COMING_SOON = [
  '/item/password/:itemId',
  '/public-square/index',
  '/:itemKey',
  '/:itemKey/:pageId',
];

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
      ...SIGNED_IN_COMING_SOON.map((path) => ({ path, element: <ComingSoonPage /> })),
    ],
  },
  {
    element: <PublicLayout />,
    children: PUBLIC_COMING_SOON.map((path) => ({ path, element: <ComingSoonPage /> })),
  },
  { path: '*', element: <NotFoundPage /> },
];
