// A real HTTP server that answers every request with what it received (JSON), for the HTTP console and
// its relay. Paths under /nocors/ answer without CORS headers (a browser must go through the relay);
// /redirect answers 302, /big answers 2 MB.
import http from 'node:http';

export interface EchoServer {
  url: string;
  port: number;
  /** How many requests reached the server. */
  count(): number;
  close(): Promise<void>;
}

export async function startEchoServer(host = '127.0.0.1'): Promise<EchoServer> {
  let count = 0;
  const server = http.createServer((request, response) => {
    count++;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      if (!path.startsWith('/nocors/')) {
        response.setHeader('access-control-allow-origin', '*');
        response.setHeader('access-control-allow-headers', '*');
        response.setHeader('access-control-allow-methods', '*');
        response.setHeader('access-control-expose-headers', '*');
      }
      if (request.method === 'OPTIONS') return void response.writeHead(204).end();
      if (path.startsWith('/redirect')) {
        return void response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      }
      if (path.startsWith('/big')) {
        return void response
          .writeHead(200, { 'content-type': 'text/plain' })
          .end('x'.repeat(2 * 1024 * 1024));
      }
      response.writeHead(200, { 'content-type': 'application/json', 'x-echo': 'yes' });
      response.end(
        JSON.stringify({
          method: request.method,
          path,
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://${host}:${port}`,
    port,
    count: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
