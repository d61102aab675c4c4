// The event bus's public module: the composition root creates one per process and hands it to the
// services (which publish) and to the GraphQL schema (whose subscriptions read).
export { createInProcessPubSub, discardingPubSub, type PubSub } from './pubsub';
