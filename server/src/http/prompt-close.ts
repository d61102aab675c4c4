import type { Server } from 'node:http';

/**
 * Lets `server.close()` finish as soon as the last response ends. Node's close (and Fastify's, with
 * `forceCloseConnections: 'idle'`) drops the keep-alive connections idle at that moment only: one whose
 * response was still being written (a file stream's end arrives a tick after its last byte, so a client
 * may already have it all) stays open until the keep-alive timeout, 72 s in Fastify, and the close waits
 * for it. Once closing, each response that finishes drops the connections that have become idle.
 * Returns the switch to call when the close begins.
 */
export function closePromptly(server: Server): () => void {
  let closing = false;
  const dropIdle = () => setImmediate(() => server.closeIdleConnections());
  server.on('request', (_request, response) => {
    response.once('finish', () => {
      if (closing) dropIdle();
    });
  });
  return () => {
    closing = true;
    dropIdle();
  };
}
