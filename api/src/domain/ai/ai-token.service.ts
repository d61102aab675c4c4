import crypto from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { User, UserAiToken } from '../../../../db/src';
import { hashToken } from '../accounts/token';
import { DomainError } from '../errors';
import type { Viewer } from '../viewer';

/** ShowDoc's MCP token shape: `ai_` and 86 hex characters. */
export const AI_TOKEN_PATTERN = /^ai_[0-9a-f]{86}$/;
export const AI_TOKEN_NAME_MAX = 100;
export const AI_TOKENS_PER_USER = 50;
const MAX_ALLOWED_ITEMS = 200;

export type AiTokenPermission = 'read' | 'write';
export type AiTokenScope = 'all' | 'selected';

export interface AiTokenInput {
  name: string;
  permission?: AiTokenPermission;
  scope?: AiTokenScope;
  allowedItems?: number[];
  canCreateItem?: boolean;
  canDeleteItem?: boolean;
  autoAddCreatedItem?: boolean;
  /** null: never expires. */
  expiresAt?: Date | null;
}

/** What an MCP request may do: the token's user, and the limits the token adds to that user's rights. */
export interface AiGrant {
  user: User;
  /** The token row; null when the caller used a normal login token (`X-User-Token`). */
  token: UserAiToken | null;
  permission: AiTokenPermission;
  /** null: every item the user may reach. */
  allowedItems: number[] | null;
  canCreateItem: boolean;
  canDeleteItem: boolean;
  autoAddCreatedItem: boolean;
}

const bad = (en: string, zh: string) => new DomainError('BadInput', { en, zh });

export function allowedItemsOf(token: UserAiToken): number[] {
  try {
    const parsed: unknown = JSON.parse(token.allowedItems);
    return Array.isArray(parsed) ? parsed.filter((n): n is number => Number.isSafeInteger(n) && n > 0) : [];
  } catch {
    return [];
  }
}

/** The user's MCP tokens (ShowDoc's `ai_token/*`): shown once at creation, stored as SHA-256. */
export class AiTokenService {
  constructor(private readonly em: EntityManager) {}

  async list(viewer: Viewer): Promise<UserAiToken[]> {
    const user = viewer.requireUser();
    return this.em.find(UserAiToken, { user }, { orderBy: { id: 'desc' } });
  }

  async detail(viewer: Viewer, id: number): Promise<UserAiToken> {
    const user = viewer.requireUser();
    const row = id > 0 ? await this.em.findOne(UserAiToken, { id, user }) : null;
    if (!row) throw new DomainError('NotFound');
    return row;
  }

  /** A new token: the row, and the token itself (never stored, never shown again). */
  async create(
    viewer: Viewer,
    input: AiTokenInput,
    now = new Date(),
  ): Promise<{ row: UserAiToken; token: string }> {
    const user = viewer.requireUser();
    if ((await this.em.count(UserAiToken, { user })) >= AI_TOKENS_PER_USER)
      throw bad(
        `At most ${AI_TOKENS_PER_USER} MCP tokens per user`,
        `每个用户最多 ${AI_TOKENS_PER_USER} 个 MCP Token`,
      );
    const token = `ai_${crypto.randomBytes(43).toString('hex')}`;
    const row = this.em.create(UserAiToken, {
      user,
      tokenHash: hashToken(token),
      tokenPreview: `${token.slice(0, 7)}…${token.slice(-4)}`,
      name: '',
    });
    this.apply(row, { permission: 'write', scope: 'all', ...input }, now);
    await this.em.persistAndFlush(row);
    return { row, token };
  }

  async update(
    viewer: Viewer,
    id: number,
    input: Partial<AiTokenInput>,
    now = new Date(),
  ): Promise<UserAiToken> {
    const row = await this.detail(viewer, id);
    this.apply(row, { name: row.name, ...input }, now);
    await this.em.flush();
    return row;
  }

  /** A fresh secret for the same token settings; the old one stops working at once. */
  async reset(viewer: Viewer, id: number): Promise<{ row: UserAiToken; token: string }> {
    const row = await this.detail(viewer, id);
    const token = `ai_${crypto.randomBytes(43).toString('hex')}`;
    row.tokenHash = hashToken(token);
    row.tokenPreview = `${token.slice(0, 7)}…${token.slice(-4)}`;
    await this.em.flush();
    return { row, token };
  }

