import type { User } from '../../../db/src';
import { DomainError } from './errors';

/** Who is asking: resolved once per request from the token, passed to every service method. */
export class Viewer {
  constructor(
    readonly user: User | null,
    /** SHA-256 of the login token, or of an anonymous visitor's cookie; keys visit grants. */
    readonly sessionKey: string | null = null,
    readonly ip: string = '',
    /** ShowDoc's `_item_pwd`: a visit password sent with the request (REST door only). */
    readonly visitPassword?: string,
  ) {}

  /** The same viewer, carrying a visit password for this request. */
  withVisitPassword(password: string | undefined): Viewer {
    return new Viewer(this.user, this.sessionKey, this.ip, password);
  }

  static anonymous(ip = ''): Viewer {
    return new Viewer(null, null, ip);
  }

  get isLoggedIn(): boolean {
    return this.user !== null;
  }

  get isAdmin(): boolean {
    return this.user?.isAdmin ?? false;
  }

  requireUser(): User {
    if (!this.user) throw new DomainError('LoginRequired');
    return this.user;
  }

  requireAdmin(): User {
    const user = this.requireUser();
    if (!user.isAdmin) throw new DomainError('AdminRequired');
    return user;
  }
}
