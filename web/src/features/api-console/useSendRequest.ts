import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { HttpRelayEnabledDocument, RelayHttpRequestDocument } from '../../gql/graphql';

export interface ConsoleRequest {
  method: string;
  url: string;
  headers: Array<[string, string]>;
  body: string;
}

export interface ConsoleResponse {
  status: number;
  statusText: string;
  headers: Array<[string, string]>;
  body: string;
  contentType: string;
  durationMs: number;
  via: 'browser' | 'relay';
  truncated: boolean;
}

const NO_BODY = new Set(['GET', 'HEAD']);

/**
 * Sends a console request from the browser; when the browser cannot (CORS, mixed content, a network
 * failure it will not explain) and the administrator turned the relay on, through the server's relay.
 */
export function useSendRequest() {
  const relayQuery = useQuery(HttpRelayEnabledDocument, { fetchPolicy: 'cache-first' });
  const [relay] = useMutation(RelayHttpRequestDocument);
  const [sending, setSending] = useState(false);
  const relayEnabled = relayQuery.data?.httpRelayEnabled ?? false;

  async function viaBrowser(request: ConsoleRequest): Promise<ConsoleResponse> {
    const started = performance.now();
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: NO_BODY.has(request.method) ? undefined : request.body,
      credentials: 'omit',
      redirect: 'follow',
    });
    const body = await response.text();
    const headers = [...response.headers.entries()];
    return {
      status: response.status,
      statusText: response.statusText,
      headers,
      body,
      contentType: response.headers.get('content-type') ?? '',
      durationMs: Math.round(performance.now() - started),
      via: 'browser',
      truncated: false,
    };
  }

  async function viaRelay(request: ConsoleRequest): Promise<ConsoleResponse> {
    const answer = await relay({
      variables: {
        request: {
          method: request.method,
          url: request.url,
          headers: request.headers.map(([name, value]) => ({ name, value })),
          body: NO_BODY.has(request.method) ? '' : request.body,
        },
      },
    });
    const r = answer.data!.relayHttpRequest;
    const headers = r.headers.map((h) => [h.name, h.value] as [string, string]);
    return {
      status: r.status,
      statusText: r.statusText,
      headers,
      body: r.body,
      contentType: headers.find(([n]) => n.toLowerCase() === 'content-type')?.[1] ?? '',
      durationMs: r.durationMs,
      via: 'relay',
      truncated: r.truncated,
    };
  }

  async function send(request: ConsoleRequest, mode: 'auto' | 'relay'): Promise<ConsoleResponse> {
    setSending(true);
    try {
      if (mode === 'relay') return await viaRelay(request);
      try {
        return await viaBrowser(request);
      } catch (failure) {
        // fetch rejects with a TypeError when CORS or the network refuses: try the relay when it is on.
        if (relayEnabled && failure instanceof TypeError) return await viaRelay(request);
        throw failure;
      }
    } finally {
      setSending(false);
    }
  }

  return { send, sending, relayEnabled };
}
