/**
 * How large a request may be (issue #15: 8 MiB bodies and 100 MiB WebSocket messages let one anonymous
 * request keep the server busy). Every route gets `standard`; a route that takes file uploads opts in
 * to `upload` with Fastify's per-route option: `app.post(path, { bodyLimit: limits.upload }, handler)`.
 */
export interface BodyLimits {
  /** Every request body and graphql-ws message, in bytes. */
  standard: number;
  /** Bodies of the routes that take file uploads, in bytes. */
  upload: number;
}

export const DEFAULT_BODY_LIMITS: BodyLimits = { standard: 512 * 1024, upload: 8 * 1024 * 1024 };
