// Fails when schema/schema.graphql (the committed SDL, the contract for integrators and the input of
// codegen.yml) no longer matches what the GraphQL code emits. Same as `npm run schema:emit -- --check`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.join(root, 'api', 'src', 'graphql', 'emit-schema.cli.ts');
const compiled = path.join(root, 'dist', 'api', 'src', 'graphql', 'emit-schema.cli.js');

if (!existsSync(source)) {
  console.log('check-schema: skipped, api/src/graphql/emit-schema.cli.ts does not exist yet');
  process.exit(0);
}

const run = (command, args) => spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });

// `--no-build`: dist/ was compiled just before (npm test's type check emits it).
const tscBin = path.join(root, 'node_modules', '.bin', 'tsc');
const build = process.argv.includes('--no-build')
  ? { status: 0 }
  : existsSync(tscBin)
    ? run(tscBin, ['-p', 'tsconfig.server.json'])
    : run('npx', ['--no', 'tsc', '-p', 'tsconfig.server.json']);
if (build.status !== 0) {
  // tsc still emits JavaScript on type errors (those fail the typecheck step on their own), so the schema
  // can usually be compared anyway.
  console.log(`check-schema: tsc exited with ${build.status ?? build.signal}; checking with what it emitted`);
}
if (!existsSync(compiled)) {
  console.error(`check-schema: ${path.relative(root, compiled)} was not built`);
  process.exit(1);
}

const check = run(process.execPath, [compiled, '--check']);
if (check.status !== 0) {
  console.error(
    'check-schema: schema/schema.graphql is stale (or the emitter failed); run `npm run schema:emit` and commit it',
  );
  process.exit(1);
}
console.log('check-schema: schema/schema.graphql is up to date');
