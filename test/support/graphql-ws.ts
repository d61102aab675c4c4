// A graphql-ws subscriber for tests: connects to a running server, collects what it pushes.
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

export interface LiveSubscriber<T> {
  /** The `data` of every event received so far, in order. */
  events(): T[];
  /** Errors the subscription ended with. */
  errors(): unknown[];
  /** Waits until `count` events arrived, or `ms` passed; answers the events. */
  waitFor(count: number, ms?: number): Promise<T[]>;
  /** Resolves once the server acknowledged the connection (the subscription is being set up). */
  connected: Promise<void>;
  dispose(): Promise<void>;
}

/** Subscribes to `query` on `baseUrl` (http://host:port) with a session token. */
export function liveSubscriber<T>(
  baseUrl: string,
  token: string,
  query: string,
  variables: Record<string, unknown> = {},
): LiveSubscriber<T> {
  let onConnected: () => void = () => undefined;
  const connected = new Promise<void>((resolve) => (onConnected = resolve));
  const client: Client = createClient({
    url: `${baseUrl.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { token },
    retryAttempts: 0,
    on: { connected: () => onConnected() },
  });
  const events: T[] = [];
  const errors: unknown[] = [];
  client.subscribe(
    { query, variables },
    {
      next: (value) => {
        if (value.data) events.push(value.data as T);
        if (value.errors) errors.push(...value.errors);
      },
      error: (err) => void errors.push(err),
      complete: () => undefined,
    },
  );
  return {
    events: () => events,
    errors: () => errors,
    connected,
    async waitFor(count, ms = 8000) {
      const until = Date.now() + ms;
      while (events.length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      return events;
    },
    dispose: async () => {
      await client.dispose();
    },
  };
}
