import type { Language } from '../domain/errors';
import type { Services } from '../domain/services';
import type { Viewer } from '../domain/viewer';

/** What every resolver receives: the caller, the request's services, and a way to set the session cookie. */
export interface GraphQLContext {
  viewer: Viewer;
  services: Services;
  language: Language;
  session: SessionCookie;
}

export interface SessionCookie {
  set(token: string, expiresAt: Date): void;
  clear(): void;
}

export const noSessionCookie: SessionCookie = { set: () => undefined, clear: () => undefined };
