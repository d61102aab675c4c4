import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import type { MockLink } from '@apollo/client/testing';
import { UnlockItemDocument } from '../../gql/graphql';
import { buildItem, captchaMock, itemViewMock, siteInfoMock } from '../../test/mocks';
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
        itemViewMock({ item }),
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

    await waitFor(() => expect(location().pathname).toBe('/4'));
    expect(await screen.findByText('This item has no pages yet')).toBeInTheDocument();
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

  it('refuses an illegal redirect and opens the item instead', () => {
    expect(afterUnlockPath('https://evil.example', '4', '42')).toBe('/4/42');
    expect(afterUnlockPath('//evil.example', 'shop', null)).toBe('/shop');
  });
});
