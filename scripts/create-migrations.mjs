// Generates the next migration for SQLite and MySQL from the entity definitions (see db/src/migration-create.cli.ts).
import { execSync } from 'node:child_process';
execSync('npx tsc -p tsconfig.server.json', { stdio: 'inherit' });
execSync('node dist/db/src/migration-create.cli.js', { stdio: 'inherit' });
