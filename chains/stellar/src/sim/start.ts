/**
 * Starts the Stellar Horizon simulator for startLocalnet: funded for the emulator's first XLM accounts and the
 * recipient that requires a memo (SEP-29), ledgers closing on the block interval, on loopback only, on the standalone
 * network passphrase (what the server's local profile and the device sign for).
 */
import {
  HorizonSimulator,
  STELLAR_LOCAL_PASSPHRASE,
  STELLAR_MEMO_REQUIRED_ACCOUNT,
  stellarGenesis,
} from './simulator.js';

/** The default port of the simulator (Horizon's own default port is 8000). */
export const DEFAULT_STELLAR_PORT = 8000;

export interface StellarInfo {
  /** Horizon base URL (what the server's Stellar provider calls). */
  horizonUrl: string;
  networkPassphrase: string;
  host: string;
  port: number;
  /** Ledger close interval (ms); 0 = ledgers close only when a test closes them. */
  closeIntervalMs: number;
  /** Funded accounts: path (m/44'/148'/{n}'), address, stroops; `memoRequired` for the SEP-29 recipient. */
  accounts: { path: string; address: string; balanceStroops: string; memoRequired: boolean }[];
}

export async function startStellar(o: {
  mnemonic: string;
  host: string;
  port: number;
  closeIntervalMs: number;
}): Promise<{ info: StellarInfo; simulator: HorizonSimulator; stop: () => Promise<void> }> {
  const genesis = stellarGenesis(o.mnemonic);
  const simulator = new HorizonSimulator({
    accounts: genesis,
    closeIntervalMs: o.closeIntervalMs,
    networkPassphrase: STELLAR_LOCAL_PASSPHRASE,
  });
  const horizonUrl = await simulator.start(o.port, o.host);
  const indexes = [0, 1, STELLAR_MEMO_REQUIRED_ACCOUNT];
  return {
    simulator,
    stop: () => simulator.stop(),
    info: {
      horizonUrl,
      networkPassphrase: simulator.networkPassphrase,
      host: o.host,
      port: Number(new URL(horizonUrl).port),
      closeIntervalMs: o.closeIntervalMs,
      accounts: genesis.map((g, i) => ({
        path: `m/44'/148'/${indexes[i]}'`,
        address: g.address,
        balanceStroops: g.balance.toString(),
        memoRequired: !!g.memoRequired,
      })),
    },
  };
}
