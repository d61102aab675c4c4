import type { EntityManager } from '@mikro-orm/core';
import { ItemType, Page, type Catalog } from '../../../../db/src';
import { bySNumber } from '../catalogs/catalog-tree';
import type { CatalogService } from '../catalogs/catalog.service';
import { DomainError } from '../errors';
import type { PageService } from '../pages/page.service';
import type { ApiKeyAccess, PolicyService } from '../policy/policy.service';
import { dbTableMarkdown, parseDbDump, type DbDump } from './db-dictionary';
import { parseShowdocComments, runApiMarkdown } from './from-comments';

/** The open API refuses new pages in an item holding this many (compat-api §18.1). */
export const OPEN_API_PAGE_LIMIT = 5000;

export interface OpenApiKey {
  apiKey: string;
  apiToken: string;
}

export interface UpdatePageByApiInput {
  title: string;
  content: string;
  /** Catalog names from the top level down, e.g. `API/User/Login`; '' for the item root. */
  catalogPath: string;
  /** undefined: unchanged (99 for a new page). */
  sNumber?: number;
}

export interface OpenApiTree {
  pages: Page[];
  catalogs: OpenApiTreeCatalog[];
}

export interface OpenApiTreeCatalog {
  catalog: Catalog;
  /** 1 = top level. */
  level: number;
  pages: Page[];
  catalogs: OpenApiTreeCatalog[];
}

/**
 * Automatic documentation from scripts and CI, authenticated by an item's api_key + api_token (the policy
 * checks them). Every write goes through the page and catalog services like a user's: history, search
 * index, recycle bin and change log, authored by 'API'.
 */
export class OpenApiService {
  constructor(
    private readonly em: EntityManager,
    private readonly policy: PolicyService,
    private readonly pages: PageService,
    private readonly catalogs: CatalogService,
  ) {}

  /**
   * Creates or updates the page titled `title` in the catalog at `catalogPath` (created as needed, three
   * levels at most), so running a script again updates its pages instead of adding copies. Titles match
   * exactly as stored: ShowDoc compared the raw title with its escaped copy, so titles with `& < > " '`
   * got a new duplicate on every run.
   */
  async updatePage(key: OpenApiKey, input: UpdatePageByApiInput, now = new Date()): Promise<Page> {
    const access = await this.policy.requireApiKey(key.apiKey, key.apiToken, { write: true, now });
    return this.writeByTitle(access, input);
  }

  /**
   * The database dictionary of ShowDoc's `showdoc_db.sh`: one page per table (titled by the table name)
   * in the catalog at `catalogPath`, updated in place on the next run. Returns the pages written.
   */
  async updateDbDictionary(
    key: OpenApiKey,
    input: { dump: DbDump; catalogPath: string; sNumber?: number },
    now = new Date(),
  ): Promise<Page[]> {
    const access = await this.policy.requireApiKey(key.apiKey, key.apiToken, { write: true, now });
    const written: Page[] = [];
    for (const table of parseDbDump(input.dump)) {
      written.push(
        await this.writeByTitle(access, {
          title: table.name,
          content: dbTableMarkdown(table),
          catalogPath: input.catalogPath,
          sNumber: input.sNumber,
        }),
      );
    }
    return written;
  }

  /**
   * API pages from ShowDoc-format code comments (compat-api §18.3): one page per doc-comment block holding
   * `showdoc` and `@title`, updated by title in its `@catalog` as `updatePage` does. RunApi items keep the
   * RunApi JSON; other items get its Markdown rendering. Answers the pages written (none: nothing found).
   */
  async updateFromComments(key: OpenApiKey, source: string, now = new Date()): Promise<Page[]> {
    const access = await this.policy.requireApiKey(key.apiKey, key.apiToken, { write: true, now });
    const written: Page[] = [];
    for (const found of parseShowdocComments(source)) {
      const content =
        access.item.type === ItemType.ApiClient ? JSON.stringify(found.doc) : runApiMarkdown(found.doc);
      written.push(
        await this.writeByTitle(access, {
          title: found.title,
          content,
          catalogPath: found.catalogPath,
          sNumber: found.sNumber,
        }),
      );
    }
    return written;
  }

  private async writeByTitle(access: ApiKeyAccess, input: UpdatePageByApiInput): Promise<Page> {
    const title = input.title.trim();
    if (!title) throw new DomainError('PageTitleRequired');
    const catalog = await this.catalogs.ensurePathByApiKey(access, catalogNames(input.catalogPath));
    const candidates = await this.em.find(
      Page,
      { item: access.item, catalog: catalog ?? null, deletedAt: null, title },
      { orderBy: { id: 'asc' } },
    );
    // MySQL's collation matches case- and accent-insensitively: the title must match exactly.
    const existing = candidates.find((p) => p.title === title);
    if (!existing) {
      const count = await this.em.count(Page, { item: access.item, deletedAt: null });
      if (count >= OPEN_API_PAGE_LIMIT) {
        throw new DomainError('PageLimit', {
          en: `An item holds at most ${OPEN_API_PAGE_LIMIT} pages written through the open API`,
          zh: '你创建太多页面啦！如有需求请联系网站管理员',
        });
      }
    }
    return this.pages.saveByApiKey(access, {
      id: existing?.id,
      catalog,
      title,
      content: input.content,
      sNumber: input.sNumber,
    });
  }

