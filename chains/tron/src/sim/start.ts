/**
 * Starts the TRON simulator for startLocalnet: funded for the emulator's first TRX accounts (tronGenesis), with the
 * LUSDT TRC-20 token and the LTA TRC-10 asset, blocks on the block interval, on loopback only.
 */
import { CONTROL_PREFIX, TronSimulator, tronGenesis } from './simulator.js';

/** The default port (java-tron's HTTP API listens on 8090). */
export const DEFAULT_TRON_PORT = 8090;

export interface TronInfo {
  /** Base URL of both the full-node API (/wallet/*) and the index (/v1/*) — what the server's TRON providers call. */
  url: string;
  host: string;
  port: number;
  blockIntervalMs: number;
  controlUrl: string;
  trc20: { address: string; symbol: string; decimals: number };
  trc10: { id: string; abbr: string; precision: number };
  accounts: {
    path: string;
    address: string;
    balanceSun: string;
    energy: string;
    trc20: string;
    trc10: string;
  }[];
}

export async function startTron(o: {
  mnemonic: string;
  host: string;
  port: number;
  blockIntervalMs: number;
}): Promise<{ info: TronInfo; simulator: TronSimulator; stop: () => Promise<void> }> {
  const genesis = tronGenesis(o.mnemonic);
  // TRON seals a block every 3 s; the localnet interval is used when set (0 = blocks only through the control API).
  const simulator = new TronSimulator({
    accounts: genesis,
    blockIntervalMs: o.blockIntervalMs ? Math.min(o.blockIntervalMs, 3000) : 0,
  });
  const url = await simulator.start(o.port, o.host);
  return {
    simulator,
    stop: () => simulator.stop(),
    info: {
      url,
      host: o.host,
      port: Number(new URL(url).port),
      blockIntervalMs: o.blockIntervalMs ? Math.min(o.blockIntervalMs, 3000) : 0,
      controlUrl: `${url}${CONTROL_PREFIX}`,
      trc20: {
        address: simulator.token.address,
        symbol: simulator.token.symbol,
        decimals: simulator.token.decimals,
      },
      trc10: { id: simulator.asset.id, abbr: simulator.asset.abbr, precision: simulator.asset.precision },
      accounts: genesis.map((g) => ({
        path: g.path ?? '',
        address: g.address,
        balanceSun: g.balance.toString(),
        energy: (g.energy ?? 0n).toString(),
        trc20: (g.trc20 ?? 0n).toString(),
        trc10: (g.trc10 ?? 0n).toString(),
      })),
    },
  };
}
