import fs from 'node:fs';
import path from 'node:path';
import type { LocalChain, SimContext } from '@secux-companion/chain-common';
import { DEFAULT_MNEMONIC, HOST, freePort, startAll } from '@secux-companion/sim-kit';
import manifest from '../../chains/families.json' with { type: 'json' };
import { defaultDataDir, intEnv } from './endpoints.js';
import type { Endpoints, Localnet, LocalnetOptions } from './options.js';

/** A family's entry point by its folder: `@secux-companion/chain-<dir>/<entry>` (tests bring a toy family). */
export type EntryImport = (dir: string, entry: string) => Promise<unknown>;
const importEntry: EntryImport = (dir, entry) => import(`@secux-companion/chain-${dir}/${entry}`);

/** Every family's local chains, from the manifest (chains/families.json): the families named there with a sim entry. */
export async function loadLocalChains(
  families: readonly { dir: string; entries: string[] }[] = manifest.families,
  load: EntryImport = importEntry,
): Promise<LocalChain[]> {
  const mods = await Promise.all(
    families
      .filter((f) => f.entries.includes('sim'))
      .map((f) => load(f.dir, 'sim') as Promise<{ localChains: LocalChain[] }>),
  );
  return mods.flatMap((m) => m.localChains);
}

const OFF = /^(0|false|no|off)$/i;

/** The running local networks' exit work, run by one process 'exit' listener (not one per start). */
const exitWork = new Set<() => void>();
const runExitWork = () => {
  for (const f of exitWork) f();
};
function onProcessExit(f: () => void) {
  if (exitWork.size === 0) process.on('exit', runExitWork);
  exitWork.add(f);
}
function offProcessExit(f: () => void) {
  exitWork.delete(f);
  if (exitWork.size === 0) process.off('exit', runExitWork);
}

export async function startLocalnet(opts: LocalnetOptions = {}, chains?: LocalChain[]): Promise<Localnet> {
  const t0 = Date.now();
  const env = opts.env ?? process.env;
  const log = opts.log ?? ((m: string) => console.log(`[localnet] ${m}`));
  const dataDir = path.resolve(opts.dataDir ?? defaultDataDir(env));
  const cacheDir = path.resolve(opts.cacheDir ?? path.join(dataDir, 'cache'));
  const mnemonic = opts.mnemonic ?? (env.WALLET_EMULATOR_MNEMONIC?.trim() || DEFAULT_MNEMONIC);
  const blockIntervalMs = opts.blockIntervalMs ?? intEnv(env, 'LOCALNET_BLOCK_INTERVAL_MS') ?? 5000;
  const freePorts = opts.freePorts ?? (opts.evm?.port ?? intEnv(env, 'LOCALNET_EVM_PORT')) === 0;
  const all = chains ?? (await loadLocalChains());
  const options = opts as Record<string, unknown>;
  const enabled = all.filter(
    (c) => options[c.key] !== false && !(c.envSwitch && OFF.test(env[c.envSwitch]?.trim() ?? '')),
  );
  fs.mkdirSync(dataDir, { recursive: true });

  // Ports: a given one is checked against the others of this start; a free one is picked apart from them.
  const taken = new Map<number, string>();
  const shared = new Map<string, unknown>();
  const context = (key: string): SimContext => ({
    host: HOST,
    mnemonic,
    blockIntervalMs,
    dataDir,
    cacheDir,
    env,
    log,
    elapsed: () => Date.now() - t0,
    intEnv: (k) => (k ? intEnv(env, k) : undefined),
    option: (k) => options[k],
    shared: <T>(k: string, make: () => T) => {
      if (!shared.has(k)) shared.set(k, make());
      return shared.get(k) as T;
    },
    async port(option, envKey, dflt) {
      const given = option ?? (envKey ? intEnv(env, envKey) : undefined);
      const requested = given ?? (freePorts ? 0 : dflt);
      let p = requested === 0 ? await freePort() : requested;
      while (requested === 0 && taken.has(p)) p = await freePort();
      const other = taken.get(p);
      if (other !== undefined)
        throw new Error(
          `${key}'s port ${p} is taken by ${other}: ${envKey ? `set ${envKey} to another one` : 'give it another one'}`,
        );
      taken.set(p, key);
      return p;
    },
  });

  // All chains start side by side, in the manifest's order (litecoind first: its own process boots meanwhile).
  const started = await startAll(enabled, async (c) => {
    await new Promise((r) => setImmediate(r));
    return c.start(context(c.key), options[c.key] || undefined);
  });

  let endpointsPath: string | null = null;
  // Lifecycle: stop every chain on stop(), on SIGINT/SIGTERM and (synchronously, child processes only) on exit.
  const onExit = () => {
    for (const [, s] of started) s.kill?.();
    if (endpointsPath) fs.rmSync(endpointsPath, { force: true });
  };
  const onSignal = (signal: NodeJS.Signals) => {
    void stop().finally(() => {
      // Re-raise with the default behaviour when nobody else listens for it.
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    });
  };
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      offProcessExit(onExit);
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      if (endpointsPath) fs.rmSync(endpointsPath, { force: true });
      await Promise.all(started.map(([, s]) => s.stop()));
    })());
  onProcessExit(onExit);
  if (opts.handleSignals ?? true) {
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  }

  const infos: Record<string, unknown> = Object.fromEntries(all.map((c) => [c.key, null]));
  for (const [c, s] of started) infos[c.key] = s.info;
  infos.evmCoins ??= {};
  const endpoints = {
    startedAt: new Date().toISOString(),
    pid: process.pid,
    ...infos,
  } as unknown as Endpoints & Pick<Localnet, 'sideEvm' | 'evmCoins'>;
  if (opts.writeEndpoints ?? true) {
    endpointsPath = path.join(dataDir, 'endpoints.json');
    fs.writeFileSync(endpointsPath, `${JSON.stringify(endpoints, null, 2)}\n`);
  }
  const summary = () =>
    enabled.map((c) => {
      const info = infos[c.key];
      const lines =
        info === null || info === undefined
          ? [`${c.key}: not running (see above)`]
          : (c.summary?.(info) ?? []);
      return { key: c.key, lines };
    });
  return { ...endpoints, dataDir, endpointsFile: endpointsPath, startupMs: Date.now() - t0, stop, summary };
}
