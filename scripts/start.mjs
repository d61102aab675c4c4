// `npm start`: builds whatever is missing or older than its sources, then runs Quire in this process.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

/** Newest modification time of the given files and of everything below the given folders (0 when none exist). */
function newest(dirs) {
  let latest = 0;
  const walk = (dir) => {
    if (!fs.existsSync(dir)) return;
    if (!fs.statSync(dir).isDirectory()) {
      latest = Math.max(latest, fs.statSync(dir).mtimeMs);
      return;
    }
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else latest = Math.max(latest, fs.statSync(full).mtimeMs);
    }
  };
  dirs.forEach(walk);
  return latest;
}

const builtAt = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : -1);
const run = (command) => execSync(command, { stdio: 'inherit' });

if (builtAt('dist/server/src/main.js') < newest(['server/src', 'api/src', 'db/src', 'compat-rest/src'])) {
  console.log('Building the server...');
  fs.rmSync('dist', { recursive: true, force: true });
  run('npm run --silent build:server');
}
if (builtAt('web/dist/index.html') < newest(['web/src', 'web/index.html', 'schema'])) {
  console.log('Building the web app...');
  run('npm run --silent build:web');
}

await import(path.join(root, 'dist/server/src/main.js'));
