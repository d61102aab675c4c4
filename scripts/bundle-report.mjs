// The JavaScript each screen downloads before it can show, from the built web app (web/dist, `npm run
// build` first): gzipped sizes per route, and the budget of issue #7 — the item list (/item/index) ships
// under 300 kB of gzipped JavaScript and none of the heavy parts (markdown editor, markdown renderer and
// its highlighter), which load only when used.
//
//   node scripts/bundle-report.mjs [--dist web/dist] [--json]      (npm run bundle:report)
//
// A route's initial set: the entry chunk, the chunk(s) holding the route's screen modules, and every chunk
// they import statically (what the browser fetches through <script>, modulepreload and the route's lazy
// import). Lazy imports the screen makes later are not in it, except those listed in `firstRender` (the
// screen requests them as soon as it renders), shown in their own column. Screen modules are found through
// Vite's manifest (web/dist/.vite/manifest.json, `build.manifest`), or, when bundled into a shared chunk,
// through the chunks' source maps.
// The item view and the share page also must not fetch math (KaTeX), diagrams (mermaid), highlighting
// (highlight.js) or the inline-HTML parser (parse5) with the renderer: those load only for pages using them.
// Exit code: 0 within budget, 1 over budget or a forbidden module in a route's first load (the item list,
// the item view), 2 no usable build.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The renderer's optional parts (web/src/features/markdown/extras.ts, Diagram.tsx): never in a first load. */
const MARKDOWN_EXTRAS = [
  /\/node_modules\/katex\//,
  /\/node_modules\/mermaid\//,
  /\/node_modules\/highlight\.js\//,
  /\/node_modules\/parse5\//,
];

/** Screen modules are paths relative to web/ (Vite's root), as the manifest writes them. */
const ROUTES = [
  {
    route: '/item/index',
    modules: ['src/features/shell/SignedInLayout.tsx', 'src/features/items/ItemIndexPage.tsx'],
    budgetKb: 300,
    // The editor, the markdown renderer and its highlighter load only when a page is shown or edited.
    forbidden: [
      /\/src\/features\/editor\/MdEditorImpl\.tsx$/,
      /\/src\/features\/markdown\/MarkdownView\.tsx$/,
      /\/node_modules\/@uiw\/react-md-editor\//,
      /\/node_modules\/highlight\.js\//,
    ],
  },
  {
    route: '/{item_id}',
    modules: ['src/features/item-view/ItemViewPage.tsx'],
    firstRender: ['src/features/markdown/MarkdownView.tsx'],
    // Math, diagrams and highlighting load only when a page uses them (issue #22), not with the renderer.
    firstRenderForbidden: MARKDOWN_EXTRAS,
    // Readers do not download the editor: its bar and dialog load for editors, when used.
    forbidden: [
      /\/node_modules\/turndown\//,
      /\/node_modules\/diff\//,
      /\/node_modules\/@uiw\/react-md-editor\//,
      /\/node_modules\/@hello-pangea\/dnd\//,
      // The spreadsheet grid loads only for spreadsheet items (issue #20).
      /\/node_modules\/x-data-spreadsheet\//,
      /\/src\/features\/spreadsheet\//,
    ],
  },
  {
    route: '/p/{unique_key}',
    modules: ['src/features/item-view/SharedPageView.tsx'],
    firstRender: ['src/features/markdown/MarkdownView.tsx'],
    firstRenderForbidden: MARKDOWN_EXTRAS,
  },
  { route: '/item/password/{id}', modules: ['src/features/items/ItemPasswordPage.tsx'] },
  { route: '/user/login', modules: ['src/features/accounts/LoginPage.tsx'] },
  { route: '/', modules: ['src/features/site/LandingPage.tsx'] },
  {
    route: '/page/edit/{id}/{id}',
    modules: ['src/features/shell/SignedInLayout.tsx', 'src/features/editor/PageEditPage.tsx'],
    firstRender: ['src/features/editor/MdEditorImpl.tsx'],
  },
];

function parseArgs(argv) {
  const options = { dist: path.join(root, 'web', 'dist'), json: false };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--json') options.json = true;
    else if (argv[i] === '--dist') options.dist = path.resolve(argv[(i += 1)] ?? '');
    else {
      console.error(`bundle-report: unknown argument ${argv[i]}`);
      process.exit(2);
    }
  }
  return options;
}

function fail(message) {
  console.error(`bundle-report: ${message}`);
  process.exit(2);
}

