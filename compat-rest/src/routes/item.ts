import { z } from 'zod';
import {
  DomainError,
  operatorOf,
  type MyList,
  type MyListEntry,
  type SortEntry,
} from '../../../api/src/domain';
import type { ItemApiKey, ItemChangeLog } from '../../../db/src';
import { action, type Controller } from '../action';
import { idList, optionalStr, parseJsonParam, phpTruthy } from '../form-values';
import { AI_CONFIG_DEFAULTS } from '../document-wire';
import { itemRow } from '../presenters/item';
import { itemInfo } from './item-info';
import { itemSearch } from './item-search';
import { updatePage } from './open';
import { int, str } from '../params';
import { localTime, s, ts, type Wire } from '../wire';

function itemTokenRow(key: ItemApiKey): Wire {
  return {
    id: s(key.id),
    item_id: s(key.item.id),
    api_key: key.apiKey,
    api_token: key.apiToken,
    addtime: ts(key.createdAt),
    last_check_time: ts(key.lastCheckAt),
  };
}

/** One entry of `item/myList` (compat-api §3.1), keys in ShowDoc's order. */
function myListEntry(list: MyList, entry: MyListEntry): Wire {
  const { item } = entry;
  const creator = entry.rights.isOwner;
  const showPassword = creator || entry.manager;
  // With a manual order, unnumbered items carry their id as a string: ShowDoc's own mix of types.
  const sNumber: Wire = list.sorted ? (entry.sortNumber ?? s(item.id)) : 0;
  return {
    item_id: s(item.id),
    uid: s(item.owner.id),
    item_name: item.name,
    item_domain: item.domain ?? '',
    item_type: s(item.type),
    last_update_time: ts(item.lastUpdateAt),
    item_description: item.description,
    is_del: '0',
    ...(showPassword ? { password: item.password } : {}),
    s_number: sNumber,
    creator: creator ? 1 : 0,
    manage: entry.manager ? 1 : 0,
    // ShowDoc computes this after hiding the password, so non-managers always see 0.
    is_private: showPassword && item.password !== '' ? 1 : 0,
    is_star: entry.starred ? 1 : 0,
    ...(list.hasPins ? { top: entry.pinned ? 1 : 0 } : {}),
  };
}

/** `item_group_ids` (array, JSON array or comma list) wins over `item_group_id`. */
function groupIdsOf(ids: unknown, single: number): number[] {
  const list = idList(ids);
  return list.length ? list : single > 0 ? [single] : [];
}

/** `item/sort` data: a JSON object `{"<item_id>": <s_number>}`. */
function sortEntries(data: string): SortEntry[] {
  if (!data) throw new DomainError('BadInput', { en: 'The order is required', zh: '排序数据不能为空' });
  const parsed = parseJsonParam(data);
  if (Array.isArray(parsed) && parsed.length === 0) return [];
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new DomainError('BadInput');
  return Object.entries(parsed).map(([itemId, sNumber]) => ({
    itemId: Number(itemId),
    sNumber: typeof sNumber === 'string' ? Number(sNumber) : typeof sNumber === 'number' ? sNumber : NaN,
  }));
}

/** A base64 text as ShowDoc's `base64_decode` would give it back; '' when it is not base64. */
function decodeBase64(text: string): string {
  const compact = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) return '';
  return Buffer.from(compact, 'base64').toString('utf8');
}

const ACTION_DESCRIPTIONS: Record<string, string> = {
  create: '创建',
  update: '修改',
  delete: '删除',
  export: '导出',
  binding: '绑定',
  unbound: '解绑',
  drag: '拖曳修改',
};
const OBJECT_DESCRIPTIONS: Record<string, string> = {
  page: '页面(或接口)',
  catalog: '目录',
  item: '项目',
  team: '团队',
  member: '成员',
  tree: '目录树',
};

