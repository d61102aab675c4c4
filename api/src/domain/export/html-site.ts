import { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/core';
import type * as Yazl from 'yazl';
import { rewriteFileLinks, type ExportFiles } from './export-attachments';
import {
  pageContents,
  pagesInOrder,
  type ExportCatalog,
  type ExportPage,
  type ExportTree,
} from './export-tree';
import { markdownToSafeHtml } from './markdown-html';
import type { ExportProgress } from './markdown-zip';

const esc = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Characters of a page's text the site's search index keeps (the start of the page). */
const SEARCH_TEXT_MAX = 20_000;

const CSS = `*{box-sizing:border-box}body{margin:0;font:15px/1.6 -apple-system,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif;color:#24292f}
a{color:#0969da}header{padding:10px 16px;border-bottom:1px solid #d0d7de;display:flex;gap:12px;align-items:center;flex-wrap:wrap}
header h1{font-size:18px;margin:0}main{max-width:960px;margin:0 auto;padding:16px}#q{flex:1;min-width:160px;padding:6px 8px;font-size:15px}
nav ul{list-style:none;padding-left:16px;margin:4px 0}nav>ul{padding-left:0}nav .cat{font-weight:600}#results li{margin:6px 0}
table{border-collapse:collapse;display:block;overflow-x:auto}th,td{border:1px solid #d0d7de;padding:4px 10px}th{background:#f0f3f6}
pre{background:#f6f8fa;padding:12px;overflow-x:auto}code{font-family:Consolas,Menlo,monospace}img{max-width:100%}
blockquote{margin:0;padding-left:12px;border-left:4px solid #d0d7de;color:#57606a}`;

/** Search over the bundled index (data/search-index.js sets `window.QUIRE_SEARCH`): no server, no fetch. */
const JS = `(function(){var q=document.getElementById('q'),out=document.getElementById('results');if(!q||!out)return;
var base=document.body.getAttribute('data-base')||'';function esc(s){return s.replace(/[&<>"]/g,function(c){return{'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;'}[c]})}
q.addEventListener('input',function(){var v=q.value.trim().toLowerCase();out.innerHTML='';if(!v)return;var n=0;
(window.QUIRE_SEARCH||[]).forEach(function(p){if(n>=50)return;var t=p.title.toLowerCase(),i=p.text.toLowerCase().indexOf(v);
if(t.indexOf(v)<0&&i<0)return;n++;var s=i<0?'':p.text.slice(Math.max(0,i-40),i+80);
var li=document.createElement('li');li.innerHTML='<a href="'+base+p.href+'">'+esc(p.title)+'</a><div>'+esc(s)+'</div>';out.appendChild(li)});
if(!n)out.innerHTML='<li>—</li>'})})();`;

function shell(title: string, base: string, body: string): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><link rel="stylesheet" href="${base}assets/css/site.css"></head>
<body data-base="${base}"><header><h1><a href="${base}index.html">${esc(title)}</a></h1>
<input id="q" type="search" placeholder="搜索 / Search" aria-label="Search"></header>
<main><ul id="results"></ul>${body}</main>
<script src="${base}data/search-index.js"></script><script src="${base}assets/js/site.js"></script></body></html>
`;
}

function treeHtml(pages: ExportPage[], catalogs: ExportCatalog[]): string {
  const items = pages.map((p) => `<li><a href="pages/page-${p.id}.html">${esc(p.title)}</a></li>`);
  for (const c of catalogs) {
    items.push(`<li><span class="cat">${esc(c.name)}</span>${treeHtml(c.pages, c.catalogs)}</li>`);
  }
  return `<ul>${items.join('')}</ul>`;
}

/** Plain text of markdown for the search index. */
function plainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, ' ')
    .replace(/[#>*_`|~-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, SEARCH_TEXT_MAX);
}

/**
 * The offline HTML site (compat-api §16.4): `index.html` with the tree, `pages/page-<id>.html` per page
 * (markdown rendered and sanitised on the server: no script from page content survives), the site's own
 * CSS and search script under `assets/`, the files the pages use under `assets/uploads/`, and
 * `data/search-index.js`. It opens from the file system: every link is relative and nothing is fetched.
 */
export function writeHtmlSite(
  em: EntityManager,
  tree: ExportTree,
  files: ExportFiles,
  onProgress: ExportProgress = () => undefined,
): Readable {
  // Loaded on first use (issue #14: every module loaded at start stays in the heap).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const zip = new (require('yazl') as typeof Yazl).ZipFile();
  const pages = pagesInOrder(tree);
  const mtime = new Date();
  const written = new Set<string>();
  const title = tree.item.name;

  const fill = async () => {
    zip.addBuffer(Buffer.from(CSS), 'assets/css/site.css', { mtime });
    zip.addBuffer(Buffer.from(JS), 'assets/js/site.js', { mtime });
    zip.addBuffer(
      Buffer.from(shell(title, '', `<nav>${treeHtml(tree.pages, tree.catalogs)}</nav>`)),
      'index.html',
      { mtime },
    );
    zip.addBuffer(
      Buffer.from(
        `${title}\n\nOpen index.html in a browser. No server is needed.\n离线文档：用浏览器打开 index.html 即可，无需服务器。\n`,
      ),
      'README.txt',
      { mtime },
    );
    const index: Array<{ title: string; href: string; text: string }> = [];
    let done = 0;
    for await (const { page, content } of pageContents(em, pages)) {
      for (const file of await files.of(content)) {
        if (written.has(file.sign)) continue;
        written.add(file.sign);
        zip.addBuffer(file.bytes, `assets/uploads/${file.name}`, { mtime, compress: false });
      }
      const markdown = rewriteFileLinks(content, files.nameOf, '../assets/uploads/');
      const body = `<article><h1>${esc(page.title)}</h1>${await markdownToSafeHtml(markdown)}</article>`;
      zip.addBuffer(Buffer.from(shell(title, '../', body)), `pages/page-${page.id}.html`, { mtime });
      index.push({ title: page.title, href: `pages/page-${page.id}.html`, text: plainText(content) });
      onProgress(++done, pages.length, page.title);
      const out = zip.outputStream as Readable;
      while (out.readableLength > 4 * 1024 * 1024 && !out.destroyed) {
        await new Promise<void>((resolve) => setTimeout(resolve, 20));
      }
    }
    // JSON inside a script: `<` escaped so no text can close the script element.
    const data = `window.QUIRE_SEARCH=${JSON.stringify(index).replace(/</g, '\\u003c')};\n`;
    zip.addBuffer(Buffer.from(data), 'data/search-index.js', { mtime });
    zip.end();
  };
  fill().catch((err: unknown) => (zip.outputStream as Readable).destroy(err as Error));
  return zip.outputStream as Readable;
}
