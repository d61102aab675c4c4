// Issue #23: ShowDoc's web links (`/web/#/p/{key}`, `/web/#/{item}/{page}`) keep working after the move:
// `/web/` answers a page whose script turns the hash into Quire's path of the same shape.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer, type TestServer } from '../support/server';
import { call } from '../compat/wire-helpers';

/** Runs the served script against a stand-in `location`, returning where it sends the browser. */
function landing(script: string, hash: string): string {
  let target = '';
  new Function('location', script)({ hash, replace: (url: string) => (target = url) });
  return target;
}

describe('ShowDoc web entry point', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ name: 'sqlite' }, 'mig_entry');
  });
  afterAll(async () => server?.close());

  it('answers /web/ with a page that loads its redirect script from the same site', async () => {
    for (const url of ['/web/', '/web', '/web/index.html']) {
      const page = await call(server, url);
      expect(page.status).toBe(200);
      expect(page.contentType).toMatch(/^text\/html/);
      expect(page.text).toContain('<script src="/web/showdoc-entry.js"></script>');
    }
  });

  it('sends ShowDoc hash routes to the Quire path of the same shape, and nowhere else', async () => {
    const script = await call(server, '/web/showdoc-entry.js');
    expect(script.status).toBe(200);
    expect(script.contentType).toMatch(/javascript/);
    expect(landing(script.text, '#/p/c11b32d7cc3719b5757bf60a8a459fe8')).toBe(
      '/p/c11b32d7cc3719b5757bf60a8a459fe8',
    );
    expect(landing(script.text, '#/649078094/178274990')).toBe('/649078094/178274990');
    expect(landing(script.text, '#/alicedevguide')).toBe('/alicedevguide');
    expect(landing(script.text, '')).toBe('/');
    expect(landing(script.text, '#//evil.example/x')).toBe('/evil.example/x');
    expect(landing(script.text, '#/x"><script>')).toBe('/');
    expect(landing(script.text, '#/https://evil.example')).toBe('/');
  });
});
