/**
 * Starts the FIO chain simulator for startLocalnet: the 'secux' domain, the emulator's first FIO account funded with a
 * handle and a domain, blocks every 500 ms, on loopback only.
 */
import { FIO_LOCAL_CHAIN_ID, FioSimulator, fioGenesis } from './simulator.js';

/** The default port of the simulator's FIO API (nodeos' default HTTP port). */
export const DEFAULT_FIO_PORT = 8889;

export interface FioInfo {
  /** FIO API base URL (its /v1/chain and /v1/history: what the server's FIO node provider calls). */
  apiUrl: string;
  host: string;
  port: number;
  chainId: string;
  /** The emulator's funded account: path, FIO public key, SUF, its handle and domain. */
  accounts: { path: string; publicKey: string; balanceSuf: string; handles: string[]; domains: string[] }[];
  /** The public domain every user can register a handle on. */
  publicDomain: string;
}

export async function startFio(o: {
  mnemonic: string;
  host: string;
  port: number;
}): Promise<{ info: FioInfo; simulator: FioSimulator; stop: () => Promise<void> }> {
  const genesis = fioGenesis(o.mnemonic);
  const simulator = new FioSimulator({ genesis });
  const apiUrl = await simulator.start(o.port, o.host);
  return {
    simulator,
    stop: () => simulator.stop(),
    info: {
      apiUrl,
      host: o.host,
      port: Number(new URL(apiUrl).port),
      chainId: FIO_LOCAL_CHAIN_ID,
      accounts: genesis.accounts.map((a) => ({
        path: "m/44'/235'/0'/0/0",
        publicKey: a.publicKey,
        balanceSuf: a.balance.toString(),
        handles: genesis.handles.filter((h) => h.owner === a.publicKey).map((h) => h.handle),
        domains: genesis.domains.filter((d) => d.owner === a.publicKey).map((d) => d.domain),
      })),
      publicDomain: 'secux',
    },
  };
}
