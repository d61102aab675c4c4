// ESLint flat config: typescript-eslint's recommended rules (not type-checked, for speed) plus the import
// boundaries of ARCHITECTURE.md, enforced with `no-restricted-imports` (test/architecture.test.ts proves them).
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

const CODE = '{ts,tsx,mts,cts,js,jsx,mjs,cjs}';

const nodeGlobals = Object.fromEntries(
  [
    'process',
    'console',
    'Buffer',
    'URL',
    'URLSearchParams',
    'AbortController',
    'AbortSignal',
    'TextEncoder',
    'TextDecoder',
    'fetch',
    'structuredClone',
    'queueMicrotask',
    'setTimeout',
    'clearTimeout',
    'setInterval',
    'clearInterval',
    'setImmediate',
    'clearImmediate',
    'performance',
    'global',
  ].map((name) => [name, 'readonly']),
);
const commonJsGlobals = {
  require: 'readonly',
  module: 'writable',
  exports: 'writable',
  __dirname: 'readonly',
  __filename: 'readonly',
};

/**
 * One `no-restricted-imports` pattern: regular expressions over the import string as written, joined so a
 * forbidden import is reported once.
 */
const forbid = (regexes, message) => ({ regex: regexes.map((regex) => `(?:${regex})`).join('|'), message });
/** Relative imports (`./`, `../`) whose path contains `segments` as whole path segments. */
const relativeInto = (segments) => `^\\.{1,2}/(?:.*/)?${segments}(?:/|$)`;

const COMPAT_REST_MESSAGE =
  'compat-rest talks to api/src/domain, never to the GraphQL layer (api/src/graphql).';
const DOMAIN_MESSAGE =
  'api/src/domain holds the business rules for both doors; it must not depend on the GraphQL layer.';
const WEB_MESSAGE =
  'web depends on the server only through the GraphQL schema (generated code in web/src/gql), never on api/, db/ or compat-rest/ or anything outside web/.';
// Our GraphQL layer, however it is reached: the npm package `graphql` itself stays allowed.
const graphqlLayerRegexes = [
  '(?:^|/)api/src/graphql(?:/|$)',
  '^@quire/api/(?:src/)?graphql(?:/|$)',
  relativeInto('graphql'),
];
const DB_MESSAGE = 'db depends on nothing of ours: no imports from api/, compat-rest/ or web/.';

const DOMAIN_DOOR_MESSAGE =
  'Doors import the domain through its one public module (api/src/domain, i.e. api/src/domain/index.ts), never a file inside it: export what you need from the index.';
// A path into the domain that goes past its index: `api/src/domain/x`, `../domain/x` (from api/src/*), but
// not `…/domain` or `…/domain/index`.
const domainInternalRegexes = [
  '(?:^|/)api/src/domain/(?!index$).+',
  '^@quire/api/src/domain/(?!index$).+',
  '^(?:\\.\\./)+domain/(?!index$).+',
];
const API_CYCLE_MESSAGE =
  'api (domain, GraphQL, pub/sub) depends on db only: the composition root (server/) mounts compat-rest, so api never imports a door or the root.';
const WEB_ROOT_MESSAGE = 'The server serves the built web app from disk; it never imports web/ sources.';
const COMPAT_REST_ROOT_MESSAGE = 'compat-rest never imports the composition root (server/).';
/** Imports of the packages `names` by relative path or by package name. */
const packages = (names) => [`^@quire/(?:${names})(?:/|$)`, relativeInto(`(?:${names})/src`)];

const PROCESS_ENV_MESSAGE =
  'Only the config module (server/src/config.ts) reads process.env; take the setting as a parameter and add the variable to configFromEnv.';

const webRegexes = [
  '^@quire/(?:api|db|compat-rest|server)(?:/|$)',
  relativeInto('(?:api|db|compat-rest|server)/src'),
];

// "Anything going up out of web/" depends on how deep the importing file sits: a file in web/src/pages/
// leaves web/ with three `../`. One config block per depth (later blocks override the generic one).
const WEB_MAX_DEPTH = 12;
const webDepthBlocks = Array.from({ length: WEB_MAX_DEPTH + 1 }, (_, depth) => ({
  name: `quire/boundaries/web-depth-${depth}`,
  files: [`web/${'*/'.repeat(depth)}*.${CODE}`],
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: [forbid([...webRegexes, `^(?:\\./)?(?:\\.\\./){${depth + 1}}`], WEB_MESSAGE)] },
    ],
  },
}));