const options = parseArgs(process.argv.slice(2));
const manifestPath = path.join(options.dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  fail(
    `${path.relative(root, manifestPath)} is missing: run \`npm run build\` (build.manifest in vite.config)`,
  );
}
/** @type {Record<string, {file: string, src?: string, isEntry?: boolean, imports?: string[]}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const entryKeys = Object.keys(manifest).filter((key) => manifest[key].isEntry);
if (entryKeys.length !== 1) fail(`expected one entry chunk in the manifest, found ${entryKeys.length}`);
const jsKeys = Object.keys(manifest).filter((key) => manifest[key].file.endsWith('.js'));

const sizes = new Map(); // file -> { raw, gzip }
function sizeOf(file) {
  if (!sizes.has(file)) {
    const content = readFileSync(path.join(options.dist, file));
    sizes.set(file, { raw: content.length, gzip: gzipSync(content, { level: 9 }).length });
  }
  return sizes.get(file);
}

const sourcesCache = new Map(); // manifest key -> source paths (from the source map), or null without one
function sourcesOf(key) {
  if (!sourcesCache.has(key)) {
    const mapFile = path.join(options.dist, `${manifest[key].file}.map`);
    let sources = null;
    if (existsSync(mapFile)) {
      const map = JSON.parse(readFileSync(mapFile, 'utf8'));
      const base = path.dirname(mapFile);
      sources = (map.sources ?? []).map((source) =>
        path
          .resolve(base, map.sourceRoot ?? '', source)
          .split(path.sep)
          .join('/'),
      );
    }
    sourcesCache.set(key, sources);
  }
  return sourcesCache.get(key);
}

/** The manifest keys of the chunks that hold a screen module. */
function chunksHolding(module) {
  if (manifest[module]?.file.endsWith('.js')) return [module];
  const suffix = `/web/${module}`;
  const holders = jsKeys.filter((key) => sourcesOf(key)?.some((source) => source.endsWith(suffix)));
  if (holders.length === 0) {
    fail(
      `${module} is in no chunk: renamed? Update ROUTES in scripts/bundle-report.mjs (or build with sourcemaps)`,
    );
  }
  return holders;
}

/** The chunks and their static imports, transitively (manifest keys). */
function closure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

const sum = (keys, field) => [...keys].reduce((total, key) => total + sizeOf(manifest[key].file)[field], 0);
const kb = (bytes) => (bytes / 1000).toFixed(1); // kB as Vite prints them

const problems = [];
const rows = ROUTES.map((spec) => {
  const initial = closure([...entryKeys, ...spec.modules.flatMap(chunksHolding)]);
  const later = closure((spec.firstRender ?? []).flatMap(chunksHolding));
  for (const key of initial) later.delete(key);
  const row = {
    route: spec.route,
    chunks: initial.size,
    rawKb: Number(kb(sum(initial, 'raw'))),
    gzipKb: Number(kb(sum(initial, 'gzip'))),
    firstRenderGzipKb: Number(kb(sum(later, 'gzip'))),
    budgetKb: spec.budgetKb ?? null,
    files: [...initial].map((key) => manifest[key].file),
  };
  if (spec.budgetKb && row.gzipKb > spec.budgetKb) {
    problems.push(`${spec.route}: ${row.gzipKb} kB gzipped JavaScript, over the ${spec.budgetKb} kB budget`);
  }
  const checks = [
    ...(spec.forbidden ?? []).map((pattern) => [pattern, initial]),
    ...(spec.firstRenderForbidden ?? []).map((pattern) => [pattern, new Set([...initial, ...later])]),
  ];
  for (const [pattern, keys] of checks) {
    for (const key of keys) {
      const sources = sourcesOf(key) ?? [manifest[key].src ?? key];
      const hit = sources.find((source) => pattern.test(source.startsWith('/') ? source : `/web/${source}`));
      if (hit) problems.push(`${spec.route}: ${manifest[key].file} contains ${path.relative(root, hit)}`);
    }
  }
  return row;
});

if (options.json) {
  console.log(JSON.stringify({ routes: rows, problems }, null, 2));
} else {
  const header = ['route', 'chunks', 'raw kB', 'gzip kB', '+ first render', 'budget'];
  const lines = rows.map((row) => [
    row.route,
    String(row.chunks),
    row.rawKb.toFixed(1),
    row.gzipKb.toFixed(1),
    row.firstRenderGzipKb ? `+${row.firstRenderGzipKb.toFixed(1)}` : '',
    row.budgetKb ? `${row.budgetKb}` : '',
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i].length)));
  const format = (cells) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  console.log(`JavaScript loaded before each screen shows (${path.relative(root, options.dist) || '.'}):`);
  console.log(format(header));
  for (const line of lines) console.log(format(line));
  console.log(
    'kB = 1000 bytes, gzip level 9 per chunk; "+ first render": lazy chunks the screen requests as soon as it shows',
  );
  for (const problem of problems) console.log(`FAILED ${problem}`);
  if (problems.length === 0) console.log('bundle budget: ok');
}
process.exitCode = problems.length > 0 ? 1 : 0;
