// Issue #23: no container engine runs on the build machines, so the Dockerfile and docker-compose.yml are
// kept correct by reading them: the properties the production layout depends on, and the environment
// variables matched against what the server reads (server/src/config.ts) and what the README documents.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';

const root = path.resolve(__dirname, '..', '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

interface Instruction {
  keyword: string;
  args: string;
}

/** Dockerfile instructions with continuation lines joined and comments dropped, grouped by stage. */
function dockerStages(
  text: string,
): Array<{ from: string; name: string | null; instructions: Instruction[] }> {
  const logical = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages: Array<{ from: string; name: string | null; instructions: Instruction[] }> = [];
  for (const line of logical) {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    if (keyword.toUpperCase() === 'FROM') {
      const [, image = '', name = null] = /^(\S+)(?:\s+AS\s+(\S+))?/i.exec(args) ?? [];
      stages.push({ from: image, name, instructions: [] });
    } else {
      if (!stages.length) throw new Error(`${keyword} before the first FROM`);
      stages.at(-1)!.instructions.push({ keyword: keyword.toUpperCase(), args });
    }
  }
  return stages;
}

/** Every variable name the server's configuration module reads. */
function variablesReadByServer(): string[] {
  const config = read('server/src/config.ts');
  const names = new Set<string>();
  for (const match of config.matchAll(/env\.([A-Z][A-Z0-9_]+)/g)) names.add(match[1]!);
  for (const match of config.matchAll(/positiveInt\(env, '([A-Z][A-Z0-9_]+)'/g)) names.add(match[1]!);
  return [...names].sort();
}

/** The V8 flags every start of the server passes (server/node-flags.json). */
function serverNodeFlags(): string[] {
  return (JSON.parse(read('server/node-flags.json')) as { flags: string[] }).flags;
}

/** Names in the first column of the README's configuration table. */
function documentedVariables(): Set<string> {
  return new Set([...read('README.md').matchAll(/^\| `([A-Z][A-Z0-9_]+)`/gm)].map((m) => m[1]!));
}

describe('Dockerfile', () => {
  const stages = dockerStages(read('Dockerfile'));
  const runtime = stages.at(-1)!;
  const all = (stage: (typeof stages)[number], keyword: string) =>
    stage.instructions.filter((i) => i.keyword === keyword).map((i) => i.args);
  const env = Object.fromEntries(
    all(runtime, 'ENV').flatMap((args) =>
      [...args.matchAll(/([A-Z_][A-Z0-9_]*)=(\S+)/g)].map((m) => [m[1]!, m[2]!]),
    ),
  );

  it('builds in one stage with npm ci on Node 20 and runs from another', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) expect(stage.from).toMatch(/^node:20([.-]|$)/);
    const build = stages.find((s) => s.name === 'build')!;
    expect(all(build, 'RUN').some((cmd) => /\bnpm ci\b/.test(cmd))).toBe(true);
    expect(all(build, 'RUN').some((cmd) => /\bnpm run build\b/.test(cmd))).toBe(true);
    expect(all(runtime, 'COPY').every((args) => /--from=build\b/.test(args))).toBe(true);
    expect(all(runtime, 'CMD')).toEqual([
      JSON.stringify(['node', ...serverNodeFlags(), 'dist/server/src/main.js']).replace(/","/g, '", "'),
    ]);
  });

  it('runs as a non-root user and keeps the data folder on a volume', () => {
    const users = all(runtime, 'USER');
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
    expect(env.QUIRE_DATA_DIR).toBe('/data');
    expect(all(runtime, 'VOLUME').join(' ')).toContain(`"${env.QUIRE_DATA_DIR}"`);
    expect(all(runtime, 'RUN').some((cmd) => cmd.includes(`chown node:node ${env.QUIRE_DATA_DIR}`))).toBe(
      true,
    );
  });

  it('checks health on /healthz at the port the server listens on', () => {
    const [check] = all(runtime, 'HEALTHCHECK');
    expect(check).toMatch(/--interval=\d+s/);
    expect(check).toContain('/healthz');
    expect(check).toContain('process.env.PORT');
    expect(all(runtime, 'EXPOSE')).toEqual([env.PORT]);
  });

  it("runs Node with the server's V8 flags, as npm start, npm run dev and the tests' servers do", () => {
    const flags = serverNodeFlags();
    expect(flags.length).toBeGreaterThan(0);
    // On the command line (the CMD above): NODE_OPTIONS refuses some of them (--heap-growing-percent).
    expect(all(runtime, 'ENV').filter((args) => /NODE_OPTIONS=/.test(args))).toEqual([]);
    const scripts = JSON.parse(read('package.json')).scripts as Record<string, string>;
    expect(scripts.start).toContain(`node ${flags.join(' ')} scripts/start.mjs`);
    expect(scripts.dev).toContain(`node ${flags.join(' ')} dist/server/src/main.js`);
  });

  it('sets only variables the server reads', () => {
    const known = new Set([...variablesReadByServer(), 'NODE_ENV', 'NODE_OPTIONS']);
    expect(Object.keys(env).filter((name) => !known.has(name))).toEqual([]);
  });

  it('leaves dependencies and local data out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['node_modules', 'dist', 'data', '.git']) expect(ignored).toContain(entry);
  });
});

