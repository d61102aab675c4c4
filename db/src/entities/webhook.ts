import { Entity, Index, ManyToOne, Property, Unique } from '@mikro-orm/core';
import { BaseEntity } from './base';
import { Item } from './item';
import { User } from './user';

/** What an item webhook can listen to: groups of change-log entries, and the "send test" ping. */
export const WEBHOOK_EVENT_GROUPS = ['page', 'catalog', 'member'] as const;
export type WebhookEventGroup = (typeof WEBHOOK_EVENT_GROUPS)[number];

/** How the body is shaped: Quire's JSON, or the text message of a chat bot. */
export const WEBHOOK_PRESETS = ['json', 'wecom', 'dingtalk', 'feishu'] as const;
export type WebhookPreset = (typeof WEBHOOK_PRESETS)[number];

/** An item manager's outbound hook: item changes are POSTed to `url`, signed with `secret`. */
@Entity({ tableName: 'item_webhook' })
export class Webhook extends BaseEntity<'events' | 'preset' | 'enabled' | 'createdBy'> {
  @ManyToOne(() => Item, { deleteRule: 'cascade' })
  item!: Item;

  @Property({ length: 500 })
  url!: string;

  /** HMAC-SHA256 key of the `X-Quire-Signature` header. */
  @Property({ length: 100 })
  secret!: string;

  /** Comma-separated WEBHOOK_EVENT_GROUPS. */
  @Property({ length: 100 })
  events: string = WEBHOOK_EVENT_GROUPS.join(',');

  @Property({ length: 16 })
  preset: string = 'json';

  @Property()
  enabled: boolean = true;

  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' })
  createdBy: User | null = null;
}

export const DeliveryState = { Pending: 'pending', Delivered: 'delivered', Failed: 'failed' } as const;

/**
 * The outbox: one outbound POST, written in the transaction of the change it reports (so it survives a
 * crash right after the commit), drained by the job runner with retries, and kept as the delivery log.
 */
@Entity({ tableName: 'webhook_delivery' })
@Index({ properties: ['state', 'nextAttemptAt'] })
export class WebhookDelivery extends BaseEntity<
  | 'webhook'
  | 'user'
  | 'state'
  | 'attempts'
  | 'nextAttemptAt'
  | 'claimedUntil'
  | 'responseCode'
  | 'lastError'
  | 'durationMs'
  | 'deliveredAt'
> {
  /** The item hook; null for a user's push URL. */
  @ManyToOne(() => Webhook, { nullable: true, deleteRule: 'cascade' })
  webhook: Webhook | null = null;

  /** The user whose push URL this goes to; null for an item hook. */
  @ManyToOne(() => User, { nullable: true, deleteRule: 'cascade' })
  user: User | null = null;

  @Property({ length: 500 })
  url!: string;

  @Property({ length: 32 })
  event!: string;

  /** Sent as `X-Quire-Delivery`: the receiver's key for dropping a repeated delivery. */
  @Property({ length: 36 })
  @Unique()
  deliveryId!: string;

  /** The event as JSON (Quire's shape); presets reshape it when sending. */
  @Property({ type: 'text' })
  payload!: string;

  @Property({ length: 16 })
  state: string = DeliveryState.Pending;

  @Property()
  attempts: number = 0;

  @Property({ type: 'datetime' })
  nextAttemptAt: Date = new Date();

  /** A sender working on it until then (several nodes drain the same outbox). */
  @Property({ type: 'datetime', nullable: true })
  claimedUntil: Date | null = null;

  @Property({ type: 'integer', nullable: true })
  responseCode: number | null = null;

  @Property({ length: 255 })
  lastError: string = '';

  @Property({ type: 'integer', nullable: true })
  durationMs: number | null = null;

  @Property({ type: 'datetime', nullable: true })
  deliveredAt: Date | null = null;
}
