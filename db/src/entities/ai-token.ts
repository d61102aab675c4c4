import { Entity, ManyToOne, Property, Unique } from '@mikro-orm/core';
import { BaseEntity } from './base';
import { User } from './user';

/**
 * An MCP token (ShowDoc's `user_ai_token`): lets an AI editor act for its user through `/mcp`, limited to
 * read or write, to all the user's items or a list of them, until it expires or is revoked. Only a SHA-256
 * of the token is stored; the token itself is shown once, at creation.
 */
@Entity({ tableName: 'user_ai_token' })
export class UserAiToken extends BaseEntity<
  | 'permission'
  | 'scope'
  | 'allowedItems'
  | 'canCreateItem'
  | 'canDeleteItem'
  | 'autoAddCreatedItem'
  | 'expiresAt'
  | 'lastUsedAt'
  | 'isActive'
> {
  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Property({ length: 64 })
  @Unique()
  tokenHash!: string;

  /** The token's first and last characters, to tell tokens apart in a list. */
  @Property({ length: 32 })
  tokenPreview!: string;

  @Property({ length: 100 })
  name!: string;

  /** `read` or `write` (ShowDoc's `admin` is stored as write: site rights come from the user). */
  @Property({ length: 16 })
  permission: string = 'write';

  /** `all` (every item the user can reach) or `selected` (the ids in `allowedItems`). */
  @Property({ length: 16 })
  scope: string = 'all';

  /** JSON array of item ids, for scope `selected`. */
  @Property({ length: 2000 })
  allowedItems: string = '[]';

  @Property()
  canCreateItem: boolean = true;

  @Property()
  canDeleteItem: boolean = false;

  @Property()
  autoAddCreatedItem: boolean = true;

  @Property({ type: 'datetime', nullable: true })
  expiresAt: Date | null = null;

  @Property({ type: 'datetime', nullable: true })
  lastUsedAt: Date | null = null;

  @Property()
  isActive: boolean = true;
}
