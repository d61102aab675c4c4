import { describe, expect, it } from '@jest/globals';
import { afterLoginPath, isIllegalRedirect, loginPathFor } from './redirect';

describe('isIllegalRedirect', () => {
  it.each(['/item/index', '/item/group/index', 'item/index', '/12', '/12/345', '/a-b_c', '/x:y?z', '/a*b+c'])(
    'accepts %s (letters, digits and / : ? _ * + -)',
    (redirect) => {
      expect(isIllegalRedirect(redirect)).toBe(false);
    },
  );

  it.each([
    ['a dot', '/item/index.html'],
    ['a parent path', '/../etc'],
    ['a host name', 'evil.com'],
    ['a double slash', '//evil'],
    ['a URL with a scheme', 'https://evil'],
    ['a query with =', '/message/index?dtab=remindList'],
    ['an ampersand', '/a?b&c'],
    ['a comma', '/a,b'],
    ['a space', '/item index'],
    ['a percent sign', '/%2F%2Fevil'],
    ['a backslash', '/\\evil'],
    ['a hash', '/item#x'],
    ['non-ASCII letters', '/项目'],
  ])('rejects %s', (_label, redirect) => {
    expect(isIllegalRedirect(redirect)).toBe(true);
  });
});

describe('afterLoginPath', () => {
  it('goes to the item list without a redirect', () => {
    expect(afterLoginPath(null)).toBe('/item/index');
    expect(afterLoginPath('')).toBe('/item/index');
  });

  it('keeps a legal redirect as an in-app path', () => {
    expect(afterLoginPath('/team/index')).toBe('/team/index');
    expect(afterLoginPath('team/index')).toBe('/team/index');
  });

  it('ignores an illegal redirect', () => {
    expect(afterLoginPath('//evil.com')).toBe('/item/index');
  });
});

describe('loginPathFor', () => {
  it('sends the current path as redirect', () => {
    expect(loginPathFor({ pathname: '/team/index', search: '' })).toBe(
      '/user/login?redirect=%2Fteam%2Findex',
    );
  });

  it('does not redirect again from the login page', () => {
    expect(loginPathFor({ pathname: '/user/login', search: '?redirect=%2Fteam%2Findex' })).toBeNull();
  });

  it('carries an existing redirect instead of nesting one', () => {
    expect(loginPathFor({ pathname: '/user/register', search: '?redirect=%2Fteam%2Findex' })).toBe(
      '/user/login?redirect=%2Fteam%2Findex',
    );
  });

  it('drops a query the redirect rule would refuse, keeping the path', () => {
    expect(loginPathFor({ pathname: '/message/index', search: '?dtab=remindList' })).toBe(
      '/user/login?redirect=%2Fmessage%2Findex',
    );
  });

  it('leaves out a path the rule refuses', () => {
    expect(loginPathFor({ pathname: '/a.b', search: '' })).toBe('/user/login');
  });
});