  async revoke(viewer: Viewer, id: number): Promise<UserAiToken> {
    const row = await this.detail(viewer, id);
    row.isActive = false;
    await this.em.flush();
    return row;
  }

  async delete(viewer: Viewer, id: number): Promise<void> {
    const row = await this.detail(viewer, id);
    await this.em.removeAndFlush(row);
  }

  /**
   * The grant of an MCP request's token: an active, unexpired MCP token, or a normal login token (write,
   * every item, as ShowDoc's `X-User-Token`). TokenInvalid otherwise.
   */
  async grantOf(
    token: string,
    authenticateLogin: (t: string) => Promise<User>,
    now = new Date(),
  ): Promise<AiGrant> {
    const value = token.trim();
    if (!value) throw new DomainError('TokenMissing');
    if (!AI_TOKEN_PATTERN.test(value)) {
      const user = await authenticateLogin(value);
      return {
        user,
        token: null,
        permission: 'write',
        allowedItems: null,
        canCreateItem: true,
        canDeleteItem: true,
        autoAddCreatedItem: false,
      };
    }
    const row = await this.em.findOne(UserAiToken, { tokenHash: hashToken(value) }, { populate: ['user'] });
    if (!row || !row.isActive || (row.expiresAt && row.expiresAt <= now))
      throw new DomainError('TokenInvalid');
    // Written at most once a minute: a busy editor should not turn every read into a write.
    if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > 60_000) {
      row.lastUsedAt = now;
      await this.em.flush();
    }
    return {
      user: row.user,
      token: row,
      permission: row.permission === 'read' ? 'read' : 'write',
      allowedItems: row.scope === 'all' ? null : allowedItemsOf(row),
      canCreateItem: row.canCreateItem,
      canDeleteItem: row.canDeleteItem,
      autoAddCreatedItem: row.autoAddCreatedItem,
    };
  }

  /** An item created through a `selected` token joins its list, when the token says so. */
  async addCreatedItem(grant: AiGrant, itemId: number): Promise<void> {
    if (!grant.token || !grant.allowedItems || !grant.autoAddCreatedItem) return;
    const row = await this.em.findOne(UserAiToken, { id: grant.token.id });
    if (!row) return;
    const items = [...new Set([...allowedItemsOf(row), itemId])].slice(0, MAX_ALLOWED_ITEMS);
    row.allowedItems = JSON.stringify(items);
    grant.allowedItems = items;
    await this.em.flush();
  }

  private apply(row: UserAiToken, input: Partial<AiTokenInput>, now: Date): void {
    if (input.name !== undefined) {
      const name = input.name.trim();
      if (!name) throw bad('Give the token a name', '请填写 Token 名称');
      if (name.length > AI_TOKEN_NAME_MAX)
        throw bad(`The name is too long (${AI_TOKEN_NAME_MAX} characters at most)`, 'Token 名称过长');
      row.name = name;
    }
    if (input.permission !== undefined) {
      if (!['read', 'write'].includes(input.permission))
        throw bad('The permission is read or write', '权限只能是 read 或 write');
      row.permission = input.permission;
    }
    if (input.scope !== undefined) {
      if (!['all', 'selected'].includes(input.scope))
        throw bad('The scope is all or selected', '范围只能是 all 或 selected');
      row.scope = input.scope;
    }
    if (input.allowedItems !== undefined) {
      const ids = [...new Set(input.allowedItems)];
      if (ids.length > MAX_ALLOWED_ITEMS || ids.some((n) => !Number.isSafeInteger(n) || n <= 0))
        throw bad('The item list is invalid', '项目列表不合法');
      row.allowedItems = JSON.stringify(ids);
    }
    if (input.canCreateItem !== undefined) row.canCreateItem = input.canCreateItem;
    if (input.canDeleteItem !== undefined) row.canDeleteItem = input.canDeleteItem;
    if (input.autoAddCreatedItem !== undefined) row.autoAddCreatedItem = input.autoAddCreatedItem;
    if (input.expiresAt !== undefined) {
      if (input.expiresAt && (Number.isNaN(input.expiresAt.getTime()) || input.expiresAt <= now))
        throw bad('The expiry must be in the future', '过期时间必须晚于现在');
      row.expiresAt = input.expiresAt;
    }
  }
}
