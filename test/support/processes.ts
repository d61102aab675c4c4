// Real processes for jest tests that need more than one node or a server they can kill: the built Quire
// server (dist/, as `npm test` builds it before jest) and a private redis-server. (spawn-server.mjs does
// the same for the ESM browser-test runner, which jest's CommonJS sandbox cannot import.)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
export const BUILT_SERVER = path.join(ROOT, 'dist/server/src/main.js');
/** The V8 flags the server runs with wherever it starts (server/node-flags.json). */
export const SERVER_NODE_FLAGS: string[] = JSON.parse(
  fs.readFileSync(path.join(ROOT, 'server/node-flags.json'), 'utf8'),
).flags;

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningProcess {
  child: ChildProcess;
  base: string;
  port: number;
  log(): string;
  /** SIGTERM (or the given signal) and wait for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

function track(child: ChildProcess, port: number): RunningProcess {
  let log = '';
  const keep = (chunk: Buffer) => void (log = (log + chunk.toString()).slice(-50_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return {
    child,
    port,
    base: `http://127.0.0.1:${port}`,
    log: () => log,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const done = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await done;
      clearTimeout(timer);
    },
  };
}

/** The built server on a free port (or `port`), once /healthz answers. */
export async function startQuireProcess(env: Record<string, string>, port?: number): Promise<RunningProcess> {
  if (!fs.existsSync(BUILT_SERVER)) {
    throw new Error(`${BUILT_SERVER} is missing: run "npm run build:server" first (npm test does)`);
  }
  const listen = port ?? (await freePort());
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, BUILT_SERVER], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(listen), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const handle = track(child, listen);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}\n${handle.log()}`);
    try {
      if ((await fetch(`${handle.base}/healthz`)).ok) return handle;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await handle.stop('SIGKILL');
  throw new Error(`the server did not start within 60 s\n${handle.log()}`);
}

/** Whether this machine has redis-server (Debian: `apt-get install redis-server`). */
export const hasRedisServer = (): boolean => spawnSync('redis-server', ['--version']).status === 0;

/** A private, memory-only redis-server on `port` (a free one by default), once it answers PING. */
export async function startRedisProcess(port?: number): Promise<RunningProcess> {
  const listen = port ?? (await freePort());
  const child = spawn(
    'redis-server',
    ['--port', String(listen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const handle = track(child, listen);
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (await redisAnswers(listen)) return handle;
    await new Promise((r) => setTimeout(r, 50));
  }
  await handle.stop('SIGKILL');
  throw new Error(`redis-server did not start\n${handle.log()}`);
}

/** Whether a Redis server answers PING on host:port. */
export function redisAnswers(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}
