// Starts test/support/oidc-provider.mjs (a real OAuth2/OIDC server) on a free port and drives its login
// pages the way a browser would, for tests without one.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export interface TestProvider {
  base: string;
  port: number;
  close(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startProvider(redirectUri: string, prefix = ''): Promise<TestProvider> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [path.join(__dirname, 'oidc-provider.mjs'), String(port), redirectUri, prefix],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`provider did not start: ${output}`)), 15_000);
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('READY')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('exit', () => reject(new Error(`provider exited: ${output}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A browser's cookie jar, reduced to what these flows need (one loopback host, any port). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0/i.test(line) || value === '')
        this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  set(name: string, value: string): void {
    this.cookies.set(name, value);
  }
}

/**
 * Follows a sign-in from `start` like a browser: redirects, and on the provider's pages fills the login
 * form (`login`, `password`) and confirms consent, until a redirect leaves for `stopAt`. Returns that URL.
 */
export async function browse(start: string, jar: CookieJar, login: string, stopAt: string): Promise<URL> {
  let url = start;
  let init: RequestInit = {};
  for (let step = 0; step < 20; step++) {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
    });
    jar.take(response);
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(stopAt)) return next;
      url = next.href;
      init = {};
      continue;
    }
    const html = await response.text();
    const form = /<form[^>]*action="([^"]+)"[^>]*method="post"/i.exec(html);
    if (!form)
      throw new Error(`no form and no redirect at ${url} (${response.status}): ${html.slice(0, 300)}`);
    const fields = new URLSearchParams();
    for (const input of html.matchAll(/<input[^>]*name="([^"]+)"[^>]*>/gi)) {
      const value = /value="([^"]*)"/i.exec(input[0])?.[1] ?? '';
      const name = input[1]!;
      fields.set(name, name === 'login' ? login : name === 'password' ? 'any-password' : value);
    }
    url = new URL(form[1]!.replace(/&amp;/g, '&'), url).href;
    init = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: fields.toString(),
    };
  }
  throw new Error('too many steps');
}
