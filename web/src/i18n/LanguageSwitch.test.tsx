import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LANGUAGE_KEY } from '../session/session';
import { captchaMock, siteInfoMock } from '../test/mocks';
import { renderRoute } from '../test/renderRoute';

describe('LanguageSwitch', () => {
  it('switches the visible text between English and Chinese and remembers the choice', async () => {
    const user = userEvent.setup();
    renderRoute('/user/login', {
      language: 'en',
      mocks: [siteInfoMock(), captchaMock(1, 'data:image/svg+xml;base64,eA==')],
    });
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '中文' }));

    expect(await screen.findByRole('heading', { name: '登录' })).toBeInTheDocument();
    expect(screen.getByLabelText('用户名或邮箱')).toBeInTheDocument();
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('zh-CN');

    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
  });
});
