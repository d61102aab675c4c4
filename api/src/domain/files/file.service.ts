// Over 500 lines on purpose: one short method per file action of both doors (upload, lists, bind, unbind,
// delete, admin lists, visits); the checks live in file-rules.ts, delivery in file-delivery.ts, bytes in storage/.
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { raw, type EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';
import { Attachment, AttachmentPage, FileFlow, Item, Page, SinglePageLink, User } from '../../../../db/src';
import {
  localStorageAt,
  s3SettingsFromSite,
  s3StorageFor,
  type StorageOptions,
} from '../../storage/storage-config';
import { StorageError, type FileStorage } from '../../storage/storage';
import { loadCatalogPath } from '../catalogs/catalog-tree';
import { pageVisibleInScope } from '../policy/scope';
import { DomainError } from '../errors';
import type { PageService } from '../pages/page.service';
import type { PolicyService } from '../policy/policy.service';
import type { SettingsService } from '../settings/settings.service';
import { inTransaction } from '../transaction';
import type { Viewer } from '../viewer';
import { deliver, type FileDelivery, type FileRequest } from './file-delivery';
import {
  checkContent,
  checkEditorImageName,
  checkFileName,
  sanitizeFileName,
  sniff,
  SNIFF_BYTES,
} from './file-rules';
import { discard, openUpload, type OpenedUpload } from './upload-stream';

export const MiB = 1024 * 1024;

export interface UploadInput {
  /** `attachment`: any allowed file (ShowDoc's `page/upload`); `image`: an editor image (`page/uploadImg`). */
  kind: 'attachment' | 'image';
  /** The name the client gave; only shown, never used to store. */
  fileName: string;
  body: Readable;
  /** 0 or absent: not bound to an item. */
  itemId?: number;
  /** 0 or absent: not bound to a page. */
  pageId?: number;
}

/** ShowDoc's `attachment_type`: 1 images, 2 everything else, anything else all. */
export type FileTypeFilter = 'image' | 'other' | null;

export interface FileListFilter {
  type?: FileTypeFilter;
  /** Substring of the display name (the admin list also matches the sign). */
  name?: string;
  /** The admin list: the uploader's exact username. */
  username?: string;
  page?: number;
  count?: number;
}

/** A file with what the lists show beside it. */
export interface FileView {
  file: Attachment;
  uploader: User;
  /** The first page it is bound to (0: none) and that page's item (else the file's own item, 0: none). */
  pageId: number;
  itemId: number;
}

export interface FileList {
  list: FileView[];
  total: number;
  /** Bytes of all the files counted (the viewer's own, or everyone's for the admin list). */
  used: number;
}

export interface MyFileList extends FileList {
  /** Bytes served this month from the viewer's files. */
  usedFlowThisMonth: number;
}

export interface BatchDeleteResult {
  success: number;
  failed: number;
}

/** Storage keys `local:yyyy-mm/<hex>` or `s3:yyyy-mm/<hex>`: the driver, then a key nobody chose. */
const KEY_FORMAT = /^(local|s3):(.+)$/;

/**
 * Uploaded files: storing them (type and size checked while they stream in), binding them to pages,
 * the lists, deleting, and serving them to whoever may read a page they belong to.
 */
export class FileService {
  constructor(
    private readonly em: EntityManager,
    private readonly policy: PolicyService,
    private readonly pages: PageService,
    private readonly settings: SettingsService,
    private readonly storage: StorageOptions | null,
  ) {}

  /** The upload limit in bytes (site setting `upload_limit_mb`, 4 MB by default: spec 000 §9). */
  async uploadLimit(): Promise<number> {
    const mb = Number.parseFloat(await this.settings.get('upload_limit_mb'));
    return Math.floor((Number.isFinite(mb) && mb > 0 ? mb : 4) * MiB);
  }

  /**
   * Stores one uploaded file. Permission and the name are checked before a byte is stored; the type is
   * sniffed from the first bytes and the size counted as they stream through. A refusal or a failure
   * leaves no row and no stored object.
   */
  async upload(viewer: Viewer, input: UploadInput): Promise<Attachment> {
    const state: { opened?: OpenedUpload } = {};
    try {
      return await this.store(viewer, input, state);
    } catch (err) {
      // Whatever was refused, the rest of the upload is read and dropped so the request can end.
      await (state.opened ? state.opened.drain() : discard(input.body));
      throw err;
    }
  }

  private async store(
    viewer: Viewer,
    input: UploadInput,
    state: { opened?: OpenedUpload },
  ): Promise<Attachment> {
    const user = viewer.requireUser();
    const { item, page } = await this.uploadTarget(viewer, input);
    let name = sanitizeFileName(input.fileName);
    // Pasted images arrive as `blob`: ShowDoc names them blob.jpg; the sniffed type names them here.
    const pasted = input.kind === 'image' && name.toLowerCase() === 'blob';
    if (!pasted) {
      checkFileName(name, viewer.isAdmin);
      if (input.kind === 'image') checkEditorImageName(name);
    }
    const opened = await openUpload(input.body, await this.uploadLimit(), SNIFF_BYTES);
    state.opened = opened;
    const { head, body } = opened;
    if (!head.length) throw new DomainError('FileMissing');
    const sniffed = await sniff(head);
    if (pasted) {
      name = `blob.${sniffed?.ext ?? 'jpg'}`;
      checkEditorImageName(name);
    }
    const fileType = checkContent(name, sniffed);
    if (input.kind === 'image' && !fileType.startsWith('image/'))
      throw new DomainError('ImageTypeNotAllowed');

    const { storage, driver } = await this.writableStorage();
    const key = newKey();
    let size: number;
    try {
      size = await storage.put(key, body);
    } catch (err) {
      if (err instanceof DomainError) throw err;
      throw uploadFailed(err);
    }
    try {
      return await inTransaction(this.em, async () => {
        const file = this.em.create(Attachment, {
          sign: crypto.randomBytes(16).toString('hex'),
          displayName: name,
          fileType,
          fileSize: size,
          uploader: user,
          item,
          storageKey: `${driver}:${key}`,
        });
        this.em.persist(file);
        if (page)
          this.em.persist(this.em.create(AttachmentPage, { attachment: file, item: page.item, page }));
        await this.em.flush();
        return file;
      });
    } catch (err) {
      await storage.delete(key).catch(() => undefined);
      throw err;
    }
  }

  /** Upload targets: a page (edit rights there), an item (edit rights), or nothing (any signed-in user). */
  private async uploadTarget(
    viewer: Viewer,
    input: UploadInput,
  ): Promise<{ item: Item | null; page: Page | null }> {
    if (input.pageId && input.pageId > 0) {
      const { page, item } = await this.pages.writable(
        viewer,
        input.pageId,
        input.itemId && input.itemId > 0 ? input.itemId : undefined,
      );
      return { item, page };
    }
    if (input.itemId && input.itemId > 0) {
      const { item } = await this.policy.requireEdit(viewer, input.itemId);
      return { item, page: null };
    }
    return { item: null, page: null };
  }

  private async writableStorage(): Promise<{ storage: FileStorage; driver: 'local' | 's3' }> {
    if (!this.storage) throw uploadFailed(new StorageError('misconfigured', 'no storage configured'));
    try {
      if (this.storage.s3) return { storage: s3StorageFor(this.storage.s3), driver: 's3' };
      const all = await this.settings.all();
      const fromSite = s3SettingsFromSite(all.oss_open, all.oss_setting);
      if (fromSite) return { storage: s3StorageFor(fromSite), driver: 's3' };
      return { storage: localStorageAt(this.storage.uploadsDir), driver: 'local' };
    } catch (err) {
      throw uploadFailed(err);
    }
  }

  /** The driver holding a stored file: the one it was written with, as configured now. */
  private async storageOf(file: Attachment): Promise<{ storage: FileStorage; key: string }> {
    const match = KEY_FORMAT.exec(file.storageKey);
    if (!match || !this.storage) throw new StorageError('misconfigured', 'no storage for this file');
    const key = match[2]!;
    if (match[1] === 'local') return { storage: localStorageAt(this.storage.uploadsDir), key };
    if (this.storage.s3) return { storage: s3StorageFor(this.storage.s3), key };
    const all = await this.settings.all();
    const fromSite = s3SettingsFromSite(all.oss_open || '1', all.oss_setting);
    if (!fromSite) throw new StorageError('misconfigured', 'S3 storage is not configured');
    return { storage: s3StorageFor(fromSite), key };
  }

  /** The files of a page the viewer may read, newest first. */
  async pageFiles(viewer: Viewer, pageId: number): Promise<Attachment[]> {
    if (pageId <= 0) throw new DomainError('PageNotSavedYet');
    const { page } = await this.pages.readable(viewer, pageId);
    const links = await this.em.find(
      AttachmentPage,
      { page },
      { populate: ['attachment'], orderBy: { attachment: { createdAt: 'desc', id: 'desc' } } },
    );
    return links.map((link) => link.attachment);
  }

  /** The viewer's own files, newest first, with their used space and this month's traffic. */
  async mine(viewer: Viewer, filter: FileListFilter, now = new Date()): Promise<MyFileList> {
    const user = viewer.requireUser();
    const where = { uploader: user.id, ...typeAndNameWhere(filter, false) };
    const list = await this.listed(where, filter);
    const used = await this.bytesOf({ uploader: user.id });
    const flow = await this.em.findOne(FileFlow, { user: user.id, month: monthOf(now) });
    return { ...list, used, usedFlowThisMonth: flow ? Number(flow.used) : 0 };
  }

  /** Every user's files (administrators; spec 001 §3 attachment panel). */
  async all(viewer: Viewer, filter: FileListFilter): Promise<FileList> {
    viewer.requireAdmin();
    const where: Record<string, unknown> = typeAndNameWhere(filter, true);
    if (filter.username?.trim()) where.uploader = { username: filter.username.trim() };
    const list = await this.listed(where, filter);
    return { ...list, used: await this.bytesOf({}) };
  }

  /**
   * Files no live page uses (administrators): neither bound to one nor named in one's text (ShowDoc
   * looked at the text only, so a file listed on a page but not linked in it counted as unused).
   */
  async unused(viewer: Viewer, filter: FileListFilter): Promise<{ list: FileView[]; total: number }> {
    viewer.requireAdmin();
    const qb = (this.em as SqlEntityManager)
      .createQueryBuilder(Attachment, 'a')
      .select('a.id')
      .where(
        'not exists (select 1 from attachment_page ap join page p on p.id = ap.page_id where ap.attachment_id = a.id and p.deleted_at is null)',
      )
      .andWhere(
        'not exists (select 1 from page p2 where p2.deleted_at is null and instr(p2.content, a.sign) > 0)',
      );
    const name = filter.name?.trim();
    if (name) qb.andWhere({ displayName: { $like: `%${name}%` } });
    if (filter.username?.trim()) qb.andWhere({ uploader: { username: filter.username.trim() } });
    const ids = (await qb.getResult()).map((row) => row.id);
    if (!ids.length) return { list: [], total: 0 };
    const { list, total } = await this.listed({ id: { $in: ids } }, { ...filter, count: filter.count ?? 10 });
    return { list, total };
  }

  private async listed(where: object, filter: FileListFilter): Promise<{ list: FileView[]; total: number }> {
    const count = clampCount(filter.count);
    const page = Math.max(1, Math.trunc(filter.page ?? 1));
    const [files, total] = await this.em.findAndCount(Attachment, where, {
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: count,
      offset: (page - 1) * count,
      populate: ['uploader'],
    });
    return { list: await this.views(files), total };
  }

  /** Lists' extra columns in one query: each file's first page binding. */
  async views(files: Attachment[]): Promise<FileView[]> {
    const links = files.length
      ? await this.em.find(
          AttachmentPage,
          { attachment: { $in: files.map((f) => f.id) } },
          { orderBy: { id: 'asc' } },
        )
      : [];
    const first = new Map<number, AttachmentPage>();
    for (const link of links) if (!first.has(link.attachment.id)) first.set(link.attachment.id, link);
    await this.em.populate(files, ['uploader']);
    return files.map((file) => {
      const link = first.get(file.id);
      return {
        file,
        uploader: file.uploader,
        pageId: link?.page.id ?? 0,
        itemId: link?.item.id ?? file.item?.id ?? 0,
      };
    });
  }

  private async bytesOf(where: Record<string, unknown>): Promise<number> {
    const row = await (this.em as SqlEntityManager)
      .createQueryBuilder(Attachment, 'a')
      .select(raw('sum(a.file_size) as used'))
      .where(where)
      .execute<{ used: number | string | null }>('get');
    return Number(row?.used ?? 0);
  }

  /** Shows one of the viewer's files on another page they may edit (ShowDoc's `bindingPage`). */
  async bind(viewer: Viewer, fileId: number, pageId: number): Promise<void> {
    const user = viewer.requireUser();
    if (fileId <= 0 || pageId <= 0) throw new DomainError('BadInput');
    const file = await this.em.findOne(Attachment, { id: fileId });
    if (!file || (file.uploader.id !== user.id && !viewer.isAdmin))
      throw new DomainError('FileOperationDenied');
    const { page } = await this.pages.writable(viewer, pageId);
    if (await this.em.count(AttachmentPage, { attachment: file, page })) return;
    try {
      await (this.em as SqlEntityManager)
        .createQueryBuilder(AttachmentPage)
        .insert({ attachment: file.id, item: page.item.id, page: page.id, createdAt: new Date() })
        .onConflict()
        .ignore()
        .execute();
    } catch (err) {
      throw Object.assign(new DomainError('FileBindFailed'), { cause: err });
    }
  }

  /** Takes a file off one page the viewer may edit; the file itself stays. */
  async unbind(viewer: Viewer, fileId: number, pageId: number): Promise<void> {
    viewer.requireUserId();
    if (fileId <= 0 || pageId <= 0) throw new DomainError('BadInput');
    const { page } = await this.pages.writable(viewer, pageId);
    const removed = await this.em.nativeDelete(AttachmentPage, { attachment: fileId, page: page.id });
    if (!removed) throw new DomainError('FileOperationDenied');
  }

  /**
   * ShowDoc's `deletePageUploadFile`: a file shown on at most one page is deleted (its uploader, or an
   * administrator); one shown on several pages only leaves this page (edit rights there).
   */
  async removeFromPage(viewer: Viewer, fileId: number, pageId: number): Promise<void> {
    viewer.requireUserId();
    if (fileId <= 0 || pageId <= 0) throw new DomainError('BadInput');
    const pages = await this.em.count(AttachmentPage, { attachment: fileId });
    if (pages <= 1) return this.delete(viewer, fileId);
    return this.unbind(viewer, fileId, pageId);
  }

  /** Deletes a file, its page bindings and its stored bytes: its uploader or an administrator. */
  async delete(viewer: Viewer, fileId: number): Promise<void> {
    const user = viewer.requireUser();
    const file = fileId > 0 ? await this.em.findOne(Attachment, { id: fileId }) : null;
    if (!file || (file.uploader.id !== user.id && !viewer.isAdmin)) throw new DomainError('FileNotFound');
    await this.remove(file);
  }

  /** Administrators' delete of anyone's file. */
  async deleteAny(viewer: Viewer, fileId: number): Promise<void> {
    viewer.requireAdmin();
    const file = fileId > 0 ? await this.em.findOne(Attachment, { id: fileId }) : null;
    if (!file) throw new DomainError('FileNotFound');
    await this.remove(file);
  }

  /** Administrators: deletes each file that exists; the others count as failed. */
  async deleteMany(viewer: Viewer, fileIds: number[]): Promise<BatchDeleteResult> {
    viewer.requireAdmin();
    const ids = [...new Set(fileIds.filter((id) => Number.isSafeInteger(id) && id > 0))];
    const files = ids.length ? await this.em.find(Attachment, { id: { $in: ids } }) : [];
    let success = 0;
    for (const file of files) {
      await this.remove(file);
      success++;
    }
    return { success, failed: fileIds.length - success };
  }

  private async remove(file: Attachment): Promise<void> {
    const stored = await this.storageOf(file).catch(() => null);
    await inTransaction(this.em, async () => {
      await this.em.nativeDelete(AttachmentPage, { attachment: file.id });
      this.em.remove(file);
      await this.em.flush();
    });
    // The rows are gone first: a stored object left by a failed delete is unreachable, never dangling.
    // An unreachable storage keeps an object nobody can address; the delete itself succeeded.
    await stored?.storage.delete(stored.key).catch(() => undefined);
  }

  /**
   * Serves a file by its sign to a viewer who may read it: its uploader, an administrator, or a reader of
   * a live page it is bound to (catalog scope included). A file bound to no live page follows its item's
   * visit rights; one with neither item nor page (an editor image) is readable with its sign, 128 random
   * bits. Unknown and unreadable files look the same (FileNotFound). A full or first-range read counts as
   * a visit and adds the bytes to the uploader's traffic this month.
   */
  async visit(
    viewer: Viewer,
    sign: string,
    request: FileRequest = {},
    now = new Date(),
  ): Promise<FileDelivery> {
    const file = /^[0-9a-f]{32,64}$/.test(sign) ? await this.em.findOne(Attachment, { sign }) : null;
    if (!file || !(await this.mayRead(viewer, file))) throw new DomainError('FileNotFound');
    let storage: FileStorage;
    let key: string;
    try {
      ({ storage, key } = await this.storageOf(file));
    } catch {
      throw new DomainError('FileNotFound');
    }
    const delivery = await deliver(file, storage, key, request).catch((err: unknown) => {
      if (err instanceof StorageError && err.kind === 'not-found') throw new DomainError('FileNotFound');
      throw err;
    });
    if (delivery.sentBytes !== null && !request.head) await this.countVisit(file, delivery, now);
    return delivery;
  }

  private async countVisit(file: Attachment, delivery: FileDelivery, now: Date): Promise<void> {
    if (delivery.firstByte === 0) {
      await this.em.nativeUpdate(
        Attachment,
        { id: file.id },
        { visitTimes: raw('visit_times + 1'), lastVisitAt: now },
      );
    }
    const month = monthOf(now);
    const bytes = delivery.sentBytes ?? 0;
    const uploader = file.uploader.id;
    const updated = await this.em.nativeUpdate(
      FileFlow,
      { user: uploader, month },
      { used: raw('used + ?', [bytes]) },
    );
    if (!updated) {
      await (this.em as SqlEntityManager)
        .createQueryBuilder(FileFlow)
        .insert({ user: uploader, month, used: bytes, createdAt: now })
        .onConflict()
        .ignore()
        .execute()
        .then(async (inserted) => {
          // Another request inserted this month's row in between: add to it.
          if (!inserted.affectedRows)
            await this.em.nativeUpdate(
              FileFlow,
              { user: uploader, month },
              { used: raw('used + ?', [bytes]) },
            );
        });
    }
  }

  /**
   * A file an export bundles (issue #19): the bytes of `sign` when the viewer may read it, read straight
   * from storage (no visit counted); null when unknown, unreadable or missing from storage.
   */
  async readForExport(
    viewer: Viewer,
    sign: string,
    maxBytes: number,
  ): Promise<{ file: Attachment; bytes: Buffer } | null> {
    const file = /^[0-9a-f]{32,64}$/.test(sign) ? await this.em.findOne(Attachment, { sign }) : null;
    if (!file || Number(file.fileSize) > maxBytes || !(await this.mayRead(viewer, file))) return null;
    try {
      const { storage, key } = await this.storageOf(file);
      const chunks: Buffer[] = [];
      let total = 0;
      for await (const chunk of await storage.get(key)) {
        total += (chunk as Buffer).length;
        if (total > maxBytes) return null;
        chunks.push(chunk as Buffer);
      }
      return { file, bytes: Buffer.concat(chunks) };
    } catch {
      return null;
    }
  }

  private async mayRead(viewer: Viewer, file: Attachment): Promise<boolean> {
    return (await this.mayReadByRights(viewer, file)) || (await this.onSharedPage(viewer, file));
  }

  /**
   * A live share link (`/p/{key}`) shows its page to whoever holds the link, so the files that page shows
   * go with it: those bound to it and those its text links to (an editor image is bound to no page). The
   * 128-bit sign keeps every other file of a private item unguessable.
   */
  private async onSharedPage(viewer: Viewer, file: Attachment, now = new Date()): Promise<boolean> {
    try {
      await this.policy.requireSiteVisit(viewer);
    } catch {
      return false;
    }
    const bound = await this.em.find(AttachmentPage, { attachment: file.id }, { fields: ['page'] });
    const shown = [{ content: { $like: `%${file.sign}%` } }, { id: { $in: bound.map((b) => b.page.id) } }];
    const links = await this.em.find(
      SinglePageLink,
      { $or: [{ expiresAt: null }, { expiresAt: { $gt: now } }], page: { deletedAt: null, $or: shown } },
      { populate: ['page'] },
    );
    for (const link of links) {
      if (await this.em.count(Item, { id: link.page.item.id, deletedAt: null })) return true;
    }
    return false;
  }

  private async mayReadByRights(viewer: Viewer, file: Attachment): Promise<boolean> {
    if (viewer.isAdmin || file.uploader.id === viewer.userId) return true;
    const links = await this.em.find(
      AttachmentPage,
      { attachment: file.id, page: { deletedAt: null } },
      { populate: ['page'] },
    );
    for (const link of links) {
      if (await this.readsPage(viewer, link.page)) return true;
    }
    if (links.length) return false;
    const itemId = file.item?.id;
    if (!itemId) return (await this.em.count(AttachmentPage, { attachment: file.id })) === 0;
    const item = await this.em.findOne(Item, { id: itemId });
    return !!item && (await this.policy.rights(viewer, item)).visit;
  }

  private async readsPage(viewer: Viewer, page: Page): Promise<boolean> {
    const item = await this.em.findOne(Item, { id: page.item.id });
    if (!item) return false;
    const rights = await this.policy.rights(viewer, item);
    if (!rights.visit) return false;
    if (page.isDraft && page.author?.id !== viewer.userId) return false;
    const path = page.catalog ? await loadCatalogPath(this.em, item.id, page.catalog.id) : [];
    const top = path === null ? -1 : (path[0]?.id ?? null);
    return pageVisibleInScope(rights, top);
  }
}

function typeAndNameWhere(filter: FileListFilter, matchSign: boolean): Record<string, unknown> {
  const where: Record<string, unknown> = {};
  if (filter.type === 'image') where.fileType = { $like: '%image%' };
  if (filter.type === 'other') where.$not = { fileType: { $like: '%image%' } };
  const name = filter.name?.trim();
  if (name) {
    const like = { $like: `%${name}%` };
    if (matchSign) where.$or = [{ displayName: like }, { sign: like }];
    else where.displayName = like;
  }
  return where;
}

function clampCount(count: number | undefined): number {
  const n = Math.trunc(count ?? 20);
  return n > 0 ? Math.min(n, 200) : 20;
}

/** `yyyy-mm` of the traffic counter (UTC). */
export function monthOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/** A key nobody chose: the month, then 128 random bits. */
function newKey(): string {
  return `${monthOf(new Date())}/${crypto.randomBytes(16).toString('hex')}`;
}

/** ShowDoc's `上传失败`; the storage's own error stays as the cause (its details are not the user's). */
function uploadFailed(err: unknown): DomainError {
  return Object.assign(new DomainError('UploadFailed'), { cause: err });
}
