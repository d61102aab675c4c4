import fs from 'node:fs';
import path from 'node:path';
import { buildGraphQLSchema, printSdl } from './schema';

/**
 * Writes schema/schema.graphql from the resolvers; with `--check` it only compares and fails when the
 * committed file is stale.
 */
async function main(): Promise<void> {
  let root = __dirname;
  while (!fs.existsSync(path.join(root, 'codegen.yml')) && path.dirname(root) !== root)
    root = path.dirname(root);
  const file = path.join(root, 'schema', 'schema.graphql');
  const sdl = printSdl(await buildGraphQLSchema());
  if (process.argv.includes('--check')) {
    const committed = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    if (committed !== sdl) {
      console.error('schema/schema.graphql is stale: run `npm run schema:emit` and `npm run codegen`');
      process.exit(1);
    }
    console.log('schema/schema.graphql is up to date');
    return;
  }
  fs.writeFileSync(file, sdl);
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
