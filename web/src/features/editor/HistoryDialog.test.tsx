import { ApolloClient, InMemoryCache } from '@apollo/client';
import { MockLink } from '@apollo/client/testing';
import { describe, expect, it, jest } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../../app/AppProviders';
import { PageHistoryDocument } from '../../gql/graphql';
import { createI18n } from '../../i18n/i18n';
import { HistoryDialog } from './HistoryDialog';

describe('HistoryDialog', () => {
  it('tells the user and closes when the page has no history record (spec §5)', async () => {
    const onClose = jest.fn();
    const client = new ApolloClient({
      cache: new InMemoryCache(),
      link: new MockLink(
        [
          {
            request: { query: PageHistoryDocument, variables: { pageId: 41 } },
            result: { data: { pageHistory: [] } },
          },
        ],
        { defaultOptions: { delay: 0 } },
      ),
    });
    render(
      <AppProviders client={client} i18n={createI18n('en')} env="test">
        <MemoryRouter>
          <HistoryDialog opened pageId={41} canRestore onClose={onClose} />
        </MemoryRouter>
      </AppProviders>,
    );
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('This page has no earlier versions')).toBeInTheDocument();
  });
});
