import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { captchaMock, pageErrorMock, siteInfoMock } from '../../test/mocks';
import { renderRoute } from '../../test/renderRoute';

describe('PageViewPage', () => {
  it("sends a visitor of a private item's page to the item's password screen", async () => {
    const { location } = renderRoute('/page/42', {
      mocks: [
        siteInfoMock(),
        captchaMock(1, 'data:,x'),
        pageErrorMock(42, 'ITEM_PASSWORD_REQUIRED', { itemId: 4 }),
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Private item' })).toBeInTheDocument();
    expect(location().pathname).toBe('/item/password/4');
    const query = new URLSearchParams(location().search);
    expect(query.get('page_id')).toBe('42');
    expect(query.get('redirect')).toBe('/page/42');
  });

  it('uses /item/password/0 with the page id when the item is not named', async () => {
    const { location } = renderRoute('/page/42', {
      mocks: [siteInfoMock(), captchaMock(1, 'data:,x'), pageErrorMock(42, 'ITEM_PASSWORD_REQUIRED')],
    });
    expect(await screen.findByRole('heading', { name: 'Private item' })).toBeInTheDocument();
    expect(location().pathname).toBe('/item/password/0');
    expect(new URLSearchParams(location().search).get('page_id')).toBe('42');
  });

  it('shows any other refusal as a message', async () => {
    renderRoute('/page/42', {
      mocks: [siteInfoMock(), pageErrorMock(42, 'FORBIDDEN', {}, 'You may not read this page')],
    });
    expect(await screen.findByText('You may not read this page')).toBeInTheDocument();
  });
});
