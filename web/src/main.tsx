import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './theme/print.css';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useNavigate, useRoutes, type NavigateFunction } from 'react-router';
import { AppProviders } from './app/AppProviders';
import { DialogHost } from './app/dialogs/DialogHost';
import { createApollo } from './app/apollo';
import { routes } from './app/routes';
import { loginPathFor } from './features/accounts/redirect';
import { createI18n, currentLanguage } from './i18n/i18n';
import { clearSession, getToken, subscribeSession } from './session/session';

const i18n = createI18n();

// A declarative router: the screens use no loaders, actions or blockers, and the data router's code would
// add ~17 kB gzipped to every first load. `navigate` lets code outside React (the Apollo error link) move on.
let navigate: NavigateFunction | null = null;
function RouteTable() {
  const current = useNavigate();
  useEffect(() => {
    navigate = current;
  }, [current]);
  return useRoutes(routes);
}

const apollo = createApollo({
  getToken,
  getLanguage: () => currentLanguage(i18n),
  // Spec §4: an invalid session goes to the login page with the current path as redirect.
  onUnauthenticated: () => {
    clearSession();
    void apollo.client.clearStore();
    const to = loginPathFor(window.location);
    if (to && navigate) void navigate(to, { replace: true });
    else if (to) window.location.replace(to);
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
      <BrowserRouter>
        <DialogHost>
          <RouteTable />
        </DialogHost>
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
