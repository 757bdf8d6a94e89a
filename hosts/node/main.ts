/** `npm run serve`: serve the existing build; `npm start` builds first when needed. */
import { parseEnv } from '../../src/api/env.ts';
import { startServer } from './start-server.ts';

export async function main(): Promise<void> {
  const env = parseEnv();
  const server = await startServer(env);
  console.log(`\nVerified Providers is running at ${server.url}\n`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`\n${signal}: closing...`);
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
