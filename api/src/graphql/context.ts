import type { Language, Services, Viewer } from '../domain';

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
  /**
   * The session key of an anonymous visitor (a hash of the `quire_visitor` cookie, set when missing),
   * so an item unlocked with its visit password stays unlocked for this browser.
   */
  visitorKey(): string;
}
