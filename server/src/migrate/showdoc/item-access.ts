import type { SqlEntityManager } from '@mikro-orm/knex';
import {
  type Catalog,
  type Item,
  ItemMember,
  ItemStar,
  ItemTop,
  type Page,
  Subscription,
  Team,
  TeamItem,
  TeamItemMember,
  Template,
  TemplateItem,
  User,
} from '../../../../db/src';
import type { ImportContext } from './context';
import { idList, localDate, unixDate } from './decode';
import { count } from './report';
import { userRef } from './people';

// Who may do what in an imported item, and what users keep about it: members with their catalog scopes,
// team rights, stars, pins, page subscriptions and templates shared into it.

/** ShowDoc's scope: `cat_ids` (comma list), else the legacy single `cat_id`; empty = the whole item. */
function scopeOf(catalogs: Map<number, Catalog>, catIds: string | null, catId: number | null): Catalog[] {
  const wanted = idList(catIds);
  if (!wanted.length && Number(catId ?? 0) > 0) wanted.push(Number(catId));
  return [...new Set(wanted.map((id) => catalogs.get(id)).filter((c): c is Catalog => !!c))];
}

export function importMembers(
  em: SqlEntityManager,
  ctx: ImportContext,
  sourceItem: number,
  item: Item,
  catalogs: Map<number, Catalog>,
): void {
  type MemberRow = {
    uid: number;
    member_uid: number;
    team_id: number;
    member_group_id: number;
    cat_id: number;
    cat_ids: string;
    addtime: number;
  };
  const group = (g: number) => (g === 1 || g === 2 ? g : 0);
  const seen = new Set<number>();
  for (const m of ctx.source.all<MemberRow>(
    'select * from item_member where item_id = ? order by item_member_id',
    sourceItem,
  )) {
    const user = userRef(em, ctx, m.uid);
    if (!user || seen.has(user.id) || user.id === item.owner.id) continue;
    seen.add(user.id);
    const member = em.create(ItemMember, {
      item,
      user,
      memberGroupId: group(Number(m.member_group_id)),
      createdAt: unixDate(m.addtime) ?? new Date(),
    });
    member.catalogs.set(scopeOf(catalogs, m.cat_ids, m.cat_id));
    em.persist(member);
    count(ctx.report, 'members', 'imported');
  }
  if (!ctx.source.hasTable('team_item')) return;
  for (const t of ctx.source.all<{ team_id: number; addtime: number }>(
    'select * from team_item where item_id = ? order by id',
    sourceItem,
  )) {
    const teamId = ctx.maps.get('team', t.team_id);
    if (!teamId) continue;
    const team = em.getReference(Team, teamId);
    em.persist(em.create(TeamItem, { team, item, createdAt: unixDate(t.addtime) ?? new Date() }));
    count(ctx.report, 'team items', 'imported');
    const members = new Set<number>();
    for (const m of ctx.source.all<MemberRow>(
      'select * from team_item_member where item_id = ? and team_id = ? order by id',
      sourceItem,
      t.team_id,
    )) {
      const user = userRef(em, ctx, m.member_uid);
      if (!user || members.has(user.id)) continue;
      members.add(user.id);
      const member = em.create(TeamItemMember, {
        team,
        item,
        user,
        memberGroupId: group(Number(m.member_group_id)),
        createdAt: unixDate(m.addtime) ?? new Date(),
      });
      member.catalogs.set(scopeOf(catalogs, m.cat_ids, m.cat_id));
      em.persist(member);
      count(ctx.report, 'team item members', 'imported');
    }
  }
}

/** Stars, pins, page subscriptions and shared templates: rows of one user about this item. */
export function importPerUser(
  em: SqlEntityManager,
  ctx: ImportContext,
  sourceItem: number,
  item: Item,
  pages: Map<number, Page>,
): void {
  const pairs: Array<[string, typeof ItemStar | typeof ItemTop]> = [
    ['item_star', ItemStar],
    ['item_top', ItemTop],
  ];
  for (const [table, entity] of pairs) {
    if (!ctx.source.hasTable(table)) continue;
    const seen = new Set<number>();
    for (const r of ctx.source.all<{ uid: number }>(
      `select uid from ${table} where item_id = ? order by id`,
      sourceItem,
    )) {
      const user = userRef(em, ctx, r.uid);
      if (!user || seen.has(user.id)) continue;
      seen.add(user.id);
      em.persist(em.create(entity as typeof ItemStar, { user, item }));
      count(ctx.report, table.replace('_', ' '), 'imported');
    }
  }
  if (ctx.source.hasTable('subscription') && pages.size) {
    const seen = new Set<string>();
    for (const s of ctx.source.iterate<{
      uid: number;
      object_id: number;
      action_type: string;
      sub_time: string;
    }>(
      "select s.uid, s.object_id, s.action_type, s.sub_time from subscription s join page p on p.page_id = s.object_id where s.object_type = 'page' and p.item_id = ?",
      sourceItem,
    )) {
      const user = userRef(em, ctx, s.uid);
      const page = pages.get(Number(s.object_id));
      const actionType = String(s.action_type || 'update').slice(0, 16);
      const key = `${user?.id}:${s.object_id}:${actionType}`;
      if (!user || !page || seen.has(key)) continue;
      seen.add(key);
      em.persist(
        em.create(Subscription, {
          user,
          page,
          actionType,
          createdAt: localDate(s.sub_time, ctx.timeZone) ?? new Date(),
        }),
      );
      count(ctx.report, 'subscriptions', 'imported');
    }
  }
  if (ctx.source.hasTable('template_item')) {
    for (const t of ctx.source.all<{ template_id: number; uid: number; created_at: string }>(
      'select * from template_item where item_id = ? order by id',
      sourceItem,
    )) {
      const templateId = ctx.maps.get('template', t.template_id);
      const sharedBy = userRef(em, ctx, t.uid);
      if (!templateId || !sharedBy) continue;
      em.persist(
        em.create(TemplateItem, {
          template: em.getReference(Template, templateId),
          item,
          sharedBy: em.getReference(User, sharedBy.id),
          createdAt: localDate(t.created_at, ctx.timeZone) ?? new Date(),
        }),
      );
      count(ctx.report, 'template shares', 'imported');
    }
  }
}
