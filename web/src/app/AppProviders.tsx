import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { colorSchemeManager, theme } from '../theme/theme';

interface AppProvidersProps {
  client: ApolloClient;
  i18n: I18n;
  children: ReactNode;
  /** 'test' turns off Mantine's transitions and portals (jsdom). */
  env?: 'default' | 'test';
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
          <Notifications position="top-center" />
          {children}
        </MantineProvider>
      </ApolloProvider>
    </I18nextProvider>
  );
}