  /** A page of the item by id, or else by exact title anywhere in the item (lowest id first). */
  async getPage(key: OpenApiKey, query: { pageId?: number; title?: string }): Promise<Page> {
    const access = await this.policy.requireApiKey(key.apiKey, key.apiToken, { write: false });
    const title = query.title?.trim() ?? '';
    if (!(query.pageId && query.pageId > 0) && !title) {
      throw new DomainError('BadInput', {
        en: 'Give page_id or page_title',
        zh: 'page_id或page_title参数必填',
      });
    }
    let page: Page | undefined | null;
    if (query.pageId && query.pageId > 0) {
      page = await this.em.findOne(Page, { id: query.pageId, item: access.item, deletedAt: null });
    } else {
      const found = await this.em.find(
        Page,
        { item: access.item, deletedAt: null, title },
        { orderBy: { id: 'asc' } },
      );
      page = found.find((p) => p.title === title);
    }
    if (!page) {
      throw new DomainError('PageNotFound', {
        en: 'The page does not exist or was deleted',
        zh: '页面不存在或已删除',
      });
    }
    return page;
  }

  async deletePage(key: OpenApiKey, pageId: number, now = new Date()): Promise<Page> {
    const access = await this.policy.requireApiKey(key.apiKey, key.apiToken, { write: true, now });
    if (pageId <= 0) throw new DomainError('BadInput', { en: 'Give page_id', zh: 'page_id参数必填' });
    return this.pages.deleteByApiKey(access, pageId, now);
  }

  /** Every live catalog and page of the item (contents included), ordered as the menu. */
  async tree(key: OpenApiKey): Promise<OpenApiTree> {
    const access = await this.policy.requireApiKey(key.apiKey, key.apiToken, { write: false });
    const tree = await this.catalogs.treeOf(access.item);
    const pages = (await this.em.find(Page, { item: access.item, deletedAt: null })).sort(bySNumber);
    const pagesIn = new Map<number | null, Page[]>();
    for (const page of pages) {
      const at = page.catalog?.id ?? null;
      pagesIn.set(at, [...(pagesIn.get(at) ?? []), page]);
    }
    const build = (catalog: Catalog, level: number): OpenApiTreeCatalog => ({
      catalog,
      level,
      pages: pagesIn.get(catalog.id) ?? [],
      catalogs: tree.children(catalog.id).map((c) => build(c, level + 1)),
    });
    return { pages: pagesIn.get(null) ?? [], catalogs: tree.children(null).map((c) => build(c, 1)) };
  }

  async createCatalog(
    key: OpenApiKey,
    input: { name: string; parentId: number; sNumber: number },
    now = new Date(),
  ): Promise<Catalog> {
    const access = await this.policy.requireApiKey(key.apiKey, key.apiToken, { write: true, now });
    if (!input.name.trim()) {
      throw new DomainError('CatalogNameRequired', { en: 'Give cat_name', zh: 'cat_name参数必填' });
    }
    return this.catalogs.saveByApiKey(access, {
      name: input.name,
      parentId: input.parentId > 0 ? input.parentId : null,
      sNumber: input.sNumber,
    });
  }

  /** Renames and/or reorders a catalog; at least one of the two must be given. */
  async updateCatalog(
    key: OpenApiKey,
    input: { id: number; name?: string; sNumber?: number },
    now = new Date(),
  ): Promise<Catalog> {
    const access = await this.policy.requireApiKey(key.apiKey, key.apiToken, { write: true, now });
    if (input.id <= 0) throw new DomainError('BadInput', { en: 'Give cat_id', zh: 'cat_id参数必填' });
    const tree = await this.catalogs.treeOf(access.item);
    const catalog = tree.get(input.id);
    if (!catalog) throw catalogNotInItem();
    const name = input.name?.trim() ?? '';
    if (!name && input.sNumber === undefined) {
      throw new DomainError('BadInput', {
        en: 'Give cat_name or s_number',
        zh: '请至少提供cat_name或s_number参数',
      });
    }
    return this.catalogs.saveByApiKey(access, {
      id: catalog.id,
      name: name || catalog.name,
      sNumber: input.sNumber,
    });
  }

  async deleteCatalog(key: OpenApiKey, catalogId: number, now = new Date()): Promise<Catalog> {
    const access = await this.policy.requireApiKey(key.apiKey, key.apiToken, { write: true, now });
    if (catalogId <= 0) throw new DomainError('BadInput', { en: 'Give cat_id', zh: 'cat_id参数必填' });
    return this.catalogs.deleteByApiKey(access, catalogId, now).catch((err: unknown) => {
      throw err instanceof DomainError && err.codeName === 'CatalogNotFound' ? catalogNotInItem() : err;
    });
  }
}

/**
 * `A/B/C` as catalog names: one leading `/` dropped, names trimmed, empty segments skipped (ShowDoc
 * mis-built `A//B`, hiding `B`).
 */
export function catalogNames(path: string): string[] {
  return path
    .replace(/^\//, '')
    .split('/')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

function catalogNotInItem(): DomainError {
  return new DomainError('CatalogNotFound', {
    en: 'The catalog does not exist or belongs to another item',
    zh: '目录不存在或不属于该项目',
  });
}
