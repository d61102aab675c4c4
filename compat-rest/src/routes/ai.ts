// compat-api §14.1 (ai/create: the writing assistant's SSE relay) and compat-notes §9 (ai_token/*: MCP tokens).
import { DomainError, type AiTokenInput } from '../../../api/src/domain';
import { action, type Controller } from '../action';
import { idList, optionalStr, phpTruthy } from '../form-values';
import { int, str } from '../params';
import { aiTokenRow } from '../presenters/ai-token';
import { EMPTY, parseLocalTime } from '../wire';
import { z } from 'zod';

export const ai: Controller = {
  /**
   * The assistant's answer as `text/event-stream`: the upstream chunks relayed, or ShowDoc's error events.
   * Refusals before the stream starts (login, empty prompt, rate limit) are the usual JSON envelope.
   */
  create: action({
    auth: 'login',
    params: { content: str() },
    async handle({ services, viewer, request, reply }, p) {
      const abort = new AbortController();
      const stream = await services.assistant.open(viewer, p.content, abort.signal);
      reply.hijack();
      const raw = reply.raw;
      raw.on('close', () => abort.abort());
      raw.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache',
        'X-Accel-Buffering': 'no',
        Connection: 'keep-alive',
      });
      try {
        for await (const text of stream) {
          if (raw.destroyed) break;
          if (!raw.write(text)) await new Promise((resolve) => raw.once('drain', resolve));
        }
      } catch (err) {
        request.log.error({ err }, 'ai/create stream failed');
      } finally {
        raw.end();
      }
    },
  }),
};

/** A 0/1 flag that may be absent (then the token's current or default value stays). */
const flag = () =>
  z.unknown().transform((v): boolean | undefined => (v === undefined ? undefined : phpTruthy(v)));

function tokenInput(p: {
  name?: string;
  permission?: string;
  scope?: string;
  allowed_items?: unknown;
  can_create_item?: boolean;
  can_delete_item?: boolean;
  auto_add_created_item?: boolean;
  expires_at?: string;
}): Partial<AiTokenInput> {
  const input: Partial<AiTokenInput> = {};
  if (p.name !== undefined) input.name = p.name;
  if (p.permission !== undefined && p.permission !== '') {
    // ShowDoc's `admin` tokens act with their user's rights: stored as write.
    const permission = p.permission === 'admin' ? 'write' : p.permission;
    if (permission !== 'read' && permission !== 'write')
      throw new DomainError('BadInput', {
        en: 'The permission is read or write',
        zh: '权限只能是 read 或 write',
      });
    input.permission = permission;
  }
  if (p.scope !== undefined && p.scope !== '') {
    const scope = p.scope === 'single_item' ? 'selected' : p.scope;
    if (scope !== 'all' && scope !== 'selected')
      throw new DomainError('BadInput', {
        en: 'The scope is all or selected',
        zh: '范围只能是 all 或 selected',
      });
    input.scope = scope;
  }
  if (p.allowed_items !== undefined) input.allowedItems = idList(p.allowed_items);
  if (p.can_create_item !== undefined) input.canCreateItem = p.can_create_item;
  if (p.can_delete_item !== undefined) input.canDeleteItem = p.can_delete_item;
  if (p.auto_add_created_item !== undefined) input.autoAddCreatedItem = p.auto_add_created_item;
  if (p.expires_at !== undefined) {
    const text = p.expires_at.trim();
    if (!text || text === '0') input.expiresAt = null;
    else {
      const date = /^\d+$/.test(text) ? new Date(Number(text) * 1000) : parseLocalTime(text);
      if (!date)
        throw new DomainError('BadInput', { en: 'The expiry is not a date', zh: '过期时间格式错误' });
      input.expiresAt = date;
    }
  }
  return input;
}

const tokenFields = {
  name: optionalStr(),
  permission: optionalStr(),
  scope: optionalStr(),
  allowed_items: z.unknown(),
  can_create_item: flag(),
  can_delete_item: flag(),
  auto_add_created_item: flag(),
  expires_at: optionalStr(),
};

export const aiToken: Controller = {
  list: action({
    auth: 'login',
    params: {},
    async handle({ services, viewer }) {
      const rows = await services.aiTokens.list(viewer);
      return { tokens: rows.map(aiTokenRow), total: rows.length };
    },
  }),

  detail: action({
    auth: 'login',
    params: { id: int() },
    async handle({ services, viewer }, p) {
      return aiTokenRow(await services.aiTokens.detail(viewer, p.id));
    },
  }),

  create: action({
    auth: 'login',
    params: tokenFields,
    async handle({ services, viewer }, p) {
      const input = tokenInput(p);
      const { row, token } = await services.aiTokens.create(viewer, { ...input, name: input.name ?? '' });
      return {
        token,
        id: row.id,
        message: '创建成功，请妥善保存 Token，它只会显示这一次',
      };
    },
  }),

  update: action({
    auth: 'login',
    params: { id: int(), ...tokenFields },
    async handle({ services, viewer }, p) {
      return aiTokenRow(await services.aiTokens.update(viewer, p.id, tokenInput(p)));
    },
  }),

  reset: action({
    auth: 'login',
    params: { id: int() },
    async handle({ services, viewer }, p) {
      const { token } = await services.aiTokens.reset(viewer, p.id);
      return { token, message: '重置成功，请妥善保存新 Token' };
    },
  }),

  revoke: action({
    auth: 'login',
    params: { id: int() },
    async handle({ services, viewer }, p) {
      await services.aiTokens.revoke(viewer, p.id);
      return { message: '已撤销' };
    },
  }),

  delete: action({
    auth: 'login',
    params: { id: int() },
    async handle({ services, viewer }, p) {
      await services.aiTokens.delete(viewer, p.id);
      return EMPTY;
    },
  }),

  /** The items a token may be limited to: those the user can reach. */
  availableItems: action({
    auth: 'login',
    params: {},
    async handle({ services, viewer }) {
      const { entries } = await services.items.myList(viewer);
      return entries.map(({ item }) => ({ item_id: item.id, item_name: item.name, item_type: item.type }));
    },
  }),
};
