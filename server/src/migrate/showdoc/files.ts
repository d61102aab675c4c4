import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { SqlEntityManager } from '@mikro-orm/knex';
import { Attachment, AttachmentPage, Item, Page } from '../../../../db/src';
import type { ImportContext } from './context';
import { unixDate, uploadPathOf } from './decode';
import { count, note } from './report';
import { userRef } from './people';

export interface UploadRow {
  file_id: number;
  sign: string;
  display_name: string;
  file_type: string;
  file_size: string | number;
  uid: number;
  item_id: number;
  page_id: number;
  visit_times: number;
  addtime: number;
  real_url: string;
  last_visit_time: number;
}

/** Upload paths and signs of every ShowDoc file whose bytes are at hand (or were imported before). */
export function indexFiles(ctx: ImportContext): void {
  if (!ctx.source.hasTable('upload_file')) return;
  for (const row of ctx.source.all<UploadRow>('select file_id, sign, real_url from upload_file')) {
    const sign = String(row.sign ?? '').toLowerCase();
    if (!/^[0-9a-f]{32}$/.test(sign)) continue;
    const relative = uploadPathOf(String(row.real_url ?? ''));
    const present =
      !!ctx.maps.get('file', row.file_id) ||
      (!!relative && !!ctx.options.uploadsDir && fs.existsSync(path.join(ctx.options.uploadsDir, relative)));
    if (!present) continue;
    ctx.files.signs.add(sign);
    if (relative) ctx.files.signByPath.set(relative, sign);
  }
}

/**
 * Copies the files of one item (or, `itemId` null, the files of no item) into Quire's storage and creates
 * their rows; every stored object gets an undo in `written`, so a failed unit removes what it copied.
 */
export async function importFiles(
  em: SqlEntityManager,
  ctx: ImportContext,
  itemId: number | null,
  written: Array<() => Promise<void>>,
): Promise<void> {
  if (!ctx.source.hasTable('upload_file')) return;
  const rows =
    itemId === null
      ? // Files of no item (editor images, avatars) or of an item ShowDoc no longer has. Files of an item
        // that failed to import wait for that item's next run.
        ctx.source.all<UploadRow>(
          'select * from upload_file where item_id is null or item_id not in (select item_id from item) order by file_id',
        )
      : ctx.source.all<UploadRow>('select * from upload_file where item_id = ? order by file_id', itemId);
  for (const row of rows) {
    if (ctx.maps.get('file', row.file_id) !== undefined) {
      count(ctx.report, 'attachments', 'already');
      continue;
    }
    const skip = (reason: string) => {
      ctx.maps.record(em, 'file', row.file_id, 0);
      count(ctx.report, 'attachments', 'skipped');
      note(ctx.report, 'attachment', row.file_id, reason);
    };
    const sign = String(row.sign ?? '').toLowerCase();
    const relative = uploadPathOf(String(row.real_url ?? ''));
    const uploader = userRef(em, ctx, row.uid);
    if (!/^[0-9a-f]{32}$/.test(sign)) {
      skip('no usable sign');
      continue;
    }
    if (!uploader) {
      skip('its uploader was not imported');
      continue;
    }
    if (!relative) {
      skip(`stored outside Public/Uploads (${row.real_url}): copy it by hand`);
      continue;
    }
    const file = ctx.options.uploadsDir ? path.join(ctx.options.uploadsDir, relative) : '';
    if (!file || !fs.existsSync(file)) {
      skip(
        `file Public/Uploads/${relative} not found${ctx.options.uploadsDir ? '' : ' (no --uploads given)'}`,
      );
      continue;
    }
    if (await em.count(Attachment, { sign })) {
      skip(`a Quire file already has the sign ${sign}`);
      continue;
    }
    const addedAt = unixDate(row.addtime) ?? new Date();
    const key = `${addedAt.toISOString().slice(0, 7)}/${crypto.randomBytes(16).toString('hex')}`;
    let size = fs.statSync(file).size;
    if (!ctx.options.dryRun && ctx.options.storage) {
      const { driver } = ctx.options.storage;
      size = await driver.put(key, fs.createReadStream(file));
      written.push(() => driver.delete(key));
    }
    const item = itemId === null ? null : em.getReference(Item, ctx.maps.get('item', itemId)!);
    const attachment = em.create(Attachment, {
      sign,
      displayName: String(row.display_name ?? '').slice(0, 255) || path.basename(relative),
      fileType: String(row.file_type ?? '').slice(0, 128) || 'application/octet-stream',
      fileSize: size,
      uploader,
      item,
      storageKey: `${ctx.options.storage?.kind ?? 'local'}:${key}`,
      visitTimes: Number(row.visit_times ?? 0),
      lastVisitAt: unixDate(row.last_visit_time),
      createdAt: addedAt,
    });
    em.persist(attachment);
    await em.flush();
    ctx.maps.record(em, 'file', row.file_id, attachment.id);
    count(ctx.report, 'attachments', 'imported');
    for (const link of ctx.source.all<{ page_id: number; item_id: number; addtime: number }>(
      'select * from file_page where file_id = ? order by id',
      row.file_id,
    )) {
      const pageId = ctx.maps.get('page', link.page_id);
      const linkItem = ctx.maps.get('item', link.item_id);
      if (!pageId || !linkItem) continue;
      em.persist(
        em.create(AttachmentPage, {
          attachment,
          item: em.getReference(Item, linkItem),
          page: em.getReference(Page, pageId),
          createdAt: unixDate(link.addtime) ?? addedAt,
        }),
      );
    }
  }
}
