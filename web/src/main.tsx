import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/AppProviders';
import { createApollo } from './app/apollo';
import { routes } from './app/routes';
import { loginPathFor } from './features/accounts/redirect';
import { createI18n, currentLanguage } from './i18n/i18n';
import { clearSession, getToken, subscribeSession } from './session/session';

const i18n = createI18n();
const router = createBrowserRouter(routes);

const apollo = createApollo({
  getToken,
  getLanguage: () => currentLanguage(i18n),
  // Spec §4: an invalid session goes to the login page with the current path as redirect.
  onUnauthenticated: () => {
    clearSession();
    void apollo.client.clearStore();
    const to = loginPathFor(router.state.location);
    if (to) void router.navigate(to, { replace: true });
  },
});

// The WebSocket authenticates once per connection: reconnect when the token changes.
let lastToken = getToken();
subscribeSession(() => {
  const token = getToken();
  if (token !== lastToken) {
    lastToken = token;
    apollo.restartSocket();
  }
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders client={apollo.client} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
