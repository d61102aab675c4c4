// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the package ships its typings without naming them
/// <reference path="../../../../node_modules/postman-collection/types/index.d.ts" />
import type { Collection, ItemGroup, Item } from 'postman-collection';
import { DomainError } from '../errors';
import { apiDocMarkdown, emptyApiDoc, type ApiDoc, type ApiParam } from './api-doc-markdown';
import type { ImportCatalog, ImportPage, ImportTree } from './import-tree';

type Obj = Record<string, unknown>;

/** ShowDoc's detection: `id` (v1) or `info` (v2.x) on a JSON object that is not OpenAPI (compat-api §17.1). */
export function isPostmanCollection(doc: unknown): doc is Obj {
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) return false;
  const d = doc as Obj;
  return (
    (d.info !== undefined && Array.isArray(d.item)) ||
    (d.id !== undefined && (Array.isArray(d.requests) || Array.isArray(d.folders)))
  );
}

/** Postman v1 (`requests`/`folders`) or v2.0/v2.1 (`item` tree) as a page tree: folders → catalogs. */
export async function postmanTree(doc: Obj): Promise<ImportTree> {
  const tree = doc.info !== undefined ? v2Tree(doc, await loadPostman()) : v1Tree(doc);
  return { ...tree, files: [] };
}

/** ShowDoc keeps only the last two segments of request names containing `/`. */
function requestTitle(name: string): string {
  const parts = name.split('/');
  return (parts.length > 2 ? parts.slice(-2).join('/') : name).trim() || '未命名';
}

type PostmanModule = typeof import('postman-collection');

// postman-collection pulls in faker and lodash (~300 modules): loaded at the first Postman import only.
let postman: Promise<PostmanModule> | undefined;
function loadPostman(): Promise<PostmanModule> {
  postman ??= import('postman-collection').then((module) => module.default);
  return postman;
}

function v2Tree(doc: Obj, pm: PostmanModule): Omit<ImportTree, 'files'> {
  let collection: Collection;
  try {
    collection = new pm.Collection(doc as never);
  } catch {
    throw unreadable();
  }
  const root: ImportCatalog = { name: '', pages: [], catalogs: [] };
  const walk = (group: ItemGroup, into: ImportCatalog) => {
    for (const entry of group.items.all() as Array<Item | ItemGroup>) {
      if (pm.ItemGroup.isItemGroup(entry)) {
        const folder: ImportCatalog = { name: (entry as ItemGroup).name ?? '', pages: [], catalogs: [] };
        walk(entry as ItemGroup, folder);
        into.catalogs.push(folder);
      } else {
        into.pages.push(v2Page(entry as Item));
      }
    }
  };
  walk(collection as unknown as ItemGroup, root);
  const info = (doc.info ?? {}) as Obj;
  return {
    item: { name: String(info.name ?? '').trim() || 'from postman', description: describe(info.description) },
    pages: root.pages,
    catalogs: root.catalogs,
  };
}

function v2Page(item: Item): ImportPage {
  const api = emptyApiDoc();
  const request = item.request;
  api.title = requestTitle(item.name ?? '');
  api.method = request.method ?? 'GET';
  api.description =
    describe((request as unknown as { description?: unknown }).description) ||
    describe((item as unknown as { description?: unknown }).description);
  const json = request.toJSON() as { url?: { raw?: string } | string };
  api.url = typeof json.url === 'string' ? json.url : (json.url?.raw ?? request.url.toString());
  api.query = rows(request.url.query)
    .filter((q) => !q.disabled && q.key)
    .map((q) => param(q.key ?? '', String(q.value ?? ''), describe(q.description)));
  api.pathVariables = rows(request.url.variables)
    .filter((v) => v.key)
    .map((v) => param(v.key ?? '', String(v.value ?? ''), describe(v.description)));
  api.headers = rows(request.headers)
    .filter((h) => !h.disabled && h.key)
    .map((h) => param(h.key ?? '', String(h.value ?? ''), describe(h.description)));
  const body = request.body;
  if (body) {
    if (body.mode === 'raw' && body.raw) api.bodyExample = body.raw;
    if (body.mode === 'urlencoded')
      api.body = rows(body.urlencoded)
        .filter((f) => !f.disabled && f.key)
        .map((f) => param(f.key ?? '', String(f.value ?? ''), describe(f.description)));
    if (body.mode === 'formdata')
      api.body = (body.formdata.all() as unknown as Array<Obj>)
        .filter((f) => !f.disabled)
        .map((f) => ({
          ...param(
            String(f.key ?? ''),
            String((f.type === 'file' ? f.src : f.value) ?? ''),
            describe(f.description),
          ),
          type: f.type === 'file' ? 'file' : 'string',
        }));
    if (body.mode === 'graphql' && body.graphql) api.bodyExample = JSON.stringify(body.graphql);
  }
  api.responses = (
    item.responses.all() as Array<{
      code?: number;
      name?: string;
      status?: string;
      text(): string | undefined;
    }>
  ).map((r) => ({
    status: String(r.code ?? r.name ?? ''),
    description: [r.name, r.status].filter(Boolean).join(' '),
    example: r.text() ?? '',
    params: [],
  }));
  return { title: api.title, content: apiDocMarkdown(api) };
}

