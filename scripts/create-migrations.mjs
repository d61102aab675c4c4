// Generates the next migration for SQLite and MySQL from the entity definitions (see db/src/migration-create.cli.ts).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
// tsc never deletes outputs of removed sources: start from the migrations that exist now.
fs.rmSync('dist/db/src/migrations', { recursive: true, force: true });
execSync('npx tsc -p tsconfig.server.json', { stdio: 'inherit' });
execSync('node dist/db/src/migration-create.cli.js', { stdio: 'inherit' });
