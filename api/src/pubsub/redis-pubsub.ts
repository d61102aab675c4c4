import type { Redis } from 'ioredis';
import type { PubSubEvent, PubSubEventTarget } from '@graphql-yoga/subscription';

/** Where the Redis event bus reports trouble: Redis going away and coming back. */
export interface PubSubLog {
  warn(message: string): void;
  info(message: string): void;
}

type Args = { [topic: string]: [id: number | string, payload: unknown] };

/** Dates survive the trip through Redis as tagged strings (JSON would leave ISO strings behind). */
function serialize(payload: unknown): string {
  return JSON.stringify(payload, function (this: Record<string, unknown>, key, value: unknown) {
    const raw = key === '' ? payload : this[key];
    return raw instanceof Date ? { $date: raw.toISOString() } : value;
  });
}

function deserialize(text: string): unknown {
  return JSON.parse(text, (_key, value: unknown) =>
    value && typeof value === 'object' && '$date' in value && typeof value.$date === 'string'
      ? new Date(value.$date)
      : value,
  );
}

/**
 * An event target for yoga's `createPubSub` that carries every event through Redis channels, so a
 * subscriber on any node hears what any node published (its own events included, by the same road).
 * Redis going away never fails a request: publishing then drops the event with a warning (live updates
 * pause; clients still poll), and ioredis reconnects and resubscribes by itself when Redis is back.
 */
export function createRedisEventTarget(options: {
  publisher: Redis;
  subscriber: Redis;
  prefix: string;
  log: PubSubLog;
}): PubSubEventTarget<Args> {
  const { publisher, subscriber, log } = options;
  const channelPrefix = `${options.prefix}:events:`;
  const listeners = new Map<string, Set<(event: CustomEvent) => void>>();
  let down = false;
  const trouble = (what: string) => (err: unknown) => {
    if (!down) log.warn(`Redis pub/sub ${what} failed, live updates paused: ${String(err)}`);
    down = true;
  };
  for (const client of [publisher, subscriber]) {
    client.on('error', trouble('connection'));
    client.on('ready', () => {
      if (down) log.info('Redis pub/sub is back: live updates resume');
      down = false;
    });
  }
  // A subscribe refused while Redis was away is not remembered by ioredis: ask again for every topic.
  subscriber.on('ready', () => {
    const channels = [...listeners.keys()].map((type) => channelPrefix + type);
    if (channels.length) subscriber.subscribe(...channels).catch(trouble('subscribe'));
  });
  subscriber.on('message', (channel: string, message: string) => {
    const callbacks = listeners.get(channel.slice(channelPrefix.length));
    if (!callbacks || !channel.startsWith(channelPrefix)) return;
    let detail: unknown;
    try {
      detail = deserialize(message);
    } catch {
      return; // Not ours: something else published on our prefix.
    }
    const event = new CustomEvent(channel.slice(channelPrefix.length), { detail });
    for (const callback of callbacks) callback(event);
  });

  const callbackOf = (listener: unknown): ((event: CustomEvent) => void) | null => {
    if (typeof listener === 'function') return listener as (event: CustomEvent) => void;
    if (listener && typeof listener === 'object' && 'handleEvent' in listener) {
      const target = listener as { handleEvent(event: CustomEvent): void };
      return (event) => target.handleEvent(event);
    }
    return null;
  };
  const originals = new WeakMap<object, (event: CustomEvent) => void>();

  return {
    addEventListener(type: string, listener: unknown) {
      const callback = callbackOf(listener);
      if (!callback || !listener) return;
      originals.set(listener as object, callback);
      let set = listeners.get(type);
      if (!set) {
        set = new Set();
        listeners.set(type, set);
        subscriber.subscribe(channelPrefix + type).catch(trouble('subscribe'));
      }
      set.add(callback);
    },
    removeEventListener(type: string, listener: unknown) {
      const callback = listener ? originals.get(listener as object) : undefined;
      const set = listeners.get(type);
      if (!callback || !set) return;
      set.delete(callback);
      if (set.size) return;
      listeners.delete(type);
      subscriber.unsubscribe(channelPrefix + type).catch(trouble('unsubscribe'));
    },
    dispatchEvent(event: PubSubEvent<Args, string>) {
      publisher.publish(channelPrefix + event.type, serialize(event.detail)).catch(trouble('publish'));
      return true;
    },
  } as PubSubEventTarget<Args>;
}
