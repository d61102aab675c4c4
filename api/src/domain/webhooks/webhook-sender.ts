import http from 'node:http';
import https from 'node:https';
import type { EntityManager } from '@mikro-orm/core';
import { DeliveryState, WebhookDelivery } from '../../../../db/src';
import { SettingsService } from '../settings/settings.service';
import { AllowList, guardedLookup } from '../net/outbound';
import { checkWebhookUrl } from './webhook-url';
import { formatBody, signBody, type WebhookEvent } from './webhook-payload';

/** A delivery is retried for a day, then given up (issue #18). */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
const MAX_BACKOFF_MS = 60 * 60 * 1000;
const TIMEOUT_MS = 5_000;
/** Bytes of a response read before the connection is dropped: only the status matters. */
const RESPONSE_CAP = 64 * 1024;
/** How long a node may work on a claimed delivery before another node may take it over. */
const CLAIM_MS = 60_000;

export interface SenderOptions {
  /** The first retry's delay; each further one doubles it (at most an hour). */
  retryBaseMs: number;
  /** Deliveries sent per run. */
  batch?: number;
}

interface Outcome {
  ok: boolean;
  code: number | null;
  error: string;
  durationMs: number;
}

/** POSTs one body; never follows redirects, stops after 5 s, reads at most RESPONSE_CAP bytes. */
function post(url: URL, body: string, headers: Record<string, string>, allow: AllowList): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const done = (code: number | null, error: string) =>
      resolve({
        ok: code !== null && code >= 200 && code < 300,
        code,
        error,
        durationMs: Date.now() - started,
      });
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      lookup: guardedLookup({ allow }) as unknown as typeof import('node:dns').lookup,
      timeout: TIMEOUT_MS,
    });
    request.on('timeout', () => request.destroy(new Error('timed out after 5 s')));
    request.on('error', (err) => done(null, err.message.slice(0, 255)));
    request.on('response', (response) => {
      let read = 0;
      const code = response.statusCode ?? 0;
      const redirect = code >= 300 && code < 400 ? 'redirects are not followed' : '';
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > RESPONSE_CAP) response.destroy();
      });
      response.on('close', () => done(code, redirect));
      response.on('error', () => undefined);
    });
    request.end(body);
  });
}

/**
 * Sends what the outbox holds that is due: claims each row first (several nodes may drain at once), POSTs
 * it signed, and records the outcome; a failure is retried with exponential back-off for 24 hours.
 * Returns how many deliveries were attempted.
 */
export async function drainOutbox(
  em: EntityManager,
  options: SenderOptions,
  now = new Date(),
): Promise<number> {
  const due = await em.find(
    WebhookDelivery,
    {
      state: DeliveryState.Pending,
      nextAttemptAt: { $lte: now },
      $or: [{ claimedUntil: null }, { claimedUntil: { $lt: now } }],
    },
    { orderBy: { id: 'asc' }, limit: options.batch ?? 20, populate: ['webhook'] },
  );
  if (!due.length) return 0;
  const allow = new AllowList(await new SettingsService(em).get('webhook_allow_hosts'));
  let attempted = 0;
  for (const delivery of due) {
    const claimed = await em.nativeUpdate(
      WebhookDelivery,
      {
        id: delivery.id,
        state: DeliveryState.Pending,
        $or: [{ claimedUntil: null }, { claimedUntil: { $lt: now } }],
      },
      { claimedUntil: new Date(now.getTime() + CLAIM_MS) },
    );
    if (!claimed) continue;
    attempted++;
    const outcome = await send(delivery, allow);
    const attempts = delivery.attempts + 1;
    const at = new Date();
    const expired = at.getTime() - delivery.createdAt.getTime() >= RETRY_WINDOW_MS;
    await em.nativeUpdate(
      WebhookDelivery,
      { id: delivery.id },
      {
        attempts,
        claimedUntil: null,
        responseCode: outcome.code,
        lastError: outcome.error,
        durationMs: outcome.durationMs,
        ...(outcome.ok
          ? { state: DeliveryState.Delivered, deliveredAt: at }
          : expired
            ? { state: DeliveryState.Failed }
            : { nextAttemptAt: retryAt(at, attempts, options.retryBaseMs) }),
      },
    );
  }
  return attempted;
}

/**
 * When to try again: exponential back-off, rounded up to a whole second (MySQL's DATETIME keeps seconds:
 * rounded down, a short back-off would already be due).
 */
function retryAt(at: Date, attempts: number, baseMs: number): Date {
  const due = at.getTime() + Math.min(baseMs * 2 ** (attempts - 1), MAX_BACKOFF_MS);
  return new Date(Math.ceil(due / 1000) * 1000);
}

async function send(delivery: WebhookDelivery, allow: AllowList): Promise<Outcome> {
  let url: URL;
  try {
    url = await checkWebhookUrl(delivery.url, allow);
  } catch (err) {
    return { ok: false, code: null, error: (err as Error).message.slice(0, 255), durationMs: 0 };
  }
  const event = JSON.parse(delivery.payload) as WebhookEvent;
  const body = formatBody(delivery.webhook?.preset ?? 'json', event);
  const headers: Record<string, string> = {
    'user-agent': 'Quire-Webhook/1',
    'x-quire-event': delivery.event,
    'x-quire-delivery': delivery.deliveryId,
  };
  if (delivery.webhook?.secret) headers['x-quire-signature'] = signBody(delivery.webhook.secret, body);
  return post(url, body, headers, allow);
}
