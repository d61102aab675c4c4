import { ApolloClient, InMemoryCache } from '@apollo/client';
import { MockLink } from '@apollo/client/testing';
import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../../app/AppProviders';
import {
  EditorCatalogsDocument,
  EditorCopyPageDocument,
  EditorPageDocument,
  ManagerEditableItemsDocument,
} from '../../gql/graphql';
import { createI18n } from '../../i18n/i18n';
import { CopyPageDialog, type CopiedPage } from './CopyPageDialog';

const item = (id: number, name: string, type: number, edit: boolean) => ({
  __typename: 'MyItemEdge',
  node: { __typename: 'Item', id, name, type, viewerRights: { __typename: 'ItemRights', edit } },
});

const mocks: MockLink.MockedResponse[] = [
  {
    request: { query: ManagerEditableItemsDocument },
    result: {
      data: {
        myItems: {
          __typename: 'MyItemConnection',
          edges: [
            item(3, 'Handbook', 1, true),
            item(5, 'Read only', 1, false),
            item(6, 'Single page', 2, true),
            item(8, 'API docs', 1, true),
          ],
        },
      },
    },
  },
  {
    request: { query: EditorPageDocument, variables: { id: 41 } },
    result: {
      data: {
        page: {
          __typename: 'Page',
          id: 41,
          itemId: 3,
          title: 'Intro',
          content: 'x',
          catalogId: 9,
          version: 2,
          updatedAt: '2025-01-01T00:00:00.000Z',
          createdAt: '2025-01-01T00:00:00.000Z',
          authorName: 'alice',
          path: [{ __typename: 'CatalogRef', id: 9, name: 'Guide' }],
        },
      },
    },
  },
  {
    request: { query: EditorCatalogsDocument, variables: { itemId: 3 } },
    result: {
      data: {
        catalogs: [
          { __typename: 'Catalog', id: 9, name: 'Guide', level: 1, parentId: null, path: ['Guide'] },
        ],
      },
    },
  },
  {
    request: { query: EditorCatalogsDocument, variables: { itemId: 8 } },
    result: {
      data: {
        catalogs: [{ __typename: 'Catalog', id: 20, name: 'Ref', level: 1, parentId: null, path: ['Ref'] }],
      },
    },
  },
  {
    request: {
      query: EditorCopyPageDocument,
      variables: { input: { pageId: 41, toItemId: 8, catalogId: null, title: 'Intro again' } },
    },
    result: { data: { copyPage: { __typename: 'Page', id: 77, itemId: 8, title: 'Intro again' } } },
  },
];

describe('CopyPageDialog', () => {
  it('offers the items one may edit and copies into the chosen one under the new title', async () => {
    const onCopied = jest.fn<(page: CopiedPage) => void>();
    const client = new ApolloClient({
      cache: new InMemoryCache(),
      link: new MockLink(mocks, { defaultOptions: { delay: 0 } }),
    });
    render(
      <AppProviders client={client} i18n={createI18n('en')} env="test">
        <MemoryRouter>
          <CopyPageDialog itemId={3} pageId={41} onClose={() => undefined} onCopied={onCopied} />
        </MemoryRouter>
      </AppProviders>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Copy page' });
    const title = within(dialog).getByLabelText('Title of the copy');
    await waitFor(() => expect(title).toHaveValue('Intro_copy'));
    expect(within(dialog).getByLabelText('Destination catalog', { selector: 'input' })).toHaveValue('Guide');

    fireEvent.click(within(dialog).getByLabelText('Destination item', { selector: 'input' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Handbook', 'API docs']);
    fireEvent.click(screen.getByRole('option', { name: 'API docs' }));
    // Another item: its root until a catalog of it is chosen.
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Destination catalog', { selector: 'input' })).toHaveValue(
        'Item root',
      ),
    );
    fireEvent.change(title, { target: { value: ' Intro again ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await waitFor(() =>
      expect(onCopied).toHaveBeenCalledWith(expect.objectContaining({ id: 77, itemId: 8 })),
    );
  });
});
