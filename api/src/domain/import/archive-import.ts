import path from 'node:path/posix';
import { DomainError } from '../errors';
import {
  MAX_TITLE,
  unescapeHtml,
  type ImportCatalog,
  type ImportFile,
  type ImportPage,
  type ImportTree,
} from './import-tree';
import type { ZipEntry } from './zip-reader';

/** Files of an archive a page may link to and that are uploaded as attachments of the item. */
const LINKABLE =
  /\.(png|jpe?g|gif|webp|bmp|svg|ico|pdf|txt|csv|docx?|xlsx?|pptx?|zip|rar|7z|mp3|mp4|json|xml)$/i;

/** ShowDoc's info.json (or a legacy `<prefix>_info.json`) at the archive's top level, if there is one. */
export function findInfoJson(entries: ZipEntry[]): ZipEntry | undefined {
  return (
    entries.find((e) => e.name === 'info.json') ??
    entries.find((e) => !e.name.includes('/') && /_info\.json$/.test(e.name))
  );
}

interface InfoCatalog {
  cat_name?: unknown;
  s_number?: unknown;
  pages?: unknown;
  catalogs?: unknown;
}

/**
 * A ShowDoc (or Quire) markdown export: the tree of `info.json` (page content HTML-escaped as ShowDoc
 * stores it) and the archive's `attachments/` folder, which its pages link to.
 */
export function showdocZipTree(info: ZipEntry, entries: ZipEntry[]): ImportTree {
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(info.data.toString('utf8').replace(/^\uFEFF/, '')) as Record<string, unknown>;
    if (!json || typeof json !== 'object' || Array.isArray(json)) throw new Error('not an object');
  } catch {
    throw new DomainError('ImportUnsupported', {
      en: 'Unsupported file format: info.json is not valid JSON',
      zh: '不支持的文件格式：info.json 不是有效的 JSON',
    });
  }
  const tree = (json.pages ?? {}) as { pages?: unknown; catalogs?: unknown };
  const pages = (list: unknown): ImportPage[] =>
    (Array.isArray(list) ? list : []).flatMap((p: Record<string, unknown>) =>
      p && typeof p === 'object'
        ? [
            {
              title: unescapeHtml(String(p.page_title ?? '')).slice(0, MAX_TITLE),
              content: unescapeHtml(String(p.page_content ?? '')),
              sNumber: number(p.s_number),
            },
          ]
        : [],
    );
  const catalogs = (list: unknown): ImportCatalog[] =>
    (Array.isArray(list) ? list : []).flatMap((c: InfoCatalog) =>
      c && typeof c === 'object'
        ? [
            {
              name: unescapeHtml(String(c.cat_name ?? '')),
              sNumber: number(c.s_number),
              pages: pages(c.pages),
              catalogs: catalogs(c.catalogs),
            },
          ]
        : [],
    );
  const dir = path.dirname(info.name) === '.' ? '' : path.dirname(info.name);
  return {
    item: {
      name: unescapeHtml(String(json.item_name ?? '')).trim(),
      description: unescapeHtml(String(json.item_description ?? '')),
      password: unescapeHtml(String(json.password ?? '')),
      type: number(json.item_type),
    },
    pages: pages(tree.pages),
    catalogs: catalogs(tree.catalogs),
    files: entries
      .filter((e) => e !== info && LINKABLE.test(e.name) && !e.name.endsWith('.md'))
      .map((e) => ({ path: dir ? path.relative(dir, e.name) : e.name, data: e.data })),
  };
}

/**
 * A plain markdown tree: every `*.md` a page titled by its file name, its folders the catalog path
 * (deeper than three levels folds later), files the pages link to (images...) carried for upload with
 * their links resolved to archive paths. A single top folder holding everything is the archive's own
 * wrapper (zipping a folder), not a catalog.
 */
