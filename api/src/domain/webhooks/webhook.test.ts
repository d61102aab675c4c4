import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import crypto from 'node:crypto';
import { User, type Item } from '../../../../db/src';
import { buildItem, buildPage, buildSession, buildUser } from '../../../../test/support/factories';
import { testDatabases } from '../../../../test/support/mysql';
import { startReceiver, type Receiver } from '../../../../test/support/receiver';
import { startTestServer, type TestServer } from '../../../../test/support/server';
import { buildServices } from '../services';
import { Viewer } from '../viewer';
import { AllowList, isPublicAddress } from '../net/outbound';
import { checkWebhookUrl } from './webhook-url';

const CREATE = `mutation($input: CreateWebhookInput!) { createWebhook(input: $input) { id secret events preset } }`;
const DELIVERIES = `query($id: Int!) { webhookDeliveries(webhookId: $id) { deliveryId event state attempts responseCode durationMs } }`;
const SAVE = `mutation($input: SavePageInput!) { savePage(input: $input) { id } }`;

interface Delivery {
  deliveryId: string;
  event: string;
  state: string;
  attempts: number;
  responseCode: number | null;
}

describe('the SSRF guard', () => {
  it('refuses loopback, private, link-local and metadata addresses, by name too', async () => {
    const none = new AllowList('');
    for (const url of [
      'http://127.0.0.1/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://10.1.2.3/',
      'http://192.168.0.10/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[fd00:ec2::254]/',
      'http://0.0.0.0/',
      'http://localhost/',
      'ftp://example.com/',
      'http://user:pw@example.com/',
    ]) {
      await expect(checkWebhookUrl(url, none)).rejects.toMatchObject({ codeName: 'WebhookUrlRefused' });
    }
    expect(isPublicAddress('93.184.216.34')).toBe(true);
    expect(isPublicAddress('100.64.0.1')).toBe(false);
  });

  it("lets the administrator's list through: names, addresses and ranges", async () => {
    await expect(checkWebhookUrl('http://127.0.0.1:9/x', new AllowList('127.0.0.1'))).resolves.toBeInstanceOf(
      URL,
    );
    await expect(checkWebhookUrl('http://10.1.2.3/', new AllowList('10.0.0.0/8'))).resolves.toBeInstanceOf(
      URL,
    );
    await expect(checkWebhookUrl('http://localhost:9/', new AllowList('localhost'))).resolves.toBeInstanceOf(
      URL,
    );
    // An allowed address does not open the rest of its network.
    await expect(checkWebhookUrl('http://127.0.0.2/', new AllowList('127.0.0.1'))).rejects.toMatchObject({
      codeName: 'WebhookUrlRefused',
    });
  });
});

