/**
 * Starts the FIO chain simulator for startLocalnet: the 'secux' domain, the emulator's first two FIO accounts funded
 * with a handle each (and a domain for the first), a registered voting proxy, blocks every 500 ms, on loopback only.
 */
import {
  FIO_CONTROL_PREFIX,
  FIO_LOCAL_CHAIN_ID,
  FIO_LOCAL_PROXY,
  FioSimulator,
  fioGenesis,
} from './simulator.js';

/** The default port of the simulator's FIO API (nodeos' default HTTP port). */
export const DEFAULT_FIO_PORT = 8889;

export interface FioInfo {
  /** FIO API base URL (its /v1/chain and /v1/history: what the server's FIO node provider calls). */
  apiUrl: string;
  host: string;
  port: number;
  chainId: string;
  /** The emulator's funded accounts (m/44'/235'/{i}'/0/0): path, FIO public key, SUF, handles and domains. */
  accounts: { path: string; publicKey: string; balanceSuf: string; handles: string[]; domains: string[] }[];
  /** The public domain every user can register a handle on. */
  publicDomain: string;
  /** The registered voting proxy (the server's default proxy in the local profile). */
  proxy: string;
  /** The staking statistics service (GET; historical_apr), as FIO's services-external /staking answers. */
  stakingUrl: string;
  /**
   * The test-only control (loopback only): POST `${controlUrl}clock` {"advanceSeconds": n} moves the chain's clock
   * (e.g. 604800 = past the unstake lock); POST `${controlUrl}staking-service` {"apr7d": number | null} or
   * {"down": true | false} sets what the staking service answers.
   */
  controlUrl: string;
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
      accounts: genesis.accounts.map((a, i) => ({
        path: `m/44'/235'/${i}'/0/0`,
        publicKey: a.publicKey,
        balanceSuf: a.balance.toString(),
        handles: genesis.handles.filter((h) => h.owner === a.publicKey).map((h) => h.handle),
        domains: genesis.domains.filter((d) => d.owner === a.publicKey).map((d) => d.domain),
      })),
      publicDomain: 'secux',
      proxy: FIO_LOCAL_PROXY,
      stakingUrl: `${apiUrl}/staking`,
      controlUrl: `${apiUrl}${FIO_CONTROL_PREFIX}`,
    },
  };
}
