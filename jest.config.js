// Jest configuration: two projects.
//   server — node environment; db/, api/, compat-rest/, server/ and test/ (except the browser tests and benchmarks)
//   web    — jsdom environment; web/src
// Both transform TypeScript with @swc/jest (babel-jest breaks MikroORM, ts-jest is twice as slow).
const fs = require('node:fs');
const path = require('node:path');

const root = __dirname;
const existing = (dirs) => dirs.filter((dir) => fs.existsSync(path.join(root, dir)));
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// MikroORM needs legacy decorators, decorator metadata and `useDefineForClassFields: false`: with
// define semantics nothing errors, but relations silently stop propagating (see STACK.md).
const serverSwc = {
  swcrc: false,
  sourceMaps: 'inline',
  module: { type: 'commonjs' },
  jsc: {
    target: 'es2022',
    keepClassNames: true,
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
  },
};

const webSwc = (tsx) => ({
  swcrc: false,
  sourceMaps: 'inline',
  module: { type: 'commonjs' },
  jsc: {
    target: 'es2022',
    parser: { syntax: 'typescript', tsx },
    transform: { react: { runtime: 'automatic' }, useDefineForClassFields: false },
  },
});

// Dependencies' own JavaScript (only the packages listed below reach this transform). `isModule: 'unknown'`
// leaves files without import/export as scripts, so no "use strict" or top-level `this` rewriting.
const dependencySwc = {
  swcrc: false,
  isModule: 'unknown',
  module: { type: 'commonjs' },
  jsc: { target: 'es2022', parser: { syntax: 'ecmascript', jsx: false } },
};

// CommonJS packages that load an ESM-only dependency with `import()` (@fastify/cookie → cookie 2). Jest's
// sandbox refuses `import()` without --experimental-vm-modules; compiled as modules, swc turns it into
// `require()`, and the ESM dependency goes through the transform like any other. Add packages here when a
// test fails with "A dynamic import callback was invoked without --experimental-vm-modules".
const DYNAMIC_IMPORT_PACKAGES = ['@fastify/cookie'];

// Our own modules that the server loads at first use with `import('./name.js')` so heavy libraries stay out
// of memory until needed (issue #14): docx export, the MCP door, the metrics endpoint.
const LAZY_SOURCE_MODULES = ['docx-writer', 'mcp-session', 'http/metrics'];
const dynamicImportSwc = { ...dependencySwc, isModule: true };

// ESM-only packages (Apollo Client 4, graphql-ws' browser build, md-editor's ~120 unified/remark/rehype
// dependencies...) cannot be `require`d by Jest; they must go through the transform. The list is computed
// from what is installed, so it follows the dependency tree without maintenance: every package with
// `"type": "module"`, or whose `exports`/`main`/`module`/`browser` point at `.mjs` files.
function esmPackageNames() {
  const names = new Set();
  const visit = (packageDir, name) => {
    let manifest;
    try {
      manifest = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
    } catch {
      return;
    }
    const entryPoints = JSON.stringify([manifest.exports, manifest.main, manifest.module, manifest.browser]);
    if (manifest.type === 'module' || /\.mjs"/.test(entryPoints)) names.add(name);
    scan(path.join(packageDir, 'node_modules'));
  };
  const scan = (modulesDir) => {
    let entries;
    try {
      entries = fs.readdirSync(modulesDir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.') || !(entry.isDirectory() || entry.isSymbolicLink())) continue;
      const dir = path.join(modulesDir, entry.name);
      if (entry.name.startsWith('@')) {
        for (const scoped of fs.readdirSync(dir)) visit(path.join(dir, scoped), `${entry.name}/${scoped}`);
      } else {
        visit(dir, entry.name);
      }
    }
  };
  scan(path.join(root, 'node_modules'));
  scan(path.join(root, 'web', 'node_modules'));
  return [...names].sort();
}

const packageAlternatives = (names) => names.map(escapeRegExp).join('|');
const compiledPackages = [...new Set([...esmPackageNames(), ...DYNAMIC_IMPORT_PACKAGES])];
const transformIgnorePatterns = [`/node_modules/(?!(?:${packageAlternatives(compiledPackages)})/)`];
// First match wins: dependencies before our own sources.
const dependencyTransforms = {
  [`/node_modules/(?:${packageAlternatives(DYNAMIC_IMPORT_PACKAGES)})/.+\\.[cm]?js$`]: [
    '@swc/jest',
    dynamicImportSwc,
  ],
  '/node_modules/.+\\.[cm]?js$': ['@swc/jest', dependencySwc],
};

const webSetupFile = path.join(root, 'web', 'src', 'test', 'setup.ts');

/** @type {import('jest').Config} */
module.exports = {
  maxWorkers: 2,
  passWithNoTests: true,
  // Jest 30's runner reads the timeout from the global config only; 30 s is meant for the server tests
  // (real databases, argon2), and it is the project setting below too.
  testTimeout: 30000,
  projects: [
    {
      displayName: 'server',
      rootDir: root,
      roots: existing(['db', 'api', 'compat-rest', 'server', 'test']).map((dir) => `<rootDir>/${dir}`),
      testEnvironment: 'node',
      testMatch: ['**/*.test.ts'],
      testPathIgnorePatterns: [
        '/node_modules/',
        '<rootDir>/test/e2e/',
        '<rootDir>/test/bench/',
        '<rootDir>/dist/',
      ],
      modulePathIgnorePatterns: ['<rootDir>/dist/'],
      // Our modules loaded lazily with `import('./x.js')` (node16 resolution wants the extension; the file
      // is x.ts here). Listed by name so no other `.js` path is rewritten.
      moduleNameMapper: { [`^(\\./(?:${LAZY_SOURCE_MODULES.join('|')}))\\.js$`]: '$1' },
      // Some server dependencies are ESM-only too (content-disposition 3 under @fastify/static, cookie 2
      // under @fastify/cookie).
      transform: { ...dependencyTransforms, '^.+\\.(t|j)s$': ['@swc/jest', serverSwc] },
      transformIgnorePatterns,
      testTimeout: 30000,
    },
    {
      displayName: 'web',
      rootDir: root,
      roots: existing(['web/src']).map((dir) => `<rootDir>/${dir}`),
      testEnvironment: 'jsdom',
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      testPathIgnorePatterns: ['/node_modules/'],
      modulePathIgnorePatterns: ['<rootDir>/dist/', '<rootDir>/web/dist/'],
      setupFiles: ['<rootDir>/test/support/jsdom-globals.js'],
      // Written by the web team (Mantine needs ResizeObserver/matchMedia shims); optional until it exists.
      setupFilesAfterEnv: fs.existsSync(webSetupFile) ? ['<rootDir>/web/src/test/setup.ts'] : [],
      moduleNameMapper: { '\\.(css)$': '<rootDir>/test/support/style-stub.js' },
      transform: {
        ...dependencyTransforms,
        '^.+\\.[jt]sx$': ['@swc/jest', webSwc(true)],
        '^.+\\.(ts|[cm]?js)$': ['@swc/jest', webSwc(false)],
      },
      transformIgnorePatterns,
    },
  ],
};
