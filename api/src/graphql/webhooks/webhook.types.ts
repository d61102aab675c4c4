import { Field, InputType, Int, ObjectType } from 'type-graphql';
import type { Webhook as WebhookModel, WebhookDelivery as DeliveryModel } from '../../../../db/src';

@ObjectType({ description: "An item's outbound hook (item managers)" })
export class ItemWebhook {
  @Field(() => Int, { description: 'Webhook id' })
  id!: number;

  @Field({ description: 'URL that receives the POST requests' })
  url!: string;

  @Field({ description: 'HMAC-SHA256 key of the X-Quire-Signature header (sha256=<hex of the body>)' })
  secret!: string;

  @Field(() => [String], { description: 'page, catalog, member' })
  events!: string[];

  @Field({ description: 'json, wecom, dingtalk or feishu' })
  preset!: string;

  @Field({ description: 'Deliveries are sent' })
  enabled!: boolean;

  @Field({ description: 'When the webhook was created (ISO 8601)' })
  createdAt!: Date;

  static from(hook: WebhookModel): ItemWebhook {
    return Object.assign(new ItemWebhook(), {
      id: hook.id,
      url: hook.url,
      secret: hook.secret,
      events: hook.events.split(',').filter(Boolean),
      preset: hook.preset,
      enabled: hook.enabled,
      createdAt: hook.createdAt,
    });
  }
}

@ObjectType({ description: 'One outbound POST of a hook and how it went' })
export class WebhookDelivery {
  @Field(() => Int, { description: 'Delivery id' })
  id!: number;

  @Field({ description: 'X-Quire-Delivery' })
  deliveryId!: string;

  @Field({ description: 'Event that caused the delivery' })
  event!: string;

  @Field({ description: 'pending, delivered or failed (given up after 24 h of retries)' })
  state!: string;

  @Field(() => Int, { description: 'Number of attempts so far' })
  attempts!: number;

  @Field(() => Int, { nullable: true, description: 'HTTP status of the last attempt; null if no response' })
  responseCode!: number | null;

  @Field({ description: 'Error of the last attempt; empty if none' })
  lastError!: string;

  @Field(() => Int, {
    nullable: true,
    description: 'Duration of the last attempt in milliseconds; null if none',
  })
  durationMs!: number | null;

  @Field({ description: 'When the delivery was queued (ISO 8601)' })
  createdAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When it succeeded (ISO 8601), null if not yet' })
  deliveredAt!: Date | null;

  @Field({ description: 'When the next attempt is due (pending deliveries)' })
  nextAttemptAt!: Date;

  static from(d: DeliveryModel): WebhookDelivery {
    return Object.assign(new WebhookDelivery(), {
      id: d.id,
      deliveryId: d.deliveryId,
      event: d.event,
      state: d.state,
      attempts: d.attempts,
      responseCode: d.responseCode,
      lastError: d.lastError,
      durationMs: d.durationMs,
      createdAt: d.createdAt,
      deliveredAt: d.deliveredAt,
      nextAttemptAt: d.nextAttemptAt,
    });
  }
}

@InputType({ description: 'A webhook to add to an item' })
export class CreateWebhookInput {
  @Field(() => Int, { description: 'The item' })
  itemId!: number;

  @Field({ description: 'URL that receives the POST requests; checked against private addresses' })
  url!: string;

  @Field(() => [String], { nullable: true, description: 'Absent: page, catalog and member' })
  events?: string[] | null;

  @Field(() => String, { nullable: true, description: 'Absent: json' })
  preset?: string | null;
}
