import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';
import { Item, Team, User, UserToken } from '../../../../db/src';
import { MAX_NAME_LENGTH, USERNAME_PATTERN, type AccountService } from '../accounts/account.service';
import { hashPassword } from '../accounts/password';
import { DomainError } from '../errors';
import { inTransaction } from '../transaction';
import type { Viewer } from '../viewer';
import { checkPaging, containsPattern, type Paging } from './paging';

export interface AdminUserFilter extends Paging {
  /** Matches the uid, the username or the e-mail address (substring). */
  search?: string;
}

export interface AdminUserList {
  total: number;
  users: User[];
}

export interface SaveUserInput {
  /** 0 or absent: create. Otherwise the user to edit (the username is never changed). */
  uid?: number;
  username: string;
  /** Blank keeps the password of an edited user; required to create one. */
  password?: string;
  /** Absent keeps the name of an edited user. */
  name?: string;
}

/** The administrator's user management (spec 001 §2 console "users", compat-api §20.2). */
export class AdminUserService {
  constructor(
    private readonly em: EntityManager,
    private readonly accounts: AccountService,
  ) {}

  /** Newest first, as ShowDoc's console lists them. */
  async list(viewer: Viewer, filter: AdminUserFilter): Promise<AdminUserList> {
    viewer.requireAdmin();
    const { offset, limit } = checkPaging(filter);
    const qb = (this.em as SqlEntityManager).createQueryBuilder(User, 'u');
    const search = (filter.search ?? '').trim();
    if (search) {
      const like = containsPattern(search);
      const byText = "lower(u.username) like ? escape '!' or lower(u.email) like ? escape '!'";
      if (/^\d{1,15}$/.test(search)) qb.where(`(u.id = ? or ${byText})`, [Number(search), like, like]);
      else qb.where(`(${byText})`, [like, like]);
    }
    const [users, total] = await qb.orderBy({ id: 'desc' }).limit(limit).offset(offset).getResultAndCount();
    return { total, users };
  }

  async save(viewer: Viewer, input: SaveUserInput): Promise<User> {
    viewer.requireAdmin();
    const username = input.username.trim();
    const password = input.password ?? '';
    const name = input.name?.trim();
    if (name !== undefined && name.length > MAX_NAME_LENGTH) throw new DomainError('NameTooLong');
    if (input.uid && input.uid > 0) {
      const user = await this.em.findOne(User, { id: input.uid });
      if (!user) throw new DomainError('UserNotFound');
      if (password) {
        await this.accounts.checkPasswordPolicy(password);
        user.passwordHash = await hashPassword(password);
      }
      if (name !== undefined) user.name = name || null;
      await this.em.flush();
      return user;
    }
    if (!username) throw new DomainError('UsernameRequired');
    // ShowDoc's console skips the login-name rule; Quire keeps it, or the account could never sign in.
    if (!USERNAME_PATTERN.test(username)) throw new DomainError('UsernameInvalid');
    if (!password) throw new DomainError('UserCreateFailed');
    await this.accounts.checkPasswordPolicy(password);
    if (await this.findByUsername(username)) throw new DomainError('UsernameTaken');
    const user = this.em.create(User, {
      username,
      name: name || null,
      passwordHash: await hashPassword(password),
    });
    try {
      await this.em.persist(user).flush();
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException) throw new DomainError('UsernameTaken');
      throw err;
    }
    return user;
  }

  async changePassword(viewer: Viewer, uid: number, newPassword: string): Promise<void> {
    viewer.requireAdmin();
    if (!newPassword) throw new DomainError('NewPasswordRequired');
    await this.accounts.checkPasswordPolicy(newPassword);
    const user = await this.em.findOne(User, { id: uid });
    if (!user) throw new DomainError('UserNotFound');
    user.passwordHash = await hashPassword(newPassword);
    await inTransaction(this.em, async () => {
      await this.em.flush();
      // A new password set by the administrator ends the user's sessions (a leaked one among them).
      await this.em.nativeDelete(UserToken, { user });
    });
  }

  /**
   * Removes an account with its memberships and sessions. Refused while it owns live items or teams,
   * and for the administrator's own account. Items the user deleted earlier go to the administrator
   * doing this, still deleted, so the recycle bin keeps them recoverable.
   */
  async delete(viewer: Viewer, uid: number): Promise<void> {
    const admin = viewer.requireAdmin();
    if (uid === admin.id) throw new DomainError('SelfDeleteRefused');
    const user = await this.em.findOne(User, { id: uid });
    if (!user) throw new DomainError('UserNotFound');
    if (await this.em.count(Item, { owner: user, deletedAt: null })) throw new DomainError('UserOwnsItems');
    if (await this.em.count(Team, { owner: user })) throw new DomainError('UserOwnsTeams');
    await inTransaction(this.em, async () => {
      await this.em.nativeUpdate(Item, { owner: user }, { owner: admin.id });
      await this.em.nativeDelete(UserToken, { user });
      this.em.remove(user);
      await this.em.flush();
    });
  }

  private findByUsername(username: string): Promise<User | null> {
    return (this.em as SqlEntityManager)
      .createQueryBuilder(User, 'u')
      .where('lower(u.username) = ?', [username.toLowerCase()])
      .getSingleResult();
  }
}