export default defineConfig(
  globalIgnores(
    [
      '**/node_modules/',
      'dist/',
      'web/dist/',
      'web/src/gql/',
      'db/src/migrations/',
      'test-artifacts/',
      'coverage/',
      'data/',
    ],
    'quire/ignores',
  ),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    name: 'quire/rules',
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    name: 'quire/node-scripts-esm',
    files: ['**/*.mjs'],
    languageOptions: { sourceType: 'module', globals: nodeGlobals },
  },
  {
    name: 'quire/node-scripts-cjs',
    files: ['**/*.{js,cjs}'],
    ignores: ['web/**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { ...nodeGlobals, ...commonJsGlobals } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    name: 'quire/web-esm-js',
    files: ['web/**/*.js'],
    languageOptions: { sourceType: 'module', globals: nodeGlobals },
  },

  // Configuration (ARCHITECTURE.md: "Only the config module reads process.env").
  {
    name: 'quire/config/process-env',
    files: [`**/*.${CODE}`],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: PROCESS_ENV_MESSAGE },
      ],
    },
  },
  {
    // Allowed to read the environment themselves:
    // - server/src/config.ts: the config module, the one place the server reads it;
    // - db/src/migrate.cli.ts, db/src/migration-create.cli.ts: stand-alone CLIs (`npm run db:migrate`,
    //   `npm run db:migration:create`) that run without the server and read their own few variables;
    // - scripts/, test/, and every *.test.* file: tooling and tests (TEST_MYSQL_URL, CI flags);
    // - tool configs at the top and in web/ (eslint, jest, vite): read by their tools, not by Quire.
    name: 'quire/config/process-env-allowed',
    files: [
      'server/src/config.ts',
      'db/src/migrate.cli.ts',
      'db/src/migration-create.cli.ts',
      `scripts/**/*.${CODE}`,
      `test/**/*.${CODE}`,
      `**/*.test.${CODE}`,
      `*.config.${CODE}`,
      `web/*.config.${CODE}`,
    ],
    rules: { 'no-restricted-properties': 'off' },
  },

  // Import boundaries (ARCHITECTURE.md, "Rules of the road").
  {
    name: 'quire/boundaries/compat-rest',
    files: [`compat-rest/**/*.${CODE}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(graphqlLayerRegexes, COMPAT_REST_MESSAGE),
            forbid(domainInternalRegexes, DOMAIN_DOOR_MESSAGE),
            forbid(packages('server'), COMPAT_REST_ROOT_MESSAGE),
          ],
        },
      ],
    },
  },
  {
    name: 'quire/boundaries/api',
    files: [`api/**/*.${CODE}`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [forbid(packages('compat-rest|server|web'), API_CYCLE_MESSAGE)] },
      ],
    },
  },
  {
    // The GraphQL door: the domain through its index only (and still no other door).
    name: 'quire/boundaries/api-graphql',
    files: [`api/src/graphql/**/*.${CODE}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(domainInternalRegexes, DOMAIN_DOOR_MESSAGE),
            forbid(packages('compat-rest|server|web'), API_CYCLE_MESSAGE),
          ],
        },
      ],
    },
  },
  {
    // The composition root mounts every door, but reaches the domain through its index like they do.
    name: 'quire/boundaries/server',
    files: [`server/**/*.${CODE}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(domainInternalRegexes, DOMAIN_DOOR_MESSAGE),
            forbid(packages('web'), WEB_ROOT_MESSAGE),
          ],
        },
      ],
    },
  },
  {
    name: 'quire/boundaries/api-domain',
    files: [`api/src/domain/**/*.${CODE}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(graphqlLayerRegexes, DOMAIN_MESSAGE),
            forbid(packages('compat-rest|server|web'), API_CYCLE_MESSAGE),
          ],
        },
      ],
    },
  },
  {
    name: 'quire/boundaries/db',
    files: [`db/**/*.${CODE}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(
              [
                '^@quire/(?:api|compat-rest|server|web)(?:/|$)',
                relativeInto('(?:api|compat-rest|server|web)/src'),
              ],
              DB_MESSAGE,
            ),
          ],
        },
      ],
    },
  },
  {
    name: 'quire/boundaries/web',
    files: [`web/**/*.${CODE}`],
    rules: { 'no-restricted-imports': ['error', { patterns: [forbid(webRegexes, WEB_MESSAGE)] }] },
  },
  ...webDepthBlocks,
);
