// The repository's import graph, computed with TypeScript's own parser (`ts.preProcessFile`: static and
// dynamic imports, re-exports, `require`) and module resolution (`ts.resolveModuleName` with each project's
// compiler options), and the checks test/architecture.test.ts runs over it. The checks are plain functions
// over graphs and file texts, so the test can feed them synthetic input and prove each one can fail.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const repoRoot = path.resolve(__dirname, '..', '..');

/** Repository-relative, `/`-separated file name → the repository files it imports. */
export type ImportGraph = Map<string, Set<string>>;

const SOURCE = /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

/** Every source file under `dir` (repository-relative), skipping dependencies, builds and generated code. */
export function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(repoRoot, relative), { withFileTypes: true })) {
      if (['node_modules', 'dist', 'gql'].includes(entry.name) || entry.name.startsWith('.')) continue;
      const child = `${relative}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(child);
    }
  };
  walk(dir);
  return files.sort();
}

/** The compiler options of a tsconfig file (repository-relative), as `tsc -p` would use them. */
export function compilerOptionsOf(tsconfig: string): ts.CompilerOptions {
  const file = path.join(repoRoot, tsconfig);
  const { config, error } = ts.readConfigFile(file, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  return ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(file)).options;
}

/** The repository files `files` import (imports that resolve into node_modules or nowhere are left out). */
export function importGraph(files: string[], options: ts.CompilerOptions): ImportGraph {
  const host = ts.createCompilerHost(options);
  const cache = ts.createModuleResolutionCache(repoRoot, (name) => name, options);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const absolute = path.join(repoRoot, file);
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(absolute, 'utf8'), true, true);
    const targets = new Set<string>();
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.') && !fileName.startsWith('@quire/')) continue;
      const resolved = ts.resolveModuleName(fileName, absolute, options, host, cache).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport) continue;
      const target = path.relative(repoRoot, resolved.resolvedFileName).split(path.sep).join('/');
      if (!target.startsWith('..')) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Import cycles: the strongly connected components with more than one file, or a file importing itself. */
export function importCycles(graph: ImportGraph): string[][] {
  // Tarjan's algorithm, iterative so a deep import chain cannot overflow the stack.
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let next = 0;
  const successors = (node: string) => [...(graph.get(node) ?? [])];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; children: string[]; at: number }> = [];
    const enter = (node: string) => {
      index.set(node, next);
      lowLink.set(node, next);
      next += 1;
      stack.push(node);
      onStack.add(node);
      work.push({ node, children: successors(node), at: 0 });
    };
    enter(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      if (frame.at < frame.children.length) {
        const child = frame.children[frame.at]!;
        frame.at += 1;
        if (!index.has(child)) enter(child);
        else if (onStack.has(child)) {
          lowLink.set(frame.node, Math.min(lowLink.get(frame.node)!, index.get(child)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) lowLink.set(parent.node, Math.min(lowLink.get(parent.node)!, lowLink.get(frame.node)!));
      if (lowLink.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      if (component.length > 1 || graph.get(frame.node)?.has(frame.node)) cycles.push(component.sort());
    }
  }
  return cycles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** The package of a repository file: its top folder when that is one of `packages`, else null. */
export function packageOf(file: string, packages: readonly string[]): string | null {
  const top = file.split('/')[0]!;
  return packages.includes(top) ? top : null;
}

/** Package-level edges (`from -> to`, sorted) of a file graph, between the given packages only. */
export function packageEdges(graph: ImportGraph, packages: readonly string[]): string[] {
  const edges = new Set<string>();
  for (const [file, targets] of graph) {
    const from = packageOf(file, packages);
    if (!from) continue;
    for (const target of targets) {
      const to = packageOf(target, packages);
      if (to && to !== from) edges.add(`${from} -> ${to}`);
    }
  }
  return [...edges].sort();
}

/** As a graph of packages, to run `importCycles` over. */
export function edgesAsGraph(edges: string[]): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const edge of edges) {
    const [from, to] = edge.split(' -> ') as [string, string];
    if (!graph.has(from)) graph.set(from, new Set());
    if (!graph.has(to)) graph.set(to, new Set());
    graph.get(from)!.add(to);
  }
  return graph;
}

/**
 * Imports from outside `domainDir` into a file inside it other than its `index` module (`from -> to`):
 * every door goes through the index.
 */
export function domainInternalImports(graph: ImportGraph, domainDir: string): string[] {
  const inDomain = (file: string) => file.startsWith(`${domainDir}/`);
  const isIndex = (file: string) => /^index\.[cm]?[jt]sx?$/.test(file.slice(domainDir.length + 1));
  const found: string[] = [];
  for (const [file, targets] of graph) {
    if (inDomain(file)) continue;
    for (const target of targets)
      if (inDomain(target) && !isIndex(target)) found.push(`${file} -> ${target}`);
  }
  return found.sort();
}

/** The 1-based lines of `source` that read `process.env` (`process.env.X`, `process['env']`, `{ env } = process`). */
export function processEnvReads(fileName: string, source: string): number[] {
  // Parsing is the slow part; a file that never names `process` cannot read it.
  if (!source.includes('process')) return [];
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const lines: number[] = [];
  const isProcess = (node: ts.Node) => ts.isIdentifier(node) && node.text === 'process';
  const visit = (node: ts.Node) => {
    const reads =
      (ts.isPropertyAccessExpression(node) && isProcess(node.expression) && node.name.text === 'env') ||
      (ts.isElementAccessExpression(node) &&
        isProcess(node.expression) &&
        ts.isStringLiteralLike(node.argumentExpression) &&
        node.argumentExpression.text === 'env') ||
      (ts.isVariableDeclaration(node) &&
        node.initializer !== undefined &&
        isProcess(node.initializer) &&
        ts.isObjectBindingPattern(node.name) &&
        node.name.elements.some((element) => {
          const key = element.propertyName ?? element.name;
          return ts.isIdentifier(key) && key.text === 'env';
        }));
    if (reads) lines.push(file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return lines;
}
