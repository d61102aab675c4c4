// Runs the built server (dist/server/src/main.js) as a child process for the browser tests and the benchmark.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

/** The V8 flags the server runs with wherever it starts (server/node-flags.json). */
export const SERVER_NODE_FLAGS = JSON.parse(
  fs.readFileSync(new URL('../../server/node-flags.json', import.meta.url), 'utf8'),
).flags;

/** A port nothing listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts `entry` on a free port with `env` added to ours and waits until /healthz answers. The returned
 * handle keeps the last 20 kB of the server's output for error messages. `nodeArgs` go before the entry
 * (the benchmark's `--cpu-prof`, which NODE_OPTIONS refuses), after the V8 flags the server runs with
 * wherever it starts (`server/node-flags.json`).
 */
export async function spawnServer({ entry, cwd, env, timeoutMs, nodeArgs = [] }) {
  const port = await freePort();
  let log = '';
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, entry], {
    cwd,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));

  const handle = {
    base: `http://127.0.0.1:${port}`,
    child,
    log: () => log,
    /** SIGTERM, then SIGKILL after 5 s. */
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const done = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await done;
      clearTimeout(timer);
    },
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const early = await Promise.race([
      exited,
      new Promise((resolve) => setTimeout(() => resolve(undefined), 200)),
    ]);
    if (early !== undefined) throw new Error(`the server exited with code ${early}\n${log}`);
    try {
      if ((await fetch(`${handle.base}/healthz`)).ok) return handle;
    } catch {
      // Not listening yet.
    }
  }
  await handle.stop();
  throw new Error(`the server did not answer /healthz within ${timeoutMs / 1000} s\n${log}`);
}
