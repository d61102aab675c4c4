import { createPubSub } from '@graphql-yoga/subscription';
import type { Redis } from 'ioredis';
import { createRedisEventTarget, type PubSubLog } from './redis-pubsub';
import type { TopicId, TopicName, TopicPayload } from './topics';

/**
 * Publish and subscribe by topic (topics.ts). Domain services publish through this interface; GraphQL
 * subscriptions read from it, and it satisfies type-graphql's `buildSchema({ pubSub })`. The in-process
 * implementation serves one node; the Redis one (an event target for the same createPubSub) serves
 * several.
 */
export interface PubSub {
  publish<K extends TopicName>(topic: K, id: TopicId<K>, payload: TopicPayload<K>): void;
  subscribe<K extends TopicName>(topic: K, id: TopicId<K>): AsyncIterableIterator<TopicPayload<K>>;
}

/** Events stay in this process: enough while one node serves every WebSocket. */
export function createInProcessPubSub(): PubSub {
  // Routed as `topic:id`; the payload types are enforced by the PubSub interface (topics.ts), which
  // yoga's conditional types cannot follow through a generic topic.
  const inner = createPubSub<{ [topic: string]: [id: number | string, payload: unknown] }>();
  return {
    publish: (topic, id, payload) => inner.publish(topic, id, payload),
    subscribe: <K extends TopicName>(topic: K, id: TopicId<K>) =>
      inner.subscribe(topic, id) as unknown as AsyncIterableIterator<TopicPayload<K>>,
  };
}

/** For code paths that publish without anyone listening (scripts, tests that do not watch events). */
export const discardingPubSub: PubSub = {
  publish: () => undefined,
  subscribe: () => {
    throw new Error('discardingPubSub has no subscribers: pass a real PubSub in DomainOptions');
  },
};

/**
 * Events travel through Redis: every node's subscribers hear every node's events. `publisher` may be a
 * shared connection; `subscriber` must be dedicated (a subscribed Redis connection does nothing else).
 */
export function createRedisPubSub(options: {
  publisher: Redis;
  subscriber: Redis;
  prefix: string;
  log: PubSubLog;
}): PubSub {
  const inner = createPubSub<{ [topic: string]: [id: number | string, payload: unknown] }>({
    eventTarget: createRedisEventTarget(options),
  });
  return {
    publish: (topic, id, payload) => inner.publish(topic, id, payload),
    subscribe: <K extends TopicName>(topic: K, id: TopicId<K>) =>
      inner.subscribe(topic, id) as unknown as AsyncIterableIterator<TopicPayload<K>>,
  };
}