interface V1Request {
  id?: string;
  name?: string;
  url?: string;
  method?: string;
  description?: string;
  headers?: string;
  headerData?: Array<{ key?: string; value?: string; description?: string; enabled?: boolean }>;
  queryParams?: Array<{ key?: string; value?: string; description?: string; enabled?: boolean }>;
  data?: Array<{
    key?: string;
    value?: string;
    type?: string;
    description?: string;
    enabled?: boolean;
  }> | null;
  dataMode?: string;
  rawModeData?: string;
  folder?: string | null;
  responses?: Array<{ name?: string; text?: string; responseCode?: { code?: number; name?: string } }>;
}

interface V1Folder {
  id?: string;
  name?: string;
  description?: string;
  order?: string[];
  folders_order?: string[];
  folder?: string | null;
}

function v1Tree(doc: Obj): Omit<ImportTree, 'files'> {
  const requests = (Array.isArray(doc.requests) ? doc.requests : []) as V1Request[];
  const folders = (Array.isArray(doc.folders) ? doc.folders : []) as V1Folder[];
  const byId = new Map(requests.filter((r) => r && r.id).map((r) => [r.id!, r]));
  const folderById = new Map(folders.filter((f) => f && f.id).map((f) => [f.id!, f]));
  const placed = new Set<string>();
  const pagesOf = (ids: string[] | undefined) =>
    (ids ?? []).flatMap((id) => {
      const r = byId.get(id);
      if (!r || placed.has(id)) return [];
      placed.add(id);
      return [v1Page(r)];
    });
  const nested = new Set(folders.flatMap((f) => f.folders_order ?? []));
  const build = (folder: V1Folder, seen: Set<string>): ImportCatalog => ({
    name: folder.name ?? '',
    pages: pagesOf(folder.order),
    catalogs: (folder.folders_order ?? [])
      .filter((id) => folderById.has(id) && !seen.has(id))
      .map((id) => build(folderById.get(id)!, new Set(seen).add(id))),
  });
  const topIds = Array.isArray(doc.folders_order)
    ? (doc.folders_order as string[])
    : folders.map((f) => f.id ?? '').filter((id) => !nested.has(id));
  const catalogs = topIds
    .filter((id) => folderById.has(id))
    .map((id) => build(folderById.get(id)!, new Set([id])));
  const rootPages = pagesOf(Array.isArray(doc.order) ? (doc.order as string[]) : []);
  // Requests no order lists (older exports) still land somewhere: in their folder, else the root.
  for (const r of requests) {
    if (!r?.id || placed.has(r.id)) continue;
    placed.add(r.id);
    const folder = r.folder ? catalogs.find((c) => c.name === folderById.get(r.folder!)?.name) : undefined;
    (folder ? folder.pages : rootPages).push(v1Page(r));
  }
  return {
    item: { name: String(doc.name ?? '').trim() || 'from postman', description: describe(doc.description) },
    pages: rootPages,
    catalogs,
  };
}

function v1Page(r: V1Request): ImportPage {
  const api: ApiDoc = emptyApiDoc();
  api.title = requestTitle(r.name ?? '');
  api.method = r.method ?? 'GET';
  api.url = r.url ?? '';
  api.description = r.description ?? '';
  api.headers = r.headerData?.length
    ? r.headerData
        .filter((h) => h.enabled !== false && h.key)
        .map((h) => param(h.key!, h.value ?? '', h.description ?? ''))
    : (r.headers ?? '')
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line && !line.startsWith('//') && line.includes(':'))
        .map((line) =>
          param(line.slice(0, line.indexOf(':')).trim(), line.slice(line.indexOf(':') + 1).trim(), ''),
        );
  api.query = (r.queryParams ?? [])
    .filter((q) => q.enabled !== false && q.key)
    .map((q) => param(q.key!, q.value ?? '', q.description ?? ''));
  if (r.dataMode === 'raw' && r.rawModeData) api.bodyExample = r.rawModeData;
  else if (Array.isArray(r.data))
    api.body = r.data
      .filter((f) => f && f.enabled !== false && f.key)
      .map((f) => ({
        ...param(f.key!, f.value ?? '', f.description ?? ''),
        type: f.type === 'file' ? 'file' : 'string',
      }));
  api.responses = (r.responses ?? []).map((res) => ({
    status: String(res.responseCode?.code ?? res.name ?? ''),
    description: res.name ?? '',
    example: res.text ?? '',
    params: [],
  }));
  return { title: api.title, content: apiDocMarkdown(api) };
}

interface SdkRow {
  key?: string | null;
  value?: unknown;
  disabled?: boolean;
  description?: unknown;
}

function rows(list: unknown): SdkRow[] {
  return ((list as { all?: () => unknown[] } | undefined)?.all?.() ?? []) as SdkRow[];
}

function param(name: string, value: string, remark: string): ApiParam {
  return { name, value: value ?? '', remark, type: 'string', required: false };
}

function describe(value: unknown): string {
  if (!value) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && typeof (value as { content?: unknown }).content === 'string')
    return (value as { content: string }).content;
  return '';
}

function unreadable(): DomainError {
  return new DomainError('ImportUnsupported', {
    en: 'The Postman collection could not be read',
    zh: '不支持的文件格式：Postman 集合无法解析',
  });
}
