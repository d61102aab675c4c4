import type { EntityManager } from '@mikro-orm/core';
import {
  Webhook,
  WebhookDelivery,
  WEBHOOK_EVENT_GROUPS,
  WEBHOOK_PRESETS,
  type WebhookEventGroup,
} from '../../../../db/src';
import { DomainError } from '../errors';
import type { PolicyService } from '../policy/policy.service';
import type { SettingsService } from '../settings/settings.service';
import type { Viewer } from '../viewer';
import { enqueuePing } from './outbox';
import { AllowList } from '../net/outbound';
import { checkWebhookUrl } from './webhook-url';
import { newWebhookSecret } from './webhook-payload';

export const WEBHOOKS_PER_ITEM_MAX = 20;
export const DELIVERY_LOG_SIZE = 50;

export interface NewWebhook {
  url: string;
  events?: string[];
  preset?: string;
}

/** An item's outbound hooks (item managers): add, remove, read the delivery log, send a test. */
export class WebhookService {
  constructor(
    private readonly em: EntityManager,
    private readonly policy: PolicyService,
    private readonly settings: SettingsService,
  ) {}

  async list(viewer: Viewer, itemId: number): Promise<Webhook[]> {
    const { item } = await this.policy.requireManage(viewer, itemId);
    return this.em.find(Webhook, { item }, { orderBy: { id: 'asc' } });
  }

  /** Checks the URL now (its resolved addresses too), so a refused address is told at once. */
  async create(viewer: Viewer, itemId: number, input: NewWebhook): Promise<Webhook> {
    const { item } = await this.policy.requireManage(viewer, itemId);
    const url = input.url.trim();
    if (url.length > 500)
      throw new DomainError('WebhookUrlRefused', { en: 'The URL is too long', zh: 'URL 过长' });
    await checkWebhookUrl(url, await this.allowList());
    const events = [...new Set(input.events ?? WEBHOOK_EVENT_GROUPS)];
    if (!events.length || events.some((e) => !WEBHOOK_EVENT_GROUPS.includes(e as WebhookEventGroup))) {
      throw new DomainError('BadInput', {
        en: `Events are among ${WEBHOOK_EVENT_GROUPS.join(', ')}`,
        zh: `事件只能是 ${WEBHOOK_EVENT_GROUPS.join('、')}`,
      });
    }
    const preset = input.preset ?? 'json';
    if (!(WEBHOOK_PRESETS as readonly string[]).includes(preset)) {
      throw new DomainError('BadInput', {
        en: `The format is one of ${WEBHOOK_PRESETS.join(', ')}`,
        zh: `格式只能是 ${WEBHOOK_PRESETS.join('、')}`,
      });
    }
    if ((await this.em.count(Webhook, { item })) >= WEBHOOKS_PER_ITEM_MAX)
      throw new DomainError('WebhookLimit');
    const hook = this.em.create(Webhook, {
      item,
      url,
      secret: newWebhookSecret(),
      events: events.join(','),
      preset,
      createdBy: viewer.requireUser(),
    });
    await this.em.persist(hook).flush();
    return hook;
  }

  async delete(viewer: Viewer, webhookId: number): Promise<void> {
    const hook = await this.managed(viewer, webhookId);
    await this.em.nativeDelete(WebhookDelivery, { webhook: hook });
    await this.em.remove(hook).flush();
  }

  /** The newest deliveries of a hook: state, response code, duration. */
  async deliveries(viewer: Viewer, webhookId: number): Promise<WebhookDelivery[]> {
    const hook = await this.managed(viewer, webhookId);
    return this.em.find(
      WebhookDelivery,
      { webhook: hook },
      { orderBy: { id: 'desc' }, limit: DELIVERY_LOG_SIZE },
    );
  }

  /** Queues a `ping` for the hook; the job runner sends it within seconds. */
  async sendTest(viewer: Viewer, webhookId: number): Promise<WebhookDelivery> {
    const hook = await this.managed(viewer, webhookId);
    return enqueuePing(this.em, hook, viewer.requireUser());
  }

  private async managed(viewer: Viewer, webhookId: number): Promise<Webhook> {
    const hook =
      webhookId > 0 ? await this.em.findOne(Webhook, { id: webhookId }, { populate: ['item'] }) : null;
    if (!hook) throw new DomainError('WebhookNotFound');
    await this.policy.requireManage(viewer, hook.item.id);
    return hook;
  }

  private async allowList(): Promise<AllowList> {
    return new AllowList(await this.settings.get('webhook_allow_hosts'));
  }
}
