/**
 * Starts the local chains and stays up until Ctrl-C:  npx tsx localnet/src/cli.ts
 * Configuration by environment variables (see src/index.ts). Endpoints go to DATA_DIR/localnet/endpoints.json.
 */
import { startLocalnet } from './index.js';

const net = await startLocalnet({ handleSignals: false }).catch((e: unknown) => {
  console.error(`[localnet] failed to start: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});

const lines = [
  '',
  `Localnet up in ${(net.startupMs / 1000).toFixed(1)} s (data: ${net.dataDir})`,
  '',
  ...net.summary().flatMap((c) => [...c.lines, '']),
];
if (net.endpointsFile) lines.push(`Endpoints written to ${net.endpointsFile}`);
lines.push('Press Ctrl-C to stop.');
console.log(lines.join('\n'));

// Keep the process alive (the mining timers are unref'd) until SIGINT/SIGTERM, then stop every node.
const keepAlive = setInterval(() => undefined, 1 << 30);
let stopping = false;
const shutdown = (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n[localnet] ${signal}: stopping...`);
  const t0 = Date.now();
  net.stop().then(
    () => {
      clearInterval(keepAlive);
      console.log(`[localnet] stopped (${Date.now() - t0} ms)`);
      process.exit(0);
    },
    (e: unknown) => {
      console.error(`[localnet] stop failed: ${String(e)}`);
      process.exit(1);
    },
  );
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
