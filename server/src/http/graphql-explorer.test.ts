// The GraphQL explorer at /graphql (issue #22): a browser gets the bundled GraphiQL page while the setting
// is on, GraphQL clients never do, and while it is off neither the page nor its files are served.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestServer, type TestServer } from '../../../test/support/server';
import { explorerSetting } from './graphql-explorer';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const MARKER = '<title>explorer test page</title>';

/** A built web app with an explorer page and one explorer asset. */
function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-explorer-'));
  fs.mkdirSync(path.join(dir, 'explorer', 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>app</title>');
  fs.writeFileSync(path.join(dir, 'explorer', 'index.html'), `<!doctype html>${MARKER}`);
  fs.writeFileSync(path.join(dir, 'explorer', 'assets', 'explorer.js'), 'console.log(1)');
  return dir;
}

describe.each([
  ['on', true],
  ['off', false],
])('GraphQL explorer %s', (_label, enabled) => {
  let server: TestServer;
  let webDist: string;
  beforeAll(async () => {
    webDist = fakeWebDist();
    server = await startTestServer({ name: 'sqlite' }, `explorer_${_label}`, {
      webDist,
      graphqlExplorer: enabled,
    });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  test('a browser opening /graphql', async () => {
    const response = await fetch(`${server.url}/graphql`, { headers: { accept: BROWSER_ACCEPT } });
    const body = await response.text();
    if (enabled) {
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(body).toContain(MARKER);
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    } else {
      expect(body).not.toContain(MARKER);
      expect(body).not.toMatch(/cdn\.apollographql|embeddable-sandbox/);
    }
  });

  test("the explorer's files", async () => {
    const response = await fetch(`${server.url}/explorer/assets/explorer.js`);
    expect(response.status).toBe(enabled ? 200 : 404);
  });

  test('GraphQL clients get GraphQL, also with a browser Accept header', async () => {
    const viaGet = await fetch(`${server.url}/graphql?query=${encodeURIComponent('{ __typename }')}`, {
      headers: { accept: BROWSER_ACCEPT, 'apollo-require-preflight': 'true' },
    });
    expect(await viaGet.json()).toEqual({ data: { __typename: 'Query' } });
    const viaPost = await server.graphql('{ __typename }');
    expect(viaPost).toMatchObject({ data: { __typename: 'Query' } });
  });
});

describe('QUIRE_GRAPHQL_EXPLORER', () => {
  test('on by default in development, off by default in production, and settable', () => {
    expect(explorerSetting(undefined, undefined)).toBe(true);
    expect(explorerSetting('', 'development')).toBe(true);
    expect(explorerSetting(undefined, 'production')).toBe(false);
    expect(explorerSetting('on', 'production')).toBe(true);
    expect(explorerSetting('off', undefined)).toBe(false);
    expect(() => explorerSetting('maybe', undefined)).toThrow(/QUIRE_GRAPHQL_EXPLORER must be on or off/);
  });
});
