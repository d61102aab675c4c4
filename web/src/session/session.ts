import { useSyncExternalStore } from 'react';
import type { MeFieldsFragment } from '../gql/graphql';

/** localStorage keys. The spec keeps the user info and the token in local storage (§4 "Login state"). */
export const TOKEN_KEY = 'quire.token';
export const USER_KEY = 'quire.user';
/** Interface preferences survive a logout; everything else in local storage is cleared. */
export const LANGUAGE_KEY = 'quire.language';
export const COLOR_SCHEME_KEY = 'quire.color-scheme';
const PREFERENCE_KEYS = new Set([LANGUAGE_KEY, COLOR_SCHEME_KEY]);

/** The cookie set by the token login screen, as ShowDoc does (§9: 180 days). */
export const TOKEN_COOKIE = 'cookie_token';
export const TOKEN_COOKIE_DAYS = 180;

export type SessionUser = MeFieldsFragment;

export interface SessionSnapshot {
  token: string | null;
  user: SessionUser | null;
  /** The last session ended by an explicit logout (which goes to /), not by expiry (which goes to login). */
  loggedOut: boolean;
}

const listeners = new Set<() => void>();
let loggedOut = false;
let snapshot: SessionSnapshot = read();

function read(): SessionSnapshot {
  try {
    const token = localStorage.getItem(TOKEN_KEY);
    const raw = localStorage.getItem(USER_KEY);
    const user = raw ? (JSON.parse(raw) as SessionUser) : null;
    return { token: token || null, user, loggedOut };
  } catch {
    return { token: null, user: null, loggedOut };
  }
}

function publish(): void {
  snapshot = read();
  for (const listener of listeners) listener();
}

export function getSession(): SessionSnapshot {
  return snapshot;
}

export function getToken(): string | null {
  return snapshot.token;
}

export function saveSession(token: string, user: SessionUser): void {
  loggedOut = false;
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  publish();
}

/** Token login: the token is known before the user is (the `me` query needs it). */
export function saveToken(token: string): void {
  loggedOut = false;
  localStorage.setItem(TOKEN_KEY, token);
  publish();
}

export function saveUser(user: SessionUser): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  publish();
}

/** Logout and invalid sessions: every cookie script can reach and local storage, except the UI preferences. */
export function clearSession(reason: 'logout' | 'invalid' = 'invalid'): void {
  loggedOut = reason === 'logout';
  for (let i = localStorage.length - 1; i >= 0; i -= 1) {
    const key = localStorage.key(i);
    if (key !== null && !PREFERENCE_KEYS.has(key)) localStorage.removeItem(key);
  }
  clearCookies();
  publish();
}

export function setTokenCookie(token: string, now: Date = new Date()): void {
  const expires = new Date(now.getTime() + TOKEN_COOKIE_DAYS * 24 * 60 * 60 * 1000);
  document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token)}; expires=${expires.toUTCString()}; path=/; samesite=strict`;
}

function clearCookies(): void {
  // The server's own session cookie is httpOnly: the logout mutation clears that one.
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab signed in or out.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) publish();
  });
}

/** The stored session, re-rendering on sign-in, sign-out and changes from other tabs. */
export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
