import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { createClient } from 'graphql-ws';

export interface SocketLink {
  link: GraphQLWsLink;
  /** Closes the connection; the next subscription opens a new one (with the token of that moment). */
  terminate(): void;
}

/**
 * The subscriptions' transport (graphql-ws), in its own chunk: apollo.ts loads it with the first
 * subscription, so screens without live updates never download it. `lazy` keeps the socket closed while
 * nothing listens.
 */
export function createSocketLink(url: string, getToken: () => string | null): SocketLink {
  const client = createClient({
    url,
    lazy: true,
    connectionParams: () => ({ token: getToken() ?? '' }),
  });
  return { link: new GraphQLWsLink(client), terminate: () => client.terminate() };
}
