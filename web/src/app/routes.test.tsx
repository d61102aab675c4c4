import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { saveSession } from '../session/session';
import {
  buildItem,
  buildMe,
  captchaMock,
  itemGroupsMock,
  itemViewMock,
  meMock,
  myItemsMock,
  siteInfoMock,
} from '../test/mocks';
import { renderRoute } from '../test/renderRoute';

describe('routes', () => {
  it('sends an anonymous visitor of a signed-in route to the login page with a redirect', async () => {
    const { location } = renderRoute('/team/index', { mocks: [siteInfoMock(), captchaMock(1, 'data:,x')] });

    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(location().pathname).toBe('/user/login');
    expect(location().search).toBe('?redirect=%2Fteam%2Findex');
  });

  it('renders later screens as "coming soon" inside the shell instead of a 404', async () => {
    const me = buildMe({ username: 'alice' });
    saveSession('token-1', me);
    renderRoute('/prices', { mocks: [meMock(me)] });

    expect(await screen.findByRole('heading', { name: 'Coming soon' })).toBeInTheDocument();
    expect(screen.getByTestId('shell-username')).toHaveTextContent('alice');
  });

  it('shows the admin console link to administrators only', async () => {
    const admin = buildMe({ username: 'root', isAdmin: true, groupId: 1 });
    saveSession('token-2', admin);
    const listMocks = [siteInfoMock(), itemGroupsMock(), myItemsMock(0, [])];
    const first = renderRoute('/item/index', { mocks: [meMock(admin), ...listMocks] });
    expect(await screen.findByRole('link', { name: 'Admin console' })).toHaveAttribute(
      'href',
      '/admin/index',
    );
    first.unmount();

    const member = buildMe();
    saveSession('token-3', member);
    renderRoute('/item/index', { mocks: [meMock(member), ...listMocks] });
    expect(await screen.findByText('No items yet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Admin console' })).toBeNull();
  });

  it('clears a session the server no longer accepts and asks for a login', async () => {
    saveSession('expired-token', buildMe());
    const { location } = renderRoute('/item/index', {
      mocks: [meMock(null), siteInfoMock(), captchaMock(1, 'data:,x'), itemGroupsMock(), myItemsMock(0, [])],
    });

    await waitFor(() => expect(location().pathname).toBe('/user/login'));
    expect(location().search).toBe('?redirect=%2Fitem%2Findex');
    expect(localStorage.getItem('quire.token')).toBeNull();
  });

  it('renders item display addresses for visitors', async () => {
    const item = buildItem({ id: 123, name: 'Open docs' });
    renderRoute('/123', { mocks: [siteInfoMock(), itemViewMock({ item })] });
    expect(await screen.findByText('This item has no pages yet')).toBeInTheDocument();
    expect(screen.getByTestId('item-title')).toHaveTextContent('Open docs');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/user/login?redirect=%2F123',
    );
  });
});
