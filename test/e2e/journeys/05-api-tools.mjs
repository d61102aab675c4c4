// API tools (#21): an API page written from the editor's API template gets a Mock.js mock whose URL
// answers generated JSON to a plain HTTP client, and its "Try it" console sends the documented request
// to a real echo server (started here, CORS open) and shows status, timing and the formatted body.
// The writing assistant asks a fake OpenAI-compatible service (started here, speaking the SSE chunk
// protocol) and its streamed answer is inserted into the page.
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

const AI_ANSWER = ['| 参数 | 说明 |\n', '|---|---|\n', '| username | 用户名 |\n'];

/** An OpenAI-compatible /v1/chat/completions that streams AI_ANSWER as SSE chunks, then [DONE]. */
function startFakeAi() {
  const prompts = [];
  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on('data', (c) => chunks.push(c));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        return void response.writeHead(404).end();
      }
      prompts.push(JSON.parse(Buffer.concat(chunks).toString()));
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const send = (delta, finish) =>
        response.write(
          `data: ${JSON.stringify({ id: 'e2e', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
        );
      for (const part of AI_ANSWER) send({ content: part }, null);
      send({}, 'stop');
      response.end('data: [DONE]\n\n');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, prompts, url: `http://127.0.0.1:${server.address().port}` }),
    ),
  );
}

export default async function apiTools(t) {
  const { base, expect, scenario } = t;
  const stamp = Date.now().toString(36);
  const { gql, register, signedIn } = apiSession(t);
  const echo = await startEcho();
  const ai = await startFakeAi();

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

    await scenario(
      page,
      'the writing assistant streams an answer, which is inserted into the page',
      async () => {
        const admin = await adminToken(t, gql);
        const before = await rest(base, admin, 'adminSetting/loadConfig', {});
        // Never saved (a fresh site): the defaults, as the admin journey puts them back.
        const { oss_setting: _oss, ...settings } = Array.isArray(before.data)
          ? { register_open: '1', home_page: '1' }
          : before.data;
        const saved = await rest(base, admin, 'adminSetting/saveConfig', {
          ...settings,
          open_ai_host: ai.url,
          open_ai_key: 'sk-e2e',
          ai_model_name: 'gpt-e2e',
        });
        expect(saved.error_code === 0, `saveConfig answered ${JSON.stringify(saved)}`);
        try {
          await page.goto(`${base}${pagePath}`);
          await page.getByRole('button', { name: '编辑页面' }).first().click();
          const editor = page.getByRole('dialog', { name: '编辑页面' });
          await editor.waitFor();
          await page.waitForFunction(() => !!document.querySelector('textarea')?.value);
          await editor.getByRole('button', { name: '工具', exact: true }).click();
          await page.getByRole('menuitem', { name: 'AI 助手' }).click();
          const assistant = page.getByRole('dialog', { name: 'AI 写作助手' });
          await assistant.getByLabel('想让 AI 写什么？').fill('用表格描述注册接口的参数');
          await assistant.getByRole('button', { name: '发送' }).click();
          await assistant.getByLabel('回答').getByText('用户名').waitFor();
          await t.screenshot(page, '03-assistant');
          await assistant.getByRole('button', { name: '插入到光标处' }).click();
          await assistant.waitFor({ state: 'hidden' });
          const text = await page.getByLabel('页面内容（Markdown）').inputValue();
          expect(text.includes('| username | 用户名 |'), `the answer was not inserted: ${text.slice(-200)}`);
          expect(ai.prompts.length === 1 && ai.prompts[0].model === 'gpt-e2e', JSON.stringify(ai.prompts));
          expect(
            JSON.stringify(ai.prompts[0].messages).includes('用表格描述注册接口的参数'),
            'the prompt did not reach the service',
          );
        } finally {
          const restored = await rest(base, admin, 'adminSetting/saveConfig', settings);
          expect(restored.error_code === 0, `restoring the settings answered ${JSON.stringify(restored)}`);
        }
      },
    );
  } finally {
    await new Promise((resolve) => echo.server.close(resolve));
    await new Promise((resolve) => ai.server.close(resolve));
  }
}

/** The administrator's token, signed in through GraphQL with the test captcha. */
async function adminToken(t, gql) {
  const { createCaptcha } = await gql('mutation { createCaptcha { id } }');
  const { login } = await gql('mutation($input: LoginInput!) { login(input: $input) { token } }', {
    input: {
      login: t.ADMIN.username,
      password: t.ADMIN.password,
      captcha: t.CAPTCHA,
      captchaId: createCaptcha.id,
    },
  });
  return login.token;
}

/** A ShowDoc REST call (form POST with user_token). */
async function rest(base, token, route, fields) {
  const response = await fetch(`${base}/server/index.php?s=/api/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ user_token: token, ...fields }).toString(),
  });
  return response.json();
}
