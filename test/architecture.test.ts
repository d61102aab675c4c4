// The import boundaries of ARCHITECTURE.md are enforced by eslint.config.mjs (`no-restricted-imports`,
// `no-restricted-properties`). The first tests lint snippets as if they lived in each package, so a config
// change cannot silently drop a rule. The second half checks the real sources' import graph (TypeScript's
// parser and module resolution, test/support/import-graph.ts): doors reach the domain only through its index,
// the packages import each other along the allowed edges only (so without a cycle), only the config module
// reads process.env, and web/src has no import cycle. Each graph check is also fed a synthetic bad input.
//
// ESLint loads its (ESM) config file with a dynamic import(), which Jest's module sandbox refuses without
// --experimental-vm-modules; so the ESLint Node API runs in a plain child Node process, once for all cases.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from '@jest/globals';
import {
  compilerOptionsOf,
  domainInternalImports,
  edgesAsGraph,
  importCycles,
  importGraph,
  packageEdges,
  processEnvReads,
  sourceFiles,
  type ImportGraph,
} from './support/import-graph';

const repoRoot = path.resolve(__dirname, '..');

interface Snippet {
  filePath: string;
  importPath?: string;
  /** The whole snippet, instead of one import of `importPath`. */
  code?: string;
}
interface LintMessage {
  ruleId: string | null;
  message: string;
  fatal?: boolean;
}

const LINT_SCRIPT = `
import { ESLint } from 'eslint';
const { configFile, snippets } = JSON.parse(process.argv[1]);
const eslint = new ESLint({ cwd: process.cwd(), overrideConfigFile: configFile });
const results = [];
for (const { filePath, importPath, code: given } of snippets) {
  const code = given ?? "import { thing } from '" + importPath + "';\\n\\nexport const used = thing;\\n";
  const [result] = await eslint.lintText(code, { filePath });
  results.push(result.messages.map(({ ruleId, message, fatal }) => ({ ruleId, message, fatal })));
}
process.stdout.write(JSON.stringify(results));
`;

