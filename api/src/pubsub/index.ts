// The event bus's public module: the composition root creates one per process and hands it to the
// services (which publish) and to the GraphQL schema (whose subscriptions read).
export { createInProcessPubSub, createRedisPubSub, discardingPubSub, type PubSub } from './pubsub';
export type { PubSubLog } from './redis-pubsub';