export function markdownZipTree(fileName: string, entries: ZipEntry[]): ImportTree {
  const visible = entries.filter(
    (e) => !e.name.split('/').some((s) => s.startsWith('.') || s === '__MACOSX'),
  );
  const md = visible.filter((e) => /\.(md|markdown)$/i.test(e.name));
  if (!md.length) {
    throw new DomainError('ImportUnsupported', {
      en: 'Unsupported file format: the ZIP file holds no info.json and no .md files',
      zh: '不支持的文件格式：ZIP 文件中没有 info.json，也没有 .md 文件',
    });
  }
  const tops = new Set(visible.map((e) => e.name.split('/')[0]));
  const wrapper = tops.size === 1 && visible.every((e) => e.name.includes('/')) ? `${[...tops][0]}/` : '';
  const root: ImportCatalog = { name: '', pages: [], catalogs: [] };
  const folder = (segments: string[]): ImportCatalog => {
    let node = root;
    for (const name of segments) {
      let next = node.catalogs.find((c) => c.name === name);
      if (!next) node.catalogs.push((next = { name, pages: [], catalogs: [] }));
      node = next;
    }
    return node;
  };
  const sorted = [...md].sort((a, b) => a.name.localeCompare(b.name, 'zh-CN', { numeric: true }));
  for (const entry of sorted) {
    const inside = entry.name.slice(wrapper.length);
    const segments = inside.split('/');
    const file = segments.pop()!;
    const content = entry.data.toString('utf8').replace(/^\uFEFF/, '');
    folder(segments).pages.push({
      title: file.replace(/\.(md|markdown)$/i, ''),
      content: resolveRelativeLinks(content, path.dirname(inside) === '.' ? '' : path.dirname(inside)),
    });
  }
  const files: ImportFile[] = visible
    .filter((e) => LINKABLE.test(e.name))
    .map((e) => ({ path: e.name.slice(wrapper.length), data: e.data }));
  return {
    item: { name: fileName.replace(/\.zip$/i, '').trim() || 'import', description: '' },
    pages: root.pages,
    catalogs: root.catalogs,
    files,
  };
}

const LINK = /(!?\[[^\]]*\]\()(<[^>]+>|[^)\s]+)((?:\s+"[^"]*")?\))|(<img\b[^>]*?\bsrc=["'])([^"']+)(["'])/g;

/** Relative link targets of a page rewritten to archive paths (`../img/a.png` from `docs/` → `img/a.png`). */
function resolveRelativeLinks(content: string, dir: string): string {
  return mapLinks(content, (target) => {
    if (/^([a-z][a-z0-9+.-]*:|\/|#)/i.test(target)) return null;
    const resolved = path.normalize(path.join(dir, target));
    return resolved.startsWith('..') ? null : `quire-archive:${resolved}`;
  });
}

/** Calls `rewrite` for every markdown link/image target and `<img src>`; null keeps the target. */
export function mapLinks(content: string, rewrite: (target: string) => string | null): string {
  return content.replace(
    LINK,
    (
      whole,
      open?: string,
      target?: string,
      close?: string,
      imgOpen?: string,
      src?: string,
      quote?: string,
    ) => {
      if (open !== undefined && target !== undefined) {
        const bare = target.startsWith('<') ? target.slice(1, -1) : target;
        const next = rewrite(safeDecode(bare));
        return next === null ? whole : `${open}${next}${close}`;
      }
      const next = rewrite(safeDecode(src ?? ''));
      return next === null ? whole : `${imgOpen}${next}${quote}`;
    },
  );
}

/**
 * Links to archive files replaced by the uploaded files' addresses. Markdown-zip links were resolved to
 * `quire-archive:<path>`; ShowDoc-zip links are relative to the archive root (`attachments/a.png`).
 */
export function rewriteArchiveLinks(content: string, urls: Map<string, string>): string {
  return mapLinks(content, (target) => {
    const key = target.startsWith('quire-archive:')
      ? target.slice('quire-archive:'.length)
      : path.normalize(target.replace(/^\.\//, '')).replace(/^(\.\.\/)+/, '');
    return urls.get(key) ?? null;
  }).replace(/quire-archive:/g, '');
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function number(value: unknown): number | undefined {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isSafeInteger(n) ? n : undefined;
}