async function lintSnippets(snippets: Snippet[]): Promise<LintMessage[][]> {
  const input = {
    configFile: path.join(repoRoot, 'eslint.config.mjs'),
    snippets: snippets.map((snippet) => ({ ...snippet, filePath: path.join(repoRoot, snippet.filePath) })),
  };
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--input-type=module', '--eval', LINT_SCRIPT, JSON.stringify(input)],
    { cwd: repoRoot, maxBuffer: 16 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as LintMessage[][];
}

const cases = {
  compatRestToGraphql: {
    filePath: 'compat-rest/src/routes/x.ts',
    importPath: '../../../api/src/graphql/schema',
  },
  compatRestToDomain: { filePath: 'compat-rest/src/routes/x.ts', importPath: '../../../api/src/domain' },
  compatRestToDomainIndex: {
    filePath: 'compat-rest/src/x.ts',
    importPath: '../../api/src/domain/index',
  },
  compatRestToDomainInternal: {
    filePath: 'compat-rest/src/routes/x.ts',
    importPath: '../../../api/src/domain/accounts/account.service',
  },
  compatRestToServer: { filePath: 'compat-rest/src/x.ts', importPath: '../../server/src/server' },
  graphqlToDomainInternal: {
    filePath: 'api/src/graphql/items/x.ts',
    importPath: '../../domain/items/item.service',
  },
  graphqlToDomainIndex: { filePath: 'api/src/graphql/items/x.ts', importPath: '../../domain' },
  graphqlToCompatRest: { filePath: 'api/src/graphql/x.ts', importPath: '../../../compat-rest/src' },
  serverToDomainInternal: { filePath: 'server/src/x.ts', importPath: '../../api/src/domain/viewer' },
  serverToDoors: { filePath: 'server/src/x.ts', importPath: '../../compat-rest/src' },
  domainToCompatRest: { filePath: 'api/src/domain/items/x.ts', importPath: '../../../../compat-rest/src' },
  apiToServer: { filePath: 'api/src/pubsub/x.ts', importPath: '@quire/server/src/server' },
  dbToServer: { filePath: 'db/src/x.ts', importPath: '../../server/src/config' },
  envInCompatRest: {
    filePath: 'compat-rest/src/x.ts',
    code: 'export const zone = process.env.APP_TIMEZONE;\n',
  },
  envInDomain: {
    filePath: 'api/src/domain/items/x.ts',
    code: "const { env } = process;\n\nexport const zone = env['APP_TIMEZONE'];\n",
  },
  envInWeb: { filePath: 'web/src/x.ts', code: "export const zone = process['env'].APP_TIMEZONE;\n" },
  envInConfig: { filePath: 'server/src/config.ts', code: 'export const port = process.env.PORT;\n' },
  envInMigrateCli: {
    filePath: 'db/src/migrate.cli.ts',
    code: 'export const url = process.env.DATABASE_URL;\n',
  },
  envInTest: {
    filePath: 'api/src/domain/items/x.test.ts',
    code: 'export const url = process.env.TEST_MYSQL_URL;\n',
  },
  envInScript: { filePath: 'scripts/x.mjs', code: 'export const ci = process.env.CI;\n' },
  compatRestToGraphqlPackage: { filePath: 'compat-rest/src/routes/x.ts', importPath: 'graphql' },
  webToDomain: { filePath: 'web/src/x.ts', importPath: '../../api/src/domain/x' },
  webToDb: { filePath: 'web/src/pages/x.tsx', importPath: '../../../db/src/entities' },
  webToCompatRestPackage: { filePath: 'web/src/x.ts', importPath: '@quire/compat-rest/src/x' },
  webOutOfWeb: { filePath: 'web/src/pages/x.tsx', importPath: '../../../schema/schema.graphql' },
  webInsideWeb: { filePath: 'web/src/pages/x.tsx', importPath: '../api/client' },
  webToGenerated: { filePath: 'web/src/pages/x.tsx', importPath: '../gql' },
  dbToApi: { filePath: 'db/src/entities/x.ts', importPath: '../../../api/src/domain/x' },
  dbToCompatRest: { filePath: 'db/src/x.ts', importPath: '../../compat-rest/src/x' },
  dbInsideDb: { filePath: 'db/src/x.ts', importPath: './entities' },
  domainToGraphql: { filePath: 'api/src/domain/items/x.ts', importPath: '../../graphql/schema' },
  domainToDomain: { filePath: 'api/src/domain/items/x.ts', importPath: '../pages/page.service' },
  graphqlToDomain: { filePath: 'api/src/graphql/x.ts', importPath: '../domain' },
} satisfies Record<string, Snippet>;

type CaseName = keyof typeof cases;
const results = new Map<CaseName, LintMessage[]>();

/** The messages of one rule (`no-restricted-imports` unless given) ESLint reported for one case. */
function restricted(name: CaseName, ruleId = 'no-restricted-imports'): string[] {
  const messages = results.get(name);
  if (!messages) throw new Error(`case ${name} was not linted`);
  expect(messages.filter((message) => message.fatal)).toEqual([]);
  return messages.filter((message) => message.ruleId === ruleId).map((m) => m.message);
}
const envReads = (name: CaseName) => restricted(name, 'no-restricted-properties');

beforeAll(async () => {
  const names = Object.keys(cases) as CaseName[];
  const linted = await lintSnippets(names.map((name) => cases[name]));
  names.forEach((name, index) => results.set(name, linted[index]));
});

describe('import boundaries', () => {
  it('forbids compat-rest from importing the GraphQL layer', () => {
    const errors = restricted('compatRestToGraphql');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('compat-rest talks to api/src/domain, never to the GraphQL layer');
  });

  it('allows compat-rest to import the domain index and the graphql package', () => {
    expect(restricted('compatRestToDomain')).toEqual([]);
    expect(restricted('compatRestToDomainIndex')).toEqual([]);
    expect(restricted('compatRestToGraphqlPackage')).toEqual([]);
  });

  it('forbids every door from importing a file inside the domain', () => {
    for (const name of [
      'compatRestToDomainInternal',
      'graphqlToDomainInternal',
      'serverToDomainInternal',
    ] as const) {
      const errors = restricted(name);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain('through its one public module');
    }
    expect(restricted('graphqlToDomainIndex')).toEqual([]);
  });

  it('forbids imports against the package order db <- api <- compat-rest <- server', () => {
    expect(restricted('compatRestToServer')).toHaveLength(1);
    expect(restricted('graphqlToCompatRest')).toHaveLength(1);
    expect(restricted('domainToCompatRest')).toHaveLength(1);
    expect(restricted('apiToServer')).toHaveLength(1);
    expect(restricted('dbToServer')).toHaveLength(1);
    expect(restricted('serverToDoors')).toEqual([]);
  });

  it('forbids web from importing server code', () => {
    expect(restricted('webToDomain')).toHaveLength(1);
    expect(restricted('webToDb')).toHaveLength(1);
    expect(restricted('webToCompatRestPackage')).toHaveLength(1);
  });

  it('forbids web from reaching outside web/, but not within it', () => {
    expect(restricted('webOutOfWeb')).toHaveLength(1);
    expect(restricted('webInsideWeb')).toEqual([]);
    expect(restricted('webToGenerated')).toEqual([]);
  });

  it('forbids db from importing api or compat-rest', () => {
    expect(restricted('dbToApi')).toHaveLength(1);
    expect(restricted('dbToCompatRest')).toHaveLength(1);
    expect(restricted('dbInsideDb')).toEqual([]);
  });

  it('forbids reading process.env outside the config module and the allowed CLIs, scripts and tests', () => {
    for (const name of ['envInCompatRest', 'envInDomain', 'envInWeb'] as const) {
      const errors = envReads(name);
      expect(errors.length).toBeGreaterThanOrEqual(1);
      expect(errors[0]).toContain('Only the config module');
    }
    for (const name of ['envInConfig', 'envInMigrateCli', 'envInTest', 'envInScript'] as const) {
      expect(envReads(name)).toEqual([]);
    }
  });

  it('forbids the domain from importing the GraphQL layer', () => {
    expect(restricted('domainToGraphql')).toHaveLength(1);
    expect(restricted('domainToDomain')).toEqual([]);
    expect(restricted('graphqlToDomain')).toEqual([]);
  });
});

// The packages of the server and the web app, and the imports allowed between them (ARCHITECTURE.md):
// db depends on nothing of ours, api (domain + GraphQL) on db, compat-rest on api's domain and db, and the
// composition root (server) on all three. web depends on none of them (only on the emitted schema). test/
// is not a package here: tests may reach everything they test.
const PACKAGES = ['db', 'api', 'compat-rest', 'server', 'web'] as const;
const ALLOWED_PACKAGE_EDGES = [
  'api -> db',
  'compat-rest -> api',
  'compat-rest -> db',
  'server -> api',
  'server -> compat-rest',
  'server -> db',
];
const DOMAIN_DIR = 'api/src/domain';
/** The only files outside scripts/, test/ and tool configs that may read process.env (eslint.config.mjs says why). */
const PROCESS_ENV_READERS = [
  'server/src/config.ts',
  'db/src/migrate.cli.ts',
  'db/src/migration-create.cli.ts',
];
/** Package edges that are not allowed, and package cycles, of a file graph. */
function packageViolations(graph: ImportGraph): { forbidden: string[]; cycles: string[][] } {
  const edges = packageEdges(graph, PACKAGES);
  return {
    forbidden: edges.filter((edge) => !ALLOWED_PACKAGE_EDGES.includes(edge)),
    cycles: importCycles(edgesAsGraph(edges)),
  };
}

const graphOf = (edges: Record<string, string[]>): ImportGraph =>
  new Map(Object.entries(edges).map(([file, targets]) => [file, new Set(targets)]));

describe('the real import graph', () => {
  let serverGraph: ImportGraph;
  let webGraph: ImportGraph;

  beforeAll(() => {
    const serverFiles = ['db', 'api', 'compat-rest', 'server'].flatMap((dir) => sourceFiles(dir));
    serverGraph = importGraph(serverFiles, compilerOptionsOf('tsconfig.server.json'));
    webGraph = importGraph(sourceFiles('web/src'), compilerOptionsOf('web/tsconfig.json'));
  });

  it('sees the sources (a resolver that found nothing would pass every check)', () => {
    expect(serverGraph.get('compat-rest/src/index.ts')).toContain('api/src/domain/index.ts');
    expect(serverGraph.get('server/src/server.ts')).toContain('compat-rest/src/index.ts');
    expect(webGraph.get('web/src/features/items/ItemActions.tsx')?.size).toBeGreaterThan(0);
  });

  it('has every door reach the domain through its index only', () => {
    expect(domainInternalImports(serverGraph, DOMAIN_DIR)).toEqual([]);
  });

  it('has the packages import each other along the allowed edges only, without a cycle', () => {
    const edges = packageEdges(new Map([...serverGraph, ...webGraph]), PACKAGES);
    expect(edges.filter((edge) => !ALLOWED_PACKAGE_EDGES.includes(edge))).toEqual([]);
    expect(importCycles(edgesAsGraph(ALLOWED_PACKAGE_EDGES))).toEqual([]);
    expect(edges).toEqual(expect.arrayContaining(['compat-rest -> api', 'server -> compat-rest']));
  });

  it('reads process.env only in the config module and the CLIs allowed to', () => {
    const readers = ['db/src', 'api/src', 'compat-rest/src', 'server/src', 'web/src']
      .flatMap((dir) => sourceFiles(dir))
      .filter((file) => !/\.test\.[cm]?[jt]sx?$/.test(file))
      .filter((file) => processEnvReads(file, fs.readFileSync(path.join(repoRoot, file), 'utf8')).length > 0);
    expect(readers.filter((file) => !PROCESS_ENV_READERS.includes(file))).toEqual([]);
    expect(readers).toContain('server/src/config.ts');
  });

  it('has no import cycle in web/src other than the one being removed', () => {
    expect(importCycles(webGraph)).toEqual([]);
  });
});

describe('the import graph checks fail on bad graphs', () => {
  it('finds a door importing a domain internal, but not the index', () => {
    const graph = graphOf({
      'compat-rest/src/routes/item.ts': ['api/src/domain/index.ts', 'api/src/domain/items/item.service.ts'],
      'api/src/graphql/schema.ts': ['api/src/domain/index.ts'],
      'api/src/domain/index.ts': ['api/src/domain/items/item.service.ts'],
    });
    expect(domainInternalImports(graph, DOMAIN_DIR)).toEqual([
      'compat-rest/src/routes/item.ts -> api/src/domain/items/item.service.ts',
    ]);
  });

  it('finds a forbidden package edge and the package cycle it closes', () => {
    const graph = graphOf({
      'server/src/server.ts': ['compat-rest/src/index.ts', 'api/src/graphql/index.ts'],
      'compat-rest/src/index.ts': ['api/src/domain/index.ts'],
      'api/src/domain/index.ts': ['compat-rest/src/wire.ts', 'db/src/index.ts'],
    });
    expect(packageViolations(graph)).toEqual({
      forbidden: ['api -> compat-rest'],
      cycles: [['api', 'compat-rest']],
    });
  });

  it('finds process.env however it is read', () => {
    const source = [
      'const a = process.env.A;',
      "const b = process['env'];",
      'const { env } = process;',
      'const { env: renamed } = process;',
      'const fine = process.argv;',
      'const alsoFine = env.X + renamed.Y;',
    ].join('\n');
    expect(processEnvReads('x.ts', source)).toEqual([1, 2, 3, 4]);
  });

  it('finds import cycles, long ones and self-imports', () => {
    const graph = graphOf({
      'web/src/a.ts': ['web/src/b.ts'],
      'web/src/b.ts': ['web/src/c.ts'],
      'web/src/c.ts': ['web/src/a.ts', 'web/src/d.ts'],
      'web/src/d.ts': [],
      'web/src/e.ts': ['web/src/e.ts'],
    });
    expect(importCycles(graph)).toEqual([['web/src/a.ts', 'web/src/b.ts', 'web/src/c.ts'], ['web/src/e.ts']]);
  });
});
