import { ApolloClient, InMemoryCache } from '@apollo/client';
import { MockLink } from '@apollo/client/testing';
import { describe, expect, it } from '@jest/globals';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../../app/AppProviders';
import { DialogHost } from '../../app/dialogs/DialogHost';
import { EditorCatalogsDocument } from '../../gql/graphql';
import { createI18n } from '../../i18n/i18n';
import { EditorBar } from './EditorBar';
import { defaultParent } from './NewCatalogDialog';

const catalogs = [
  { id: 9, name: 'Guide', level: 1, parentId: null, path: ['Guide'] },
  { id: 11, name: 'Setup', level: 2, parentId: 9, path: ['Guide', 'Setup'] },
  { id: 12, name: 'Linux', level: 3, parentId: 11, path: ['Guide', 'Setup', 'Linux'] },
];

describe('EditorBar', () => {
  it("puts a new catalog in the shown page's catalog by default", async () => {
    const client = new ApolloClient({
      cache: new InMemoryCache(),
      link: new MockLink(
        [
          {
            request: { query: EditorCatalogsDocument, variables: { itemId: 3 } },
            result: { data: { catalogs: catalogs.map((c) => ({ __typename: 'Catalog', ...c })) } },
          },
        ],
        { defaultOptions: { delay: 0 } },
      ),
    });
    render(
      <AppProviders client={client} i18n={createI18n('en')} env="test">
        <MemoryRouter>
          <DialogHost>
            <EditorBar
              itemId={3}
              pageId={41}
              catalogId={9}
              canManage
              onChanged={() => undefined}
              onExpandAll={() => undefined}
              onCollapseAll={() => undefined}
            />
          </DialogHost>
        </MemoryRouter>
      </AppProviders>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'New catalog' }));
    const dialog = await screen.findByRole('dialog', { name: 'New catalog' });
    await waitFor(() => expect(within(dialog).getAllByLabelText('Parent catalog')[0]).toHaveValue('Guide'));
  });

  it('falls back to the parent of a third-level catalog, which cannot hold catalogs', () => {
    expect(defaultParent(catalogs, 11)).toBe(11);
    expect(defaultParent(catalogs, 12)).toBe(11);
    expect(defaultParent(catalogs, null)).toBeNull();
    expect(defaultParent(catalogs, 99)).toBeNull();
    // Before the catalogs arrive, the shown page's catalog.
    expect(defaultParent(undefined, 12)).toBe(12);
  });
});
