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

const webRegexes = ['^@quire/(?:api|db|compat-rest)(?:/|$)', relativeInto('(?:api|db|compat-rest)/src')];

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

  // Import boundaries (ARCHITECTURE.md, "Rules of the road").
  {
    name: 'quire/boundaries/compat-rest',
    files: [`compat-rest/**/*.${CODE}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [forbid(graphqlLayerRegexes, COMPAT_REST_MESSAGE)],
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
          patterns: [forbid(graphqlLayerRegexes, DOMAIN_MESSAGE)],
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
              ['^@quire/(?:api|compat-rest|web)(?:/|$)', relativeInto('(?:api|compat-rest|web)/src')],
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
