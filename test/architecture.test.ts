// The import boundaries of ARCHITECTURE.md are enforced by eslint.config.mjs (`no-restricted-imports`).
// These tests lint snippets as if they lived in each package, so a config change cannot silently drop a rule.
//
// ESLint loads its (ESM) config file with a dynamic import(), which Jest's module sandbox refuses without
// --experimental-vm-modules; so the ESLint Node API runs in a plain child Node process, once for all cases.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from '@jest/globals';

const repoRoot = path.resolve(__dirname, '..');

interface Snippet {
  filePath: string;
  importPath: string;
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
for (const { filePath, importPath } of snippets) {
  const code = "import { thing } from '" + importPath + "';\\n\\nexport const used = thing;\\n";
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
  compatRestToDomain: {
    filePath: 'compat-rest/src/routes/x.ts',
    importPath: '../../../api/src/domain/accounts/account.service',
  },
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
  graphqlToDomain: { filePath: 'api/src/graphql/x.ts', importPath: '../domain/items/item.service' },
} satisfies Record<string, Snippet>;

type CaseName = keyof typeof cases;
const results = new Map<CaseName, LintMessage[]>();

/** The `no-restricted-imports` messages ESLint reported for one case. */
function restricted(name: CaseName): string[] {
  const messages = results.get(name);
  if (!messages) throw new Error(`case ${name} was not linted`);
  expect(messages.filter((message) => message.fatal)).toEqual([]);
  return messages.filter((message) => message.ruleId === 'no-restricted-imports').map((m) => m.message);
}

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

  it('allows compat-rest to import domain services and the graphql package', () => {
    expect(restricted('compatRestToDomain')).toEqual([]);
    expect(restricted('compatRestToGraphqlPackage')).toEqual([]);
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

  it('forbids the domain from importing the GraphQL layer', () => {
    expect(restricted('domainToGraphql')).toHaveLength(1);
    expect(restricted('domainToDomain')).toEqual([]);
    expect(restricted('graphqlToDomain')).toEqual([]);
  });
});
