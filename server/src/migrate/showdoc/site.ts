import type { SqlEntityManager } from '@mikro-orm/knex';
import { Item, ItemGroup, ItemGroupItem, SiteOption } from '../../../../db/src';
import { SETTING_DEFAULTS } from '../../../../api/src/domain';
import type { ImportContext } from './context';
import { htmlUnescape, idList, localDate } from './decode';
import { count, note } from './report';
import { userRef } from './people';

/** The users' own item folders. */
export async function importItemGroups(em: SqlEntityManager, ctx: ImportContext): Promise<void> {
  if (!ctx.source.hasTable('item_group')) return;
  for (const g of ctx.source.all<{
    id: number;
    uid: number;
    group_name: string;
    item_ids: string;
    s_number: number;
    created_at: string;
  }>('select * from item_group order by id')) {
    if (ctx.maps.get('item_group', g.id) !== undefined) {
      count(ctx.report, 'item groups', 'already');
      continue;
    }
    const user = userRef(em, ctx, g.uid);
    if (!user) {
      ctx.maps.record(em, 'item_group', g.id, 0);
      count(ctx.report, 'item groups', 'skipped');
      continue;
    }
    const group = em.create(ItemGroup, {
      user,
      name: String(g.group_name ?? '').slice(0, 100),
      sNumber: Number(g.s_number ?? 0),
      createdAt: localDate(g.created_at, ctx.timeZone) ?? new Date(),
    });
    em.persist(group);
    await em.flush();
    ctx.maps.record(em, 'item_group', g.id, group.id);
    count(ctx.report, 'item groups', 'imported');
    for (const itemId of new Set(idList(g.item_ids))) {
      const mapped = ctx.maps.get('item', itemId);
      if (mapped) em.persist(em.create(ItemGroupItem, { group, item: em.getReference(Item, mapped) }));
    }
  }
}

/** Options that only describe ShowDoc's own install. */
const NOT_SETTINGS = new Set(['db_version_num', 'history_version_count']);

/**
 * Site settings Quire knows by the same name (registration, home page, login options, storage...). A
 * setting Quire already has a value for keeps it: the Quire admin's choice wins.
 */
export async function importOptions(em: SqlEntityManager, ctx: ImportContext): Promise<void> {
  if (!ctx.source.hasTable('options')) return;
  for (const o of ctx.source.all<{ option_id: number; option_name: string; option_value: string | null }>(
    'select * from options order by option_id',
  )) {
    const name = String(o.option_name ?? '');
    if (ctx.maps.get('option', o.option_id) !== undefined) {
      count(ctx.report, 'settings', 'already');
      continue;
    }
    if (!(name in SETTING_DEFAULTS) || NOT_SETTINGS.has(name)) {
      ctx.maps.record(em, 'option', o.option_id, 0);
      count(ctx.report, 'settings', 'skipped');
      if (!NOT_SETTINGS.has(name)) note(ctx.report, 'setting', name, 'no Quire meaning');
      continue;
    }
    const existing = await em.findOne(SiteOption, { name });
    if (existing) {
      ctx.maps.record(em, 'option', o.option_id, 0);
      count(ctx.report, 'settings', 'skipped');
      note(ctx.report, 'setting', name, 'Quire has its own value: kept');
      continue;
    }
    // JSON-valued options (ldap_form, oss_setting...) are stored HTML-escaped by ShowDoc's input filter.
    const option = em.create(SiteOption, { name, value: htmlUnescape(String(o.option_value ?? '')) });
    em.persist(option);
    await em.flush();
    ctx.maps.record(em, 'option', o.option_id, option.id);
    count(ctx.report, 'settings', 'imported');
  }
}

/** ShowDoc tables with no Quire counterpart: their row counts go into the report. */
const LEFT_OUT = [
  'page_comment',
  'page_feedback',
  'message',
  'message_content',
  'mock',
  'item_sort',
  'item_variable',
  'runapi_env',
  'runapi_env_selectd',
  'runapi_global_param',
  'runapi_db_config',
  'runapi_flow',
  'runapi_flow_page',
  'user_setting',
  'user_ai_token',
  'item_ai_config',
  'ai_chat_sessions',
  'ai_chat_messages',
  'kanban_activity_log',
  'parameter_description_entry',
  'export_log',
  'file_flow',
  'page_lock',
  'user_token',
  'captcha',
];

export function reportLeftOut(ctx: ImportContext): void {
  for (const table of LEFT_OUT) {
    if (!ctx.source.hasTable(table)) continue;
    const [row] = ctx.source.all<{ n: number }>(`select count(*) as n from "${table}"`);
    if (row && Number(row.n) > 0) ctx.report.notImportedTables.push({ table, rows: Number(row.n) });
  }
}
