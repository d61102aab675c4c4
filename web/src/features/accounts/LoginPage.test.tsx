import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { captchaMock, loginFailureMock, siteInfoMock } from '../../test/mocks';
import { renderRoute } from '../../test/renderRoute';

const FIRST_CAPTCHA = 'data:image/svg+xml;base64,Zmlyc3Q=';
const SECOND_CAPTCHA = 'data:image/svg+xml;base64,c2Vjb25k';

describe('LoginPage', () => {
  it('offers the register link when registration is open', async () => {
    renderRoute('/user/login', {
      mocks: [siteInfoMock({ registerOpen: true }), captchaMock(1, FIRST_CAPTCHA)],
    });

    expect(await screen.findByRole('link', { name: 'Register a new account' })).toHaveAttribute(
      'href',
      '/user/register',
    );
  });

  it('hides the register link when registration is closed', async () => {
    renderRoute('/user/login', {
      mocks: [siteInfoMock({ registerOpen: false }), captchaMock(1, FIRST_CAPTCHA)],
    });

    // The captcha image proves the page has loaded its data.
    expect(await screen.findByAltText(/captcha image/i)).toHaveAttribute('src', FIRST_CAPTCHA);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Register a new account' })).toBeNull());
  });

  it('shows the server message and a new captcha after a failed login', async () => {
    const user = userEvent.setup();
    renderRoute('/user/login', {
      mocks: [
        siteInfoMock(),
        captchaMock(1, FIRST_CAPTCHA),
        loginFailureMock(
          { login: 'alice', password: 'wrong-password', captchaId: 1, captcha: 'ABCD' },
          'Wrong username or password',
          'WRONG_CREDENTIALS',
        ),
        captchaMock(2, SECOND_CAPTCHA),
      ],
    });
    expect(await screen.findByAltText(/captcha image/i)).toHaveAttribute('src', FIRST_CAPTCHA);

    await user.type(screen.getByLabelText('Username or e-mail'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.type(screen.getByLabelText('Captcha'), 'ABCD');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Wrong username or password')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByAltText(/captcha image/i)).toHaveAttribute('src', SECOND_CAPTCHA));
    expect(screen.getByLabelText('Captcha')).toHaveValue('');
  });

  it('refuses an illegal redirect', async () => {
    renderRoute('/user/login?redirect=https://evil.example', {
      mocks: [siteInfoMock(), captchaMock(1, FIRST_CAPTCHA)],
    });

    expect(await screen.findByText('illegal redirect')).toBeInTheDocument();
  });
});
