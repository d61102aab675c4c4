// First, before any module loads MikroORM: its async contexts are scoped (see there).
import '../../db/src/orm-async-context';
import { configFromEnv } from './config';
import { createServer } from './server';

async function main(): Promise<void> {
  const server = await createServer(configFromEnv());
  server.app.log.info(`Quire is listening on ${server.url} (database: ${server.db.dialect})`);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    server.app.log.info(`${signal}: finishing requests and closing`);
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        server.app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