describe.each(testDatabases())('item webhooks on $name', (target) => {
  let server: TestServer;
  let receiver: Receiver;
  let owner: User;
  let ownerToken: string;
  let item: Item;

  beforeAll(async () => {
    receiver = await startReceiver();
    server = await startTestServer(target, 'webhooks', {
      jobs: { lockSweepMs: 5_000, purgeEveryMs: 3_600_000, webhookEveryMs: 100, webhookRetryBaseMs: 300 },
    });
    const em = server.db.orm.em.fork();
    owner = await buildUser(em);
    item = await buildItem(em, owner);
    ownerToken = await buildSession(em, owner);
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });
  beforeEach(async () => {
    await buildServices(server.db.orm.em.fork()).settings.set({ webhook_allow_hosts: '' });
    receiver.received.length = 0;
  });

  const allowReceiver = () =>
    buildServices(server.db.orm.em.fork()).settings.set({ webhook_allow_hosts: '127.0.0.1' });

  it('refuses internal addresses without the allow-list, and stores nothing', async () => {
    for (const url of [`${receiver.url}/hook`, 'http://169.254.169.254/latest/meta-data/']) {
      const answer = await server.graphql(CREATE, { input: { itemId: item.id, url } }, ownerToken);
      expect(answer.errors?.[0]?.extensions).toMatchObject({
        code: 'WEBHOOK_URL_REFUSED',
        showdocCode: 10101,
      });
    }
    const list = await server.graphql<{ itemWebhooks: unknown[] }>(
      'query($i: Int!) { itemWebhooks(itemId: $i) { id } }',
      { i: item.id },
      ownerToken,
    );
    expect(list.data?.itemWebhooks).toEqual([]);
  });

  it('signs each delivery, retries after a 500 and stops after the success', async () => {
    await allowReceiver();
    const created = await server.graphql<{ createWebhook: { id: number; secret: string; events: string[] } }>(
      CREATE,
      { input: { itemId: item.id, url: `${receiver.url}/hook`, events: ['page'] } },
      ownerToken,
    );
    expect(created.errors).toBeUndefined();
    const hook = created.data!.createWebhook;
    expect(hook.events).toEqual(['page']);
    const page = await buildPage(server.db.orm.em.fork(), item);

    receiver.answerWith(500);
    const saved = await server.graphql(
      SAVE,
      { input: { id: page.id, itemId: item.id, title: 'Hooked', content: 'v2' } },
      ownerToken,
    );
    expect(saved.errors).toBeUndefined();
    const [first, second] = await receiver.waitFor(2);
    expect(first.headers['x-quire-event']).toBe('page.update');
    expect(second.headers['x-quire-delivery']).toBe(first.headers['x-quire-delivery']);
    // The signature is the HMAC-SHA256 of the exact body with the hook's secret.
    const expected = `sha256=${crypto.createHmac('sha256', hook.secret).update(second.body).digest('hex')}`;
    expect(second.headers['x-quire-signature']).toBe(expected);
    const wrong = `sha256=${crypto.createHmac('sha256', 'not-the-secret').update(second.body).digest('hex')}`;
    expect(second.headers['x-quire-signature']).not.toBe(wrong);
    expect(JSON.parse(second.body)).toMatchObject({
      event: 'page.update',
      item: { id: item.id },
      object: { type: 'page', id: page.id, name: 'Hooked' },
      actor: { id: owner.id, username: owner.username },
    });
    // The back-off waited before the retry.
    expect(second.at - first.at).toBeGreaterThanOrEqual(250);

    await new Promise((r) => setTimeout(r, 1200));
    expect(receiver.received).toHaveLength(2);
    const log = await server.graphql<{ webhookDeliveries: Delivery[] }>(
      DELIVERIES,
      { id: hook.id },
      ownerToken,
    );
    expect(log.data?.webhookDeliveries[0]).toMatchObject({
      state: 'delivered',
      attempts: 2,
      responseCode: 200,
    });
  });

  it("shapes a WeCom body, sends a test ping, and pushes reminders to a user's push URL", async () => {
    await allowReceiver();
    const created = await server.graphql<{ createWebhook: { id: number } }>(
      CREATE,
      { input: { itemId: item.id, url: `${receiver.url}/wecom`, events: ['member'], preset: 'wecom' } },
      ownerToken,
    );
    const ping = await server.graphql<{ sendWebhookTest: { event: string } }>(
      'mutation($id: Int!) { sendWebhookTest(webhookId: $id) { event state } }',
      { id: created.data!.createWebhook.id },
      ownerToken,
    );
    expect(ping.data?.sendWebhookTest.event).toBe('ping');
    const wecom = (await receiver.waitForPath('/wecom'))!;
    expect(JSON.parse(wecom.body)).toEqual({ msgtype: 'text', text: { content: '[Quire] webhook test' } });

    const em = server.db.orm.em.fork();
    const reader = await buildUser(em);
    await em.nativeUpdate(User, { id: reader.id }, { pushUrl: `${receiver.url}/push` });
    const page = await buildPage(em, item);
    const s = buildServices(server.db.orm.em.fork());
    await s.subscriptions.add(new Viewer(await s.em.findOneOrFail(User, { id: owner.id })), page.id, [
      reader.id,
    ]);
    const notified = await server.graphql(
      SAVE,
      { input: { id: page.id, itemId: item.id, title: 'Pushed', content: 'v2', notifyText: 'Look' } },
      ownerToken,
    );
    expect(notified.errors).toBeUndefined();
    const push = await receiver.waitForPath('/push');
    expect(push && JSON.parse(push.body)).toMatchObject({
      event: 'message.remind',
      message: { text: 'Look', from: owner.username, pageId: page.id },
    });
  });
});