describe('docker-compose.yml', () => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed YAML document, checked key by key
  const compose: any = parse(read('docker-compose.yml'));
  const quire = compose.services.quire;

  it('runs Quire with MariaDB, Redis and an S3-compatible store', () => {
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining(['quire', 'mariadb', 'redis', 'minio']),
    );
    expect(quire.build).toBe('.');
    expect(quire.environment.DATABASE_URL).toMatch(/^mariadb:\/\/quire:.+@mariadb:3306\/quire$/);
    expect(quire.environment.REDIS_URL).toBe('redis://redis:6379');
    expect(quire.environment.STORAGE).toBe('s3');
    expect(new URL(quire.environment.S3_ENDPOINT).hostname).toBe('minio');
    expect(compose.services.mariadb.image).toMatch(/^mariadb:10\.11/);
    expect(compose.services.mariadb.command.join(' ')).toContain('utf8mb4');
  });

  it('starts Quire after its dependencies are healthy, and every service it names exists', () => {
    for (const [name, rule] of Object.entries<{ condition: string }>(quire.depends_on)) {
      expect(compose.services[name]).toBeDefined();
      expect(['service_healthy', 'service_completed_successfully']).toContain(rule.condition);
      if (rule.condition === 'service_healthy')
        expect(compose.services[name].healthcheck?.test).toBeDefined();
    }
    expect(quire.depends_on.mariadb.condition).toBe('service_healthy');
  });

  it("keeps every stateful folder on a declared named volume, Quire's at QUIRE_DATA_DIR", () => {
    const declared = Object.keys(compose.volumes);
    for (const service of Object.values<{ volumes?: string[] }>(compose.services)) {
      for (const mount of service.volumes ?? []) expect(declared).toContain(mount.split(':')[0]);
    }
    expect(quire.volumes).toContain(`quire-data:${quire.environment.QUIRE_DATA_DIR}`);
  });

  it('gives Quire only variables the server reads, and needs its secrets from outside', () => {
    const read = new Set(variablesReadByServer());
    expect(Object.keys(quire.environment).filter((name) => !read.has(name))).toEqual([]);
    const text = fs.readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
    for (const secret of ['MARIADB_PASSWORD', 'MINIO_ROOT_PASSWORD', 'MARIADB_ROOT_PASSWORD']) {
      expect(text).toContain(`\${${secret}:?`);
    }
  });
});

describe('README', () => {
  const readme = read('README.md');

  it('documents every variable the server reads', () => {
    const documented = documentedVariables();
    expect(variablesReadByServer().filter((name) => !documented.has(name))).toEqual([]);
  });

  it('documents every variable docker-compose.yml takes from outside', () => {
    const outside = new Set(
      [...read('docker-compose.yml').matchAll(/\$\{([A-Z][A-Z0-9_]+)/g)].map((m) => m[1]!),
    );
    expect([...outside].filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
  });

  it('has a production section with volumes, upgrades and backups', () => {
    const section = readme.slice(readme.indexOf('## Production'));
    expect(section.length).toBeGreaterThan(500);
    for (const topic of [
      '### Volumes',
      '### Upgrades',
      '### Backup and restore',
      '### Moving from ShowDoc',
      'npm run backup',
      'npm run restore',
      'npm run import:showdoc',
    ]) {
      expect(section).toContain(topic);
    }
  });
});
