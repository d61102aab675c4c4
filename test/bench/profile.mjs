// Reads the .cpuprofile files that `npm run bench -- --profile <dir>` makes (one folder per cell) and says
// where the server's time went: self time by package and by function, inclusive time of our functions, and
// for every sample the deepest frame of our own code above it (so "72 % under menu() in
// api/src/domain/catalogs/catalog.service.ts:545, of it 40 % in @mikro-orm/core"). Our frames are mapped
// from dist/*.js back to the TypeScript through the source maps tsc writes.
//
//   node test/bench/profile.mjs <dir>      # the same report for profiles made earlier
import fs from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const IDLE = '(idle)';

/** Where a frame lives: our TypeScript (mapped), a package, Node itself, or V8's pseudo-frames. */
function locator(root) {
  const maps = new Map();
  const dist = path.join(root, 'dist') + path.sep;
  const sourceMap = (file) => {
    if (!maps.has(file)) {
      let map = null;
      try {
        map = {
          map: new SourceMap(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8'))),
          dir: path.dirname(file),
        };
      } catch {
        // no map: keep the JavaScript location
      }
      maps.set(file, map);
    }
    return maps.get(file);
  };
  return (callFrame) => {
    const { url, functionName, lineNumber, columnNumber } = callFrame;
    const name = functionName || '(anonymous)';
    if (!url) {
      const pseudo = /^\(.*\)$/.test(name);
      return {
        key: name,
        name,
        where: pseudo ? '' : 'native',
        group: pseudo ? name : 'node (native)',
        ours: false,
      };
    }
    if (url.startsWith('node:'))
      return {
        key: `${name} ${url}:${lineNumber + 1}`,
        name,
        where: `${url}:${lineNumber + 1}`,
        group: 'node (internal)',
        ours: false,
      };
    const file = url.startsWith('file://') ? fileURLToPath(url) : url;
    const nm = file.lastIndexOf(`${path.sep}node_modules${path.sep}`);
    if (nm >= 0) {
      const rest = file.slice(nm + 14).split(path.sep);
      const pkg = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
      const where = `${pkg}/${rest.slice(rest[0].startsWith('@') ? 2 : 1).join('/')}:${lineNumber + 1}`;
      return { key: `${name} ${where}`, name, where, group: pkg, ours: false };
    }
    let where = `${path.relative(root, file)}:${lineNumber + 1}`;
    if (file.startsWith(dist)) {
      const entry = sourceMap(file)?.map.findEntry(lineNumber, columnNumber);
      if (entry?.originalSource) {
        const source = entry.originalSource.startsWith('file://')
          ? fileURLToPath(entry.originalSource)
          : path.resolve(path.dirname(file), entry.originalSource);
        where = `${path.relative(root, source)}:${entry.originalLine + 1}`;
      }
    }
    const ours = file.startsWith(root);
    return {
      key: `${name} ${where}`,
      name,
      where,
      group: ours ? `quire ${where.split(path.sep).slice(0, 2).join('/')}` : 'other',
      ours,
    };
  };
}

/** Self, inclusive and attributed times of one profile, in microseconds. */
export function summarise(profile, locate, lastMs = Infinity) {
  const from = profile.endTime - lastMs * 1000;
  let clock = profile.startTime;
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const frame = new Map(profile.nodes.map((n) => [n.id, locate(n.callFrame)]));
  const self = new Map();
  const inclusive = new Map();
  const groups = new Map();
  const attributed = new Map();
  const info = new Map();
  let total = 0;
  let idle = 0;
  const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us);
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    clock += us;
    if (clock < from) return;
    total += us;
    const leaf = frame.get(id);
    if (leaf.name === IDLE) {
      idle += us;
      return;
    }
    add(self, leaf.key, us);
    info.set(leaf.key, leaf);
    add(groups, leaf.group, us);
    const seen = new Set();
    let owner = null;
    for (let n = id; n !== undefined; n = parent.get(n)) {
      const f = frame.get(n);
      if (!seen.has(f.key)) {
        seen.add(f.key);
        add(inclusive, f.key, us);
        info.set(f.key, f);
      }
      if (!owner && f.ours) owner = f;
    }
    const key = owner ? owner.key : '(no frame of ours: async continuations in libraries, GC, I/O)';
    if (owner) info.set(owner.key, owner);
    const entry = attributed.get(key) ?? { us: 0, by: new Map() };
    entry.us += us;
    add(entry.by, leaf.group, us);
    attributed.set(key, entry);
  });
  return { total, idle, busy: total - idle, self, inclusive, groups, attributed, info };
}

