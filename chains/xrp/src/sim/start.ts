/**
 * Starts the XRP Ledger simulator for startLocalnet: funded for the emulator's first XRP accounts and the recipient
 * that requires a destination tag, ledgers closing on the block interval, on loopback only.
 */
import { CONTROL_PREFIX, XrplSimulator, xrplGenesis } from './simulator.js';

/** The default port of the simulator's JSON-RPC (rippled's public JSON-RPC port is 51234). */
export const DEFAULT_XRPL_PORT = 51234;

export interface XrplInfo {
  /** rippled JSON-RPC URL (what the server's XRP provider calls). */
  rpcUrl: string;
  host: string;
  port: number;
  /** Ledger close interval (ms); 0 = ledgers close only through the control API. */
  closeIntervalMs: number;
  /** Base URL of the simulator's test-only control API (busy / close / state). */
  controlUrl: string;
  /** Funded accounts: path (m/44'/144'/{n}'/0/0), address, drops; `requireDestinationTag` for the tagged recipient. */
  accounts: { path: string; address: string; balanceDrops: string; requireDestinationTag: boolean }[];
}

export async function startXrpl(o: {
  mnemonic: string;
  host: string;
  port: number;
  closeIntervalMs: number;
}): Promise<{ info: XrplInfo; simulator: XrplSimulator; stop: () => Promise<void> }> {
  const genesis = xrplGenesis(o.mnemonic);
  const simulator = new XrplSimulator({ accounts: genesis, closeIntervalMs: o.closeIntervalMs });
  const rpcUrl = await simulator.start(o.port, o.host);
  const port = Number(new URL(rpcUrl).port);
  return {
    simulator,
    stop: () => simulator.stop(),
    info: {
      rpcUrl,
      host: o.host,
      port,
      closeIntervalMs: o.closeIntervalMs,
      controlUrl: `${rpcUrl}${CONTROL_PREFIX}`,
      accounts: genesis.map((g) => ({
        path: g.path ?? '',
        address: g.address,
        balanceDrops: g.balance.toString(),
        requireDestinationTag: !!g.requireDestinationTag,
      })),
    },
  };
}
