/**
 * `npm start`: the local profile (default) starts the local chains (an EVM dev chain per EVM coin, the
 * side chain, a Litecoin regtest node and the simulators), then the product server that serves the
 * wallet; both stop together.
 * WALLET_PROFILE=mainnet starts only the server, with the public providers.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const profile = process.env.WALLET_PROFILE ?? 'local';

async function main() {
  let stopLocalnet: (() => Promise<void>) | null = null;
  const env = { ...process.env, WALLET_PROFILE: profile };

  if (profile === 'local') {
    console.log('Starting the local network (EVM dev chains, Litecoin regtest and the simulators)…');
    const { startLocalnet } = await import('@secux-companion/localnet');
    // litecoind is required (start.sh installs it); LOCALNET_LTC=0 leaves the Litecoin node out.
    const net = await startLocalnet({ ltc: { required: true } });
    stopLocalnet = () => net.stop();
    // Each chain's heading lines (one per chain it runs: every EVM coin, every bitcoin-family coin); the indented
    // lines under them (accounts, contracts) are in the local network's own banner (localnet/src/cli.ts).
    for (const { lines } of net.summary())
      for (const line of lines) if (!line.startsWith(' ')) console.log(`  ${line}`);
  }

  const server = spawn(process.execPath, ['--import', 'tsx', resolve(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env,
    stdio: 'inherit',
  });

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    if (server.exitCode === null) server.kill('SIGTERM');
    await stopLocalnet?.().catch((e: unknown) => console.error('local network did not stop cleanly:', e));
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  server.on('exit', (code) => void stop(code ?? 0));
}

main().catch((e: unknown) => {
  console.error(`Could not start the wallet: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
