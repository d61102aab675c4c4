import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import type { i18n as I18n } from 'i18next';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { colorSchemeManager, theme } from '../theme/theme';

interface AppProvidersProps {
  client: ApolloClient;
  i18n: I18n;
  children: ReactNode;
  /** 'test' turns off Mantine's transitions and portals (jsdom). */
  env?: 'default' | 'test';
}

const loadNotificationsHost = () => import('./NotificationsHost');
const NotificationsHost = lazy(loadNotificationsHost);

/**
 * The notification container and its transitions (~8 kB gzipped) are not part of the first load: the
 * browser fetches them once idle after the first screen (so an error still shows if the network goes away
 * later), and they mount with the first notification; `notifications.show()` before that waits in the store.
 */
function LazyNotifications() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') return; // jsdom; older Safari loads on demand
    const id = window.requestIdleCallback(() => void loadNotificationsHost(), { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }, []);
  return needed ? (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  ) : null;
}

/** Everything a screen needs around it; the app and the component tests share it. */
export function AppProviders({ client, i18n, children, env = 'default' }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <ApolloProvider client={client}>
        <MantineProvider
          theme={theme}
          colorSchemeManager={colorSchemeManager}
          defaultColorScheme="light"
          env={env}
        >
          <LazyNotifications />
          {children}
        </MantineProvider>
      </ApolloProvider>
    </I18nextProvider>
  );
}
