import { ApolloClient, InMemoryCache } from '@apollo/client';
import { MockLink } from '@apollo/client/testing';
import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../../app/AppProviders';
import {
  EditorShareTemplateDocument,
  EditorTemplatesDocument,
  ManagerEditableItemsDocument,
} from '../../gql/graphql';
import { createI18n } from '../../i18n/i18n';
import { TemplatesDialog } from './TemplatesDialog';

const share = (itemId: number, itemName: string) => ({
  __typename: 'TemplateShare',
  itemId,
  itemName,
  sharedAt: '2025-01-02T00:00:00.000Z',
});

const template = (shares: ReturnType<typeof share>[]) => ({
  __typename: 'PageTemplate',
  id: 12,
  title: 'API skeleton',
  content: '## API',
  createdAt: '2025-01-01T00:00:00.000Z',
  shares,
});

const templatesMock = (shares: ReturnType<typeof share>[]): MockLink.MockedResponse => ({
  request: { query: EditorTemplatesDocument, variables: { itemId: 3 } },
  result: { data: { myTemplates: [template(shares)], itemTemplates: [] } },
});

const item = (id: number, name: string, edit: boolean) => ({
  __typename: 'MyItemEdge',
  node: { __typename: 'Item', id, name, type: 1, viewerRights: { __typename: 'ItemRights', edit } },
});

describe('TemplatesDialog', () => {
  it('shares one of my templates to the items I can edit, starting from its current shares', async () => {
    const shared = jest.fn();
    const client = new ApolloClient({
      cache: new InMemoryCache(),
      link: new MockLink(
        [
          templatesMock([share(3, 'Handbook')]),
          {
            request: { query: ManagerEditableItemsDocument },
            result: {
              data: {
                myItems: {
                  __typename: 'MyItemConnection',
                  edges: [item(3, 'Handbook', true), item(5, 'Read only', false), item(8, 'API docs', true)],
                },
              },
            },
          },
          {
            request: { query: EditorShareTemplateDocument, variables: { templateId: 12, itemIds: [3, 8] } },
            result: () => {
              shared();
              return { data: { shareTemplate: template([share(3, 'Handbook'), share(8, 'API docs')]) } };
            },
          },
          templatesMock([share(3, 'Handbook'), share(8, 'API docs')]),
        ],
        { defaultOptions: { delay: 0 } },
      ),
    });
    render(
      <AppProviders client={client} i18n={createI18n('en')} env="test">
        <MemoryRouter>
          <TemplatesDialog opened itemId={3} onClose={() => undefined} onInsert={() => undefined} />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await screen.findByText('Shared to 1 item')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Share: API skeleton' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share "API skeleton" to items' });
    // The current share is pre-selected; only items I can edit are offered.
    expect(within(dialog).getAllByText('Handbook').length).toBeGreaterThan(0);
    // The label names both the visible search field (first) and the hidden value input.
    fireEvent.click(within(dialog).getAllByLabelText('Items that may use this template')[0]);
    expect(await screen.findByRole('option', { name: 'API docs' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Read only' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('option', { name: 'API docs' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(shared).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Shared to 2 items')).toBeInTheDocument();
  });
});
