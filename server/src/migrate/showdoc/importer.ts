import type { MikroORM } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';
import { suspendSearchItemIndex } from '../../../../db/src';
import { IdAllocator, ImportMaps, type ImportContext, type ImportOptions } from './context';
import { importFiles, indexFiles } from './files';
import { importItem, type ItemRow } from './item';
import { checkUsernames, importTeams, importTemplates, importUsers } from './people';
import { emptyReport, count, note, type ImportReport } from './report';
import { importItemGroups, importOptions, reportLeftOut } from './site';
import type { ShowdocSource } from './source';

class DryRunDone extends Error {}

/**
 * Imports a ShowDoc database into Quire: users (with their password hashes), teams and templates first,
 * then each item with everything that hangs off it in one transaction (a failure leaves no half item and
 * is reported), then item groups, files bound to no item and site settings. Every imported row is
 * recorded in `import_map`, so a second run finds nothing to do.
 */
export async function importShowdoc(
  orm: MikroORM,
  source: ShowdocSource,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const started = Date.now();
  const report = emptyReport(!!options.dryRun);
  const root = orm.em.fork() as SqlEntityManager;
  const ctx: ImportContext = {
    source,
    options,
    maps: await ImportMaps.load(root, options.sourceName ?? 'showdoc'),
    report,
    timeZone: options.timeZone ?? 'Asia/Shanghai',
    files: { signByPath: new Map(), signs: new Set() },
  };
  indexFiles(ctx);
  await checkUsernames(root, ctx);
  const ids = new IdAllocator();
  const undo: Array<() => Promise<void>> = [];

  const run = async (em: SqlEntityManager) => {
    // Runs `work` in its own transaction (a savepoint inside a dry run's outer one).
    const unit = async (work: (tem: SqlEntityManager) => Promise<void>) => {
      ids.reset();
      try {
        // A fork per unit keeps memory flat; a dry run's units must stay on its one open transaction
        // (SQLite has a single connection), as savepoints.
        await (options.dryRun ? em : em.fork()).transactional((tem) => work(tem as SqlEntityManager));
        if (options.dryRun) em.clear();
        ctx.maps.commit();
        undo.length = 0;
      } catch (err) {
        ctx.maps.rollback();
        for (const remove of undo.splice(0)) await remove().catch(() => undefined);
        throw err;
      }
    };
    const items = source.all<ItemRow>('select * from item order by item_id');
    const progress = (phase: 'users' | 'items' | 'site' | 'done', itemsDone: number) =>
      options.onProgress?.({ phase, itemsDone, itemsTotal: items.length });
    progress('users', 0);
    await unit((tem) => importUsers(tem, ctx, ids));
    await unit(async (tem) => {
      await importTeams(tem, ctx);
      await importTemplates(tem, ctx);
    });
    for (const [index, row] of items.entries()) {
      progress('items', index);
      if (ctx.maps.get('item', row.item_id) !== undefined) {
        count(report, 'items', 'already');
        continue;
      }
      try {
        await unit(async (tem) => {
          await importItem(tem, ctx, row, ids);
          if (ctx.maps.get('item', row.item_id)) await importFiles(tem, ctx, Number(row.item_id), undo);
        });
      } catch (err) {
        if (err instanceof DryRunDone) throw err;
        count(report, 'items', 'skipped');
        note(report, 'item', row.item_id, `failed, nothing of it was written: ${(err as Error).message}`);
      }
    }
    progress('site', items.length);
    await unit(async (tem) => {
      await importItemGroups(tem, ctx);
      await importFiles(tem, ctx, null, undo);
      await importOptions(tem, ctx);
    });
  };

  const restoreIndex =
    options.suspendSearchIndex && !options.dryRun ? await suspendSearchItemIndex(root) : null;
  try {
    if (options.dryRun) {
      await root.transactional(async (tem) => {
        await run(tem as SqlEntityManager);
        throw new DryRunDone();
      });
    } else {
      await run(root);
    }
  } catch (err) {
    if (!(err instanceof DryRunDone)) throw err;
  } finally {
    await restoreIndex?.();
  }
  reportLeftOut(ctx);
  const total = sumItems(report);
  options.onProgress?.({ phase: 'done', itemsDone: total, itemsTotal: total });
  report.elapsedMs = Date.now() - started;
  return report;
}

function sumItems(report: ImportReport): number {
  const c = report.counts.items;
  return c ? c.imported + c.already + c.skipped : 0;
}
