import { ApolloClient, InMemoryCache } from '@apollo/client';
import { MockLink } from '@apollo/client/testing';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation, useRoutes, type Location } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { DialogHost } from '../app/dialogs/DialogHost';
import { routes } from '../app/routes';
import { createI18n, type Language } from '../i18n/i18n';
import { unreadMessagesMock } from './mocks';

export interface RenderRouteOptions {
  mocks?: ReadonlyArray<MockLink.MockedResponse>;
  language?: Language;
}

/**
 * Renders the real route table at `path`, with GraphQL answered by Apollo's MockLink. A declarative
 * MemoryRouter stands in for the app's data router: jsdom has no `Request`, which data-router
 * navigations construct; the screens use the same hooks under both.
 */
export function renderRoute(path: string, { mocks = [], language = 'en' }: RenderRouteOptions = {}) {
  const client = new ApolloClient({
    cache: new InMemoryCache(),
    // The header's badge polls on every signed-in screen: answered 0 unless the test says otherwise.
    link: new MockLink([...mocks, unreadMessagesMock(0)], { defaultOptions: { delay: 0 } }),
  });
  const i18n = createI18n(language);
  const current: { location: Location | null } = { location: null };
  const result = render(
    <AppProviders client={client} i18n={i18n} env="test">
      <MemoryRouter initialEntries={[path]}>
        <DialogHost>
          <RouteTable onLocation={(location) => (current.location = location)} />
        </DialogHost>
      </MemoryRouter>
    </AppProviders>,
  );
  return {
    ...result,
    client,
    i18n,
    /** Where the router is now. */
    location: (): Location => {
      if (!current.location) throw new Error('the router has not rendered');
      return current.location;
    },
  };
}

function RouteTable({ onLocation }: { onLocation(location: Location): void }) {
  onLocation(useLocation());
  return useRoutes(routes);
}
