import { ApolloClient, InMemoryCache } from '@apollo/client';
import { MockLink } from '@apollo/client/testing';
import { describe, expect, it } from '@jest/globals';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AppProviders } from '../../app/AppProviders';
import { DialogHost } from '../../app/dialogs/DialogHost';
import { catalogManagerMock } from '../../test/mocks';
import { createI18n } from '../../i18n/i18n';
import { CatalogManagerPage } from './CatalogManagerPage';

const page = (id: number, title: string, catalogId: number | null) => ({
  __typename: 'MenuPage',
  id,
  title,
  catalogId,
  sNumber: 99,
});

const catalog = (id: number, name: string, level: number, parentId: number | null, extra: object = {}) => ({
  __typename: 'MenuCatalog',
  id,
  name,
  level,
  parentId,
  sNumber: 99,
  pages: [],
  ...extra,
});

// ten (pages: Alpha, Beta; twenty (thirty)); forty
const managerMock = catalogManagerMock(
  {
    pages: [],
    catalogs: [
      catalog(10, 'ten', 1, null, {
        pages: [page(1, 'Alpha', 10), page(2, 'Beta', 10)],
        catalogs: [catalog(20, 'twenty', 2, 10, { catalogs: [catalog(30, 'thirty', 3, 20)] })],
      }),
      catalog(40, 'forty', 1, null, { catalogs: [] }),
    ],
  },
  Number.POSITIVE_INFINITY,
);

function renderManager() {
  const client = new ApolloClient({
    cache: new InMemoryCache(),
    link: new MockLink([managerMock], { defaultOptions: { delay: 0 } }),
  });
  return render(
    <AppProviders client={client} i18n={createI18n('en')} env="test">
      <MemoryRouter initialEntries={['/catalog/3']}>
        <DialogHost>
          <Routes>
            <Route path="/catalog/:itemId" element={<CatalogManagerPage />} />
          </Routes>
        </DialogHost>
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('CatalogManagerPage', () => {
  it("offers as a new parent neither the catalog's own subtree nor a catalog too deep for it", async () => {
    renderManager();
    const row = (await screen.findByText('ten')).closest('[data-row]');
    if (!(row instanceof HTMLElement)) throw new Error('no row for ten');
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit' });
    fireEvent.click(within(dialog).getAllByLabelText('Parent catalog')[0]);
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    // ten spans three levels (ten, twenty, thirty): under its own child twenty or under forty it would
    // nest too deep (or inside itself), so only the item root remains.
    expect(options).toEqual(['Item root']);
  });

  it("sorts a catalog's pages from its row", async () => {
    renderManager();
    fireEvent.click(await screen.findByRole('button', { name: 'Sort pages: ten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sort pages: ten' });
    expect(await within(dialog).findByText('Alpha')).toBeInTheDocument();
    expect(within(dialog).getByText('Beta')).toBeInTheDocument();
  });
});
