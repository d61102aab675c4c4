import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import type { MockLink } from '@apollo/client/testing';
import { UnlockItemDocument } from '../../gql/graphql';
import { buildItem, captchaMock, itemViewMock, pageMock, siteInfoMock } from '../../test/mocks';
import { renderRoute } from '../../test/renderRoute';
import { afterUnlockPath } from './ItemPasswordPage';

const FIRST = 'data:image/svg+xml;base64,Zmlyc3Q=';
const SECOND = 'data:image/svg+xml;base64,c2Vjb25k';

function unlockMock(
  variables: Record<string, unknown>,
  outcome: { ok: true } | { code: string; message: string },
): MockLink.MockedResponse {
  return {
    request: { query: UnlockItemDocument, variables },
    result:
      'ok' in outcome
        ? { data: { unlockItem: { __typename: 'Item', id: 4, domain: null } } }
        : { errors: [new GraphQLError(outcome.message, { extensions: { code: outcome.code } })] },
  };
}

describe('ItemPasswordPage', () => {
  it('shows the message and a new captcha after a wrong password, then opens the redirect', async () => {
    const user = userEvent.setup();
    const item = buildItem({ id: 4, name: 'Secret docs', isPrivate: true });
    const { location } = renderRoute('/item/password/4?redirect=%2F4&page_id=42', {
      mocks: [
        captchaMock(1, FIRST),
        unlockMock(
          { itemId: 4, password: 'nope', captchaId: 1, captcha: 'ABCD' },
          { code: 'VISIT_PASSWORD_WRONG', message: 'The visit password is wrong' },
        ),
        captchaMock(2, SECOND),
        unlockMock({ itemId: 4, password: 'open-sesame', captchaId: 2, captcha: 'EFGH' }, { ok: true }),
        siteInfoMock(),
        itemViewMock({ item, pages: [{ id: 42, title: 'Vault' }], pageId: 42 }),
        pageMock({ id: 42, itemId: 4, title: 'Vault', content: 'Behind the door.' }),
      ],
    });
    expect(await screen.findByAltText(/captcha image/i)).toHaveAttribute('src', FIRST);

    await user.type(screen.getByLabelText('Visit password'), 'nope');
    await user.type(screen.getByLabelText('Captcha'), 'ABCD');
    await user.click(screen.getByRole('button', { name: 'Open' }));

    expect(await screen.findByText('The visit password is wrong')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByAltText(/captcha image/i)).toHaveAttribute('src', SECOND));
    expect(screen.getByLabelText('Captcha')).toHaveValue('');

    await user.clear(screen.getByLabelText('Visit password'));
    await user.type(screen.getByLabelText('Visit password'), 'open-sesame');
    // Enter submits.
    await user.type(screen.getByLabelText('Captcha'), 'EFGH{Enter}');

    // The redirect had lost the page: it comes back as ?page_id=, so the reader lands on it.
    await waitFor(() => expect(location().pathname).toBe('/4'));
    expect(location().search).toBe('?page_id=42');
    expect(await screen.findByText('Behind the door.')).toBeInTheDocument();
  });

  it('unlocks the item of a page for /item/password/0 and opens the page again', async () => {
    const user = userEvent.setup();
    const { location } = renderRoute('/item/password/0?redirect=%2Fpage%2F42&page_id=42', {
      mocks: [
        captchaMock(1, FIRST),
        unlockMock({ pageId: 42, password: 'open-sesame', captchaId: 1, captcha: 'ABCD' }, { ok: true }),
      ],
    });
    await screen.findByAltText(/captcha image/i);
    await user.type(screen.getByLabelText('Visit password'), 'open-sesame');
    await user.type(screen.getByLabelText('Captcha'), 'ABCD{Enter}');
    await waitFor(() => expect(location().pathname).toBe('/page/42'));
  });

  it('asks for both fields before calling the server', async () => {
    const user = userEvent.setup();
    renderRoute('/item/password/4', { mocks: [captchaMock(1, FIRST)] });
    await screen.findByAltText(/captcha image/i);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('Please fill in the password and the captcha')).toBeInTheDocument();
  });

  it('links to the login page, coming back to the item', async () => {
    renderRoute('/item/password/shop?page_id=7', { mocks: [captchaMock(1, FIRST)] });
    expect(await screen.findByRole('link', { name: 'Members: log in' })).toHaveAttribute(
      'href',
      '/user/login?redirect=%2Fshop%2F7',
    );
  });
});

describe('afterUnlockPath', () => {
  it('follows a legal redirect', () => {
    expect(afterUnlockPath('/4/42', '4', null)).toBe('/4/42');
    expect(afterUnlockPath('page/9', '4', null)).toBe('/page/9');
  });

  it('keeps the page asked for when the redirect lost it', () => {
    expect(afterUnlockPath('/4', '4', '42')).toBe('/4?page_id=42');
    // '=' is outside the redirect rule's characters: the item's own address with the page instead.
    expect(afterUnlockPath('/shop?page_id=42', 'shop', '42')).toBe('/shop/42');
    expect(afterUnlockPath('/page/42', '0', '42')).toBe('/page/42');
  });

  it('opens the page view for item 0 without a redirect', () => {
    expect(afterUnlockPath(null, '0', '42')).toBe('/page/42');
  });

  it('refuses an illegal redirect and opens the item instead', () => {
    expect(afterUnlockPath('https://evil.example', '4', '42')).toBe('/4/42');
    expect(afterUnlockPath('//evil.example', 'shop', null)).toBe('/shop');
  });
});