const top = (map, n, value = (v) => v) =>
  [...map.entries()].sort((a, b) => value(b[1]) - value(a[1])).slice(0, n);

/** Markdown for one profile. */
export function describe(name, s) {
  const pct = (us) => `${((us / s.busy) * 100).toFixed(1)} %`;
  const label = (key) => {
    const f = s.info.get(key);
    return f ? `\`${f.name}\` ${f.where}` : key;
  };
  const lines = [
    `### ${name}`,
    '',
    `${(s.total / 1e6).toFixed(1)} s profiled, ${(s.busy / 1e6).toFixed(1)} s busy (${((s.busy / s.total) * 100).toFixed(0)} % of the main thread; percentages below are of busy time).`,
    '',
    '**Self time by package**: ' +
      top(s.groups, 12)
        .map(([g, us]) => `${g} ${pct(us)}`)
        .join(', '),
    '',
    '**Under our deepest frame** (each sample charged to the innermost function of ours on its stack; what ran inside it, by package):',
    '',
    '| % busy | our function | spent in |',
    '|---:|---|---|',
    ...top(s.attributed, 14, (v) => v.us).map(
      ([key, v]) =>
        `| ${pct(v.us)} | ${label(key)} | ${top(v.by, 4)
          .map(([g, us]) => `${g} ${pct(us)}`)
          .join(', ')} |`,
    ),
    '',
    '**Inclusive time of our functions**:',
    '',
    '| % busy | function |',
    '|---:|---|',
    ...top(new Map([...s.inclusive].filter(([k]) => s.info.get(k)?.ours)), 16).map(
      ([k, us]) => `| ${pct(us)} | ${label(k)} |`,
    ),
    '',
    '**Inclusive time of library functions** (async continuations start here, without our frames):',
    '',
    '| % busy | function |',
    '|---:|---|',
    ...top(
      new Map(
        [...s.inclusive].filter(([k]) => {
          const f = s.info.get(k);
          return f && !f.ours && f.where && !f.group.startsWith('node');
        }),
      ),
      16,
    ).map(([k, us]) => `| ${pct(us)} | ${label(k)} |`),
    '',
    '**Top self time (any code)**:',
    '',
    '| % busy | function |',
    '|---:|---|',
    ...top(s.self, 16).map(([k, us]) => `| ${pct(us)} | ${label(k)} |`),
    '',
  ];
  return lines.join('\n');
}

/** The report for every `<dir>/<cell>/*.cpuprofile` (the newest file of each folder). */
export function analyseProfiles(dir, root) {
  const locate = locator(root);
  const parts = ['## CPU profiles', ''];
  for (const cell of fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()) {
    const files = fs.readdirSync(path.join(dir, cell)).filter((f) => f.endsWith('.cpuprofile'));
    if (!files.length) continue;
    const newest = files
      .map((f) => path.join(dir, cell, f))
      .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
    const windowFile = path.join(dir, cell, 'window.json');
    const lastMs = fs.existsSync(windowFile)
      ? JSON.parse(fs.readFileSync(windowFile, 'utf8')).lastMs
      : Infinity;
    parts.push(describe(cell, summarise(JSON.parse(fs.readFileSync(newest, 'utf8')), locate, lastMs)));
  }
  return parts.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node test/bench/profile.mjs <dir of cell folders with .cpuprofile files>');
    process.exit(2);
  }
  console.log(
    analyseProfiles(
      path.resolve(dir),
      path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..'),
    ),
  );
}
