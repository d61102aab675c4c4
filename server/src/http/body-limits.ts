/**
 * How large a request may be (issue #15: 8 MiB bodies and 100 MiB WebSocket messages let one anonymous
 * request keep the server busy). Every body and graphql-ws message gets `standard`. The upload routes
 * (`POST /api/files`, ShowDoc's `page/upload` and `page/uploadImg`) are multipart, which Fastify's
 * `bodyLimit` does not read: their file streams to storage, cut at the site's upload limit (4 MB unless an
 * administrator raises it), and the form fields beside it keep `standard` (counted as they are parsed).
 */
export interface BodyLimits {
  /** Every request body, graphql-ws message and the fields of an upload, in bytes. */
  standard: number;
}

export const DEFAULT_BODY_LIMITS: BodyLimits = { standard: 512 * 1024 };
