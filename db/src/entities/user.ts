import { Entity, Index, ManyToOne, Property, Unique } from '@mikro-orm/core';
import { BaseEntity } from './base';

export const UserGroup = { Admin: 1, Member: 2 } as const;
export type UserGroupId = (typeof UserGroup)[keyof typeof UserGroup];

@Entity({ tableName: 'user' })
export class User extends BaseEntity<
  'isAdmin' | 'groupId' | 'name' | 'email' | 'isSso' | 'pushUrl' | 'lastLoginAt' | 'avatar'
> {
  @Property({ length: 64 })
  @Unique()
  username!: string;

  @Property({ type: 'string', length: 190, nullable: true })
  @Unique()
  email: string | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  name: string | null = null;

  /** argon2id; ShowDoc's bcrypt/md5 hashes are never produced. */
  @Property({ length: 255, hidden: true })
  passwordHash!: string;

  @Property({ type: 'smallint' })
  groupId: number = UserGroup.Member;

  @Property({ type: 'string', length: 255, nullable: true })
  avatar: string | null = null;

  /** Set after an LDAP or OAuth2 login: such accounts confirm deletions with the item name. */
  @Property()
  isSso: boolean = false;

  @Property({ type: 'string', length: 500, nullable: true })
  pushUrl: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  lastLoginAt: Date | null = null;

  get isAdmin(): boolean {
    return this.groupId === UserGroup.Admin;
  }
}

/** A login session. Only a SHA-256 of the token is stored, so a leaked table grants nothing. */
@Entity({ tableName: 'user_token' })
export class UserToken extends BaseEntity<'ip' | 'lastUsedAt'> {
  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Property({ length: 64 })
  @Unique()
  tokenHash!: string;

  @Property({ type: 'datetime' })
  @Index()
  expiresAt!: Date;

  @Property({ length: 64 })
  ip: string = '';

  @Property({ type: 'datetime', nullable: true })
  lastUsedAt: Date | null = null;
}

@Entity({ tableName: 'captcha' })
export class Captcha extends BaseEntity<'usedAt'> {
  @Property({ length: 16 })
  code!: string;

  @Property({ type: 'datetime' })
  @Index()
  expiresAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  usedAt: Date | null = null;
}
