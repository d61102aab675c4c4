// API tools (#21): an API page written from the editor's API template gets a Mock.js mock whose URL
// answers generated JSON to a plain HTTP client, and its "Try it" console sends the documented request
// to a real echo server (started here, CORS open) and shows status, timing and the formatted body.
// Mock and HTTP test are Chinese-only entries in the editor (spec), so the author works in zh-CN.
/* global document -- used only inside page callbacks */
import http from 'node:http';
import { apiSession } from '../api-session.steps.mjs';

function startEcho() {
  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on('data', (c) => chunks.push(c));
    request.on('end', () => {
      response.setHeader('access-control-allow-origin', '*');
      response.setHeader('access-control-allow-headers', '*');
      response.setHeader('access-control-allow-methods', '*');
      if (request.method === 'OPTIONS') return void response.writeHead(204).end();
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          echoed: true,
          method: request.method,
          path: request.url,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${server.address().port}` }),
    ),
  );
}

export default async function apiTools(t) {
  const { base, expect, scenario } = t;
  const stamp = Date.now().toString(36);
  const { gql, register, signedIn } = apiSession(t);
  const echo = await startEcho();

  try {
    const alice = await register(`e2e_api_${stamp}`);
    const { createItem: item } = await gql(
      'mutation($input: CreateItemInput!) { createItem(input: $input) { id } }',
      { input: { name: `E2E API ${stamp}` } },
      alice.token,
    );
    const { savePage: doc } = await gql(
      'mutation($input: SavePageInput!) { savePage(input: $input) { id } }',
      { input: { itemId: item.id, title: 'Register API', content: '注册接口\n' } },
      alice.token,
    );
    const { page } = await signedIn(alice, 'alice-zh', { locale: 'zh-CN' });
    const pagePath = `/${item.id}/${doc.id}`;
    const found = { mockUrl: '' };

    await scenario(page, 'the author writes the page from the API template', async () => {
      await page.goto(`${base}${pagePath}`);
      await page.getByRole('heading', { name: 'Register API' }).first().waitFor();
      await page.getByRole('button', { name: '编辑页面' }).first().click();
      const dialog = page.getByRole('dialog', { name: '编辑页面' });
      await dialog.waitFor();
      await page.waitForFunction(() => !!document.querySelector('textarea')?.value);
      await dialog.getByRole('button', { name: '插入', exact: true }).click();
      await page.getByRole('menuitem', { name: 'API 接口模板' }).click();
      await page.getByLabel('页面内容（Markdown）').click();
      await page.keyboard.press('Control+s');
      const deadline = Date.now() + 10_000;
      let content = '';
      while (Date.now() < deadline && !content.includes('##### 请求URL')) {
        await new Promise((resolve) => setTimeout(resolve, 300));
        content = (await gql('query($id: Int!) { page(id: $id) { content } }', { id: doc.id }, alice.token))
          .page.content;
      }
      expect(content.includes('##### 请求方式'), `the API template was not saved: ${content.slice(0, 200)}`);
    });

    await scenario(page, 'a Mock.js template is saved and its URL answers generated JSON', async () => {
      const editor = page.getByRole('dialog', { name: '编辑页面' });
      await editor.getByRole('button', { name: '插入', exact: true }).click();
      await page.getByRole('menuitem', { name: 'Mock', exact: true }).click();
      const mock = page.getByTestId('mock-dialog');
      await mock.waitFor();
      await page
        .getByTestId('mock-template')
        .fill(JSON.stringify({ 'list|3': [{ 'id|+1': 1, name: '@cname', email: '@email' }] }));
      await page.getByTestId('mock-path').fill('/users');
      await page.getByTestId('mock-save').click();
      await page.getByTestId('mock-url').first().waitFor();
      found.mockUrl = (await page.getByTestId('mock-url').first().textContent()).trim();
      expect(found.mockUrl.includes(`s=mock-path/${item.id}`), `unexpected mock URL ${found.mockUrl}`);
      // As curl would call it, outside the browser.
      const answer = await fetch(found.mockUrl.replace(/^https?:\/\/[^/]+/, base));
      expect(answer.status === 200, `mock answered ${answer.status}`);
      const json = await answer.json();
      expect(Array.isArray(json.list) && json.list.length === 3, `not generated: ${JSON.stringify(json)}`);
      expect(json.list[0].id === 1 && !String(json.list[0].name).startsWith('@'), JSON.stringify(json));
      await t.screenshot(page, '01-mock-saved');
      await page.getByRole('dialog', { name: 'Mock' }).getByRole('button', { name: '关闭' }).last().click();
      await editor.getByRole('button', { name: '关闭', exact: true }).last().click();
      await editor.waitFor({ state: 'hidden' });
    });

    await scenario(
      page,
      'Try it sends the documented request to an echo server and shows the answer',
      async () => {
        await page.goto(`${base}${pagePath}`);
        await page.getByTestId('api-try-it').click();
        const panel = page.getByTestId('api-console');
        await panel.waitFor();
        await page.getByTestId('api-console-url').fill(`${echo.url}/api/user/register`);
        await page.getByTestId('api-console-send').click();
        await page.getByTestId('api-console-status').waitFor();
        const status = await page.getByTestId('api-console-status').textContent();
        expect(status.startsWith('200'), `status ${status}`);
        const body = await page.getByTestId('api-console-response-body').textContent();
        expect(body.includes('"echoed": true') && body.includes('"method": "POST"'), `body ${body}`);
        expect(body.includes('/api/user/register'), `body ${body}`);
        await t.screenshot(page, '02-try-it');
      },
    );
  } finally {
    await new Promise((resolve) => echo.server.close(resolve));
  }
}
