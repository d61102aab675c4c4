import type { SqlEntityManager } from '@mikro-orm/knex';
import {
  ChangeAction,
  ChangeObject,
  type Catalog,
  type Item,
  ItemChangeLog,
  type Page,
} from '../../../../db/src';
import type { ImportContext } from './context';
import { localDate } from './decode';
import { count } from './report';
import { userRef } from './people';

/** Quire keeps the newest 300 change-log rows per item, as ShowDoc does. */
const KEPT_PER_ITEM = 300;

export async function importChangeLog(
  em: SqlEntityManager,
  ctx: ImportContext,
  sourceItem: number,
  item: Item,
  pages: Map<number, Page>,
  catalogs: Map<number, Catalog>,
): Promise<void> {
  if (!ctx.source.hasTable('item_change_log')) return;
  type Row = {
    uid: number;
    op_action_type: string;
    op_object_type: string;
    op_object_id: number;
    op_object_name: string;
    remark: string;
    optime: string;
  };
  const rows = ctx.source.all<Row>(
    'select * from item_change_log where item_id = ? order by optime desc, id desc limit ?',
    sourceItem,
    KEPT_PER_ITEM,
  );
  for (const r of rows.reverse()) {
    const action = ChangeAction.find((a) => a === r.op_action_type);
    const object = ChangeObject.find((o) => o === r.op_object_type);
    if (!action || !object) continue;
    const objectId = Number(r.op_object_id ?? 0);
    const mapped =
      object === 'page'
        ? pages.get(objectId)?.id
        : object === 'catalog'
          ? catalogs.get(objectId)?.id
          : object === 'item'
            ? item.id
            : undefined;
    em.persist(
      em.create(ItemChangeLog, {
        item,
        user: userRef(em, ctx, r.uid),
        actionType: action,
        objectType: object,
        objectId: mapped ?? objectId,
        objectName: String(r.op_object_name ?? '').slice(0, 255),
        remark: String(r.remark ?? '').slice(0, 255),
        createdAt: localDate(r.optime, ctx.timeZone) ?? new Date(),
      }),
    );
    count(ctx.report, 'change log', 'imported');
  }
  await em.flush();
}
