/**
 * The login redirect rule (spec §5): a redirect is rejected with "illegal redirect" when it contains a
 * character outside letters, digits and / : ? . _ * + - , or contains a dot or a double slash. The dot is
 * in the character list and still forbidden on its own: kept exactly as ShowDoc checks it, which leaves
 * only paths inside the app (no host names, no `..`, no protocol-relative `//host`).
 */
const OUTSIDE_ALLOWED = /[^A-Za-z0-9/:?._*+-]/;

export function isIllegalRedirect(redirect: string): boolean {
  return OUTSIDE_ALLOWED.test(redirect) || redirect.includes('.') || redirect.includes('//');
}

export const DEFAULT_AFTER_LOGIN = '/item/index';

/** Where to go after signing in: a legal redirect as an in-app path, else the item list. */
export function afterLoginPath(redirect: string | null | undefined): string {
  if (!redirect || isIllegalRedirect(redirect)) return DEFAULT_AFTER_LOGIN;
  return redirect.startsWith('/') ? redirect : `/${redirect}`;
}

/**
 * The login address for a visitor whose session is missing or invalid, with the current path as redirect
 * (spec §4). Not repeated: on the login page nothing changes, and a redirect already in the address is
 * carried over instead of nesting. A path the rule would reject is left out rather than sent to a dead end.
 */
export function loginPathFor(location: { pathname: string; search: string }): string | null {
  const { pathname, search } = location;
  if (pathname === '/user/login') return null;
  const existing = new URLSearchParams(search).get('redirect');
  const full = `${pathname}${search}`;
  const target =
    existing ?? (!isIllegalRedirect(full) ? full : !isIllegalRedirect(pathname) ? pathname : null);
  return target && target !== '/' ? `/user/login?redirect=${encodeURIComponent(target)}` : '/user/login';
}
