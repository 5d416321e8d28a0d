/**
 * Entry point: `npx tsx apps/server/src/main.ts`. Loads and validates the configuration (exit 1 with the list of bad
 * variables), opens + migrates the database, seeds the local profile, listens, and shuts down on SIGINT/SIGTERM.
 */
import { buildApp } from './app.js';
import { checkChainEnv } from './chains/registry.js';
import { describeConfig, loadConfig } from './config.js';

async function main(): Promise<void> {
  const loaded = loadConfig(process.env);
  const errors = [...(loaded.ok ? [] : loaded.errors), ...checkChainEnv(process.env)];
  if (!loaded.ok || errors.length) {
    console.error(
      'Invalid configuration; fix these environment variables:\n' + errors.map((e) => `  - ${e}`).join('\n'),
    );
    process.exit(1);
  }
  const { config } = loaded;

  let app;
  try {
    app = await buildApp(config);
  } catch (e) {
    console.error(`Could not start: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    const force = setTimeout(() => {
      console.error('Shutdown timed out; exiting.');
      process.exit(1);
    }, 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (e: unknown) => {
        console.error('Error during shutdown:', e);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (e) {
    console.error(
      `Could not listen on ${config.host}:${config.port}: ${e instanceof Error ? e.message : String(e)}`,
    );
    await app.close().catch(() => {});
    process.exit(1);
  }
  const addr = app.server.address();
  const port = addr && typeof addr === 'object' ? addr.port : config.port;
  const shownHost = config.host.includes(':') ? `[${config.host}]` : config.host;
  app.log.info(describeConfig(config));
  console.log(`Wallet running at http://${shownHost}:${port}/`);
}

void main();