/** One `item/getChangeLog` entry; open-API writes show 'API' as their operator. */
function changeLogRow(entry: ItemChangeLog): Wire {
  const operator = operatorOf(entry);
  return {
    id: s(entry.id),
    uid: s(operator.id ?? 0),
    item_id: s(entry.item.id),
    op_action_type: entry.actionType,
    op_object_type: entry.objectType,
    op_object_id: s(entry.objectId),
    op_object_name: entry.objectName,
    remark: entry.remark,
    optime: localTime(entry.createdAt),
    username: operator.username,
    name: operator.name,
    oper: operator.name ? `${operator.username}(${operator.name})` : operator.username,
    op_action_type_desc: ACTION_DESCRIPTIONS[entry.actionType] ?? '未定义',
    op_object_type_desc: OBJECT_DESCRIPTIONS[entry.objectType] ?? '未定义',
  };
}

const itemId = { item_id: int() };

export const item: Controller = {
  /** compat-rest/src/routes/item-info.ts */
  info: itemInfo,
  /** compat-rest/src/routes/item-search.ts */
  search: itemSearch,
  myList: action({
    auth: 'login',
    params: { original: int(), item_group_id: int() },
    async handle({ services, viewer }, p) {
      const list = await services.items.myList(viewer, { owned: p.original > 0, groupId: p.item_group_id });
      return list.entries.map((entry) => myListEntry(list, entry));
    },
  }),

  detail: action({
    auth: 'login',
    params: itemId,
    async handle({ services, viewer }, p) {
      const { item, owner, groupIds } = await services.items.detail(viewer, p.item_id);
      return { ...itemRow(item, owner), group_ids: groupIds, ai_config: AI_CONFIG_DEFAULTS };
    },
  }),

  /** Creates an item, or copies one when `copy_item_id` is given (non-empty fields then override). */
  add: action({
    auth: 'login',
    params: {
      item_name: str(),
      item_type: int(1),
      item_description: str(),
      password: str(),
      item_domain: str(),
      copy_item_id: int(),
      item_group_id: int(),
      item_group_ids: z.unknown(),
      allow_comment: z.unknown(),
      allow_feedback: z.unknown(),
    },
    async handle({ services, viewer }, p) {
      const groupIds = groupIdsOf(p.item_group_ids, p.item_group_id);
      const created =
        p.copy_item_id > 0
          ? await services.items.copy(viewer, {
              sourceId: p.copy_item_id,
              name: p.item_name.trim() || undefined,
              description: p.item_description || undefined,
              password: p.password || undefined,
              domain: p.item_domain.trim() || undefined,
              groupIds,
            })
          : await services.items.create(viewer, {
              name: p.item_name,
              type: p.item_type,
              description: p.item_description,
              password: p.password,
              domain: p.item_domain,
              groupIds,
              allowComment: phpTruthy(p.allow_comment),
              allowFeedback: phpTruthy(p.allow_feedback),
            });
      return { item_id: created.id };
    },
  }),

  /**
   * Fields left out of the request stay as they are; ShowDoc blanked them (an omitted password made
   * the item public). `item_domain` is ignored: a domain never changes.
   */
  update: action({
    auth: 'login',
    params: {
      item_id: int(),
      item_name: optionalStr(),
      item_description: optionalStr(),
      password: optionalStr(),
      item_group_id: int(),
      item_group_ids: z.unknown(),
      allow_comment: z.unknown(),
      allow_feedback: z.unknown(),
    },
    async handle({ services, viewer }, p) {
      const groupIds = groupIdsOf(p.item_group_ids, p.item_group_id);
      await services.items.update(viewer, p.item_id, {
        name: p.item_name,
        description: p.item_description,
        password: p.password,
        groupIds: groupIds.length ? groupIds : undefined,
        allowComment: p.allow_comment === undefined ? undefined : phpTruthy(p.allow_comment),
        allowFeedback: p.allow_feedback === undefined ? undefined : phpTruthy(p.allow_feedback),
      });
      return { success: true };
    },
  }),

  delete: action({
    auth: 'login',
    params: { item_id: int(), password: str(), project_name: str() },
    async handle({ services, viewer }, p) {
      await services.items.delete(viewer, p.item_id, p.password, p.project_name);
      return { success: true };
    },
  }),

  archive: action({
    auth: 'login',
    params: { item_id: int(), password: str() },
    async handle({ services, viewer }, p) {
      await services.items.archive(viewer, p.item_id, p.password);
      return { success: true };
    },
  }),

  attorn: action({
    auth: 'login',
    params: { item_id: int(), username: str(), password: str() },
    async handle({ services, viewer }, p) {
      const moved = await services.items.transfer(viewer, p.item_id, p.username, p.password);
      return itemRow(moved, moved.owner);
    },
  }),

  getKey: action({
    auth: 'login',
    params: itemId,
    async handle({ services, viewer }, p) {
      return itemTokenRow(await services.items.apiKey(viewer, p.item_id));
    },
  }),

  resetKey: action({
    auth: 'login',
    params: itemId,
    async handle({ services, viewer }, p) {
      return itemTokenRow(await services.items.resetApiKey(viewer, p.item_id));
    },
  }),

  star: action({
    auth: 'login',
    params: itemId,
    async handle({ services, viewer }, p) {
      return { id: (await services.items.star(viewer, p.item_id)).id };
    },
  }),

  unstar: action({
    auth: 'login',
    params: itemId,
    async handle({ services, viewer }, p) {
      await services.items.unstar(viewer, p.item_id);
    },
  }),

  top: action({
    auth: 'login',
    params: { item_id: int(), action: str() },
    async handle({ services, viewer }, p) {
      if (p.action !== 'top' && p.action !== 'cancel') throw new DomainError('BadInput');
      await services.items.pin(viewer, p.item_id, p.action === 'top');
    },
  }),

  sort: action({
    auth: 'login',
    params: { data: str(), item_group_id: int() },
    async handle({ services, viewer }, p) {
      await services.items.sort(viewer, p.item_group_id, sortEntries(p.data));
    },
  }),

  exitItem: action({
    auth: 'login',
    params: itemId,
    async handle({ services, viewer }, p) {
      await services.items.leave(viewer, p.item_id);
    },
  }),

  /**
   * Checks a visit password. Nothing is remembered for this door (it has no session): clients send
   * `_item_pwd` with later requests. A missing `captcha_id` is a wrong captcha, not ShowDoc's HTTP 500.
   */
  pwd: action({
    auth: 'anon',
    params: {
      item_id: str(),
      page_id: int(),
      password: str(),
      captcha_id: int(),
      captcha: str(),
      refer_url: str(),
    },
    async handle({ services, viewer }, p) {
      await services.items.unlock(viewer, {
        item: p.item_id,
        pageId: p.page_id,
        password: p.password,
        captchaId: p.captcha_id,
        captcha: p.captcha,
      });
      return { refer_url: decodeBase64(p.refer_url) };
    },
  }),

  /** The item's change log, newest first: `page` from 1, `count` 1..100 (15 when absent). */
  getChangeLog: action({
    auth: 'login',
    params: { item_id: int(), page: int(1), count: int(15) },
    async handle({ services, viewer }, p) {
      const count = Math.min(Math.max(p.count, 1), 100);
      const pageNumber = Math.max(p.page, 1);
      const log = await services.changeLog.list(viewer, p.item_id, {
        offset: (pageNumber - 1) * count,
        limit: count,
      });
      return { total: log.total, list: log.entries.map(changeLogRow) };
    },
  }),

  /** compat-rest/src/routes/open.ts (`open/updatePage`). */
  updateByApi: updatePage,

  /** Every item the caller owns, deleted ones included (as ShowDoc). */
  itemList: action({
    auth: 'login',
    params: {},
    async handle({ services, viewer }) {
      const owner = viewer.requireUser();
      return (await services.items.ownedItems(viewer)).map((i) => itemRow(i, owner));
    },
  }),
};
