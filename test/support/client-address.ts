import http from 'node:http';
import type { FormAnswer, GraphQLAnswer, TestServer } from './server';

/**
 * Requests to a test server from a chosen loopback address (127.0.0.0/8 all reach 127.0.0.1 on Linux), so
 * a test can play several clients by their real address, whatever the server's proxy settings.
 */
export function clientAt(server: TestServer, address: string) {
  const send = (pathAndQuery: string, headers: Record<string, string>, body: string) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const url = new URL(server.url + pathAndQuery);
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          method: 'POST',
          localAddress: address,
          // A fresh connection per request: a kept-alive one would outlive a test's address.
          agent: false,
          headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        },
      );
      request.on('error', reject);
      request.end(body);
    });

  return {
    /** ShowDoc's dialect: a form-encoded POST, answered with JSON. */
    async form(pathAndQuery: string, fields: Record<string, string | number> = {}): Promise<FormAnswer> {
      const body = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
      const { status, text } = await send(
        pathAndQuery,
        { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      );
      return { status, body: text ? JSON.parse(text) : null };
    },
    async graphql<T = Record<string, unknown>>(
      query: string,
      variables: Record<string, unknown> = {},
      token?: string,
    ): Promise<GraphQLAnswer<T> & { status: number }> {
      const { status, text } = await send(
        '/graphql',
        { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        JSON.stringify({ query, variables }),
      );
      return { status, ...(JSON.parse(text) as GraphQLAnswer<T>) };
    },
  };
}
