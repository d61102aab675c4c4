// Issue #18: a webhook delivery is a row in the outbox, committed with the change it reports; a server
// killed with SIGKILL before sending it sends it once it runs again.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, SiteOption } from '../../db/src';
import { scratchMysqlUrl, testDatabases } from '../support/mysql';
import { startQuireProcess, type RunningProcess } from '../support/processes';
import { startReceiver, type Receiver } from '../support/receiver';

const CAPTCHA = 'WEBHOOK-RESTART-CAPTCHA';

async function form(node: RunningProcess, route: string, fields: Record<string, string | number>) {
  const body = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]));
  const response = await fetch(`${node.base}/server/index.php?s=/api/${route}`, { method: 'POST', body });
  return (await response.json()) as { error_code: number; data?: Record<string, unknown> };
}

describe.each(testDatabases())('webhook outbox across a kill -9 on $name', (target) => {
  let receiver: Receiver;
  let node: RunningProcess | null = null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-outbox-'));
  let env: Record<string, string>;

  beforeAll(async () => {
    receiver = await startReceiver();
    const url = target.url ? await scratchMysqlUrl(target.url, 'outbox_restart') : undefined;
    // The administrator lets webhooks reach this machine (the receiver listens on 127.0.0.1).
    const db = await openDatabase({ url, dataDir });
    const em = db.orm.em.fork();
    em.create(SiteOption, { name: 'webhook_allow_hosts', value: '127.0.0.1' });
    await em.flush();
    await db.close();
    env = {
      QUIRE_DATA_DIR: dataDir,
      QUIRE_ADMIN_USER: 'admin',
      QUIRE_ADMIN_PASSWORD: 'admin-password-outbox',
      QUIRE_TEST_CAPTCHA: CAPTCHA,
      QUIRE_WEB_DIST: path.join(dataDir, 'no-web'),
      ...(url ? { DATABASE_URL: url } : {}),
    };
  }, 60_000);
  afterAll(async () => {
    await node?.stop('SIGKILL');
    await receiver?.close();
  });

  it('delivers after a restart what a killed server had queued', async () => {
    // First life: the outbox is drained only after an hour, so the delivery waits in its table.
    node = await startQuireProcess({ ...env, QUIRE_WEBHOOK_INTERVAL_MS: '3600000' });
    const registered = await form(node, 'user/register', {
      username: 'hooker',
      password: 'secret-123',
      confirm_password: 'secret-123',
      captcha: CAPTCHA,
    });
    const token = String(registered.data?.user_token);
    const item = await form(node, 'item/add', { item_name: 'Outbox', item_type: 1, user_token: token });
    const itemId = Number(item.data?.item_id);
    const hook = await fetch(`${node.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        query: 'mutation($input: CreateWebhookInput!) { createWebhook(input: $input) { id } }',
        variables: { input: { itemId, url: `${receiver.url}/outbox` } },
      }),
    }).then((r) => r.json() as Promise<{ errors?: unknown[] }>);
    expect(hook.errors).toBeUndefined();
    const page = await form(node, 'page/save', {
      item_id: itemId,
      page_title: 'Queued',
      page_content: 'text',
      user_token: token,
    });
    expect(page.error_code).toBe(0);
    await node.stop('SIGKILL');
    expect(receiver.received).toHaveLength(0);

    // Second life: a drain every 200 ms.
    node = await startQuireProcess({ ...env, QUIRE_WEBHOOK_INTERVAL_MS: '200' });
    const delivered = await receiver.waitForPath('/outbox', 10_000);
    expect(delivered && JSON.parse(delivered.body)).toMatchObject({
      event: 'page.create',
      item: { id: itemId },
      object: { type: 'page', name: 'Queued' },
    });
    await new Promise((r) => setTimeout(r, 600));
    expect(receiver.received.filter((r) => r.path === '/outbox')).toHaveLength(1);
  }, 90_000);
});
