/**
 * Test support (not exported by the package): a FioBackend without a network that serves the contracts' ABIs, a
 * fixed chain reference and a balance, records fee look-ups and pushes, and takes any other answer from `extra`.
 */
import { fioContractRawAbis } from './logic/abis';
import { fioActor } from './logic/adapter';
import type { FioBackend } from './logic/backend';
import type { FioPushBody } from './logic/tx';

export const TEST_CHAIN_ID = 'b20901380af44ef59c5918439a1f9a41d83669020319a80574b804a5f95cbd7e';
export const TEST_ABIS = fioContractRawAbis();

export function fakeFioBackend(
  options: { available?: bigint; staked?: bigint; pushed?: FioPushBody[]; fees?: string[] } = {},
  extra: Partial<FioBackend> = {},
): FioBackend {
  const { available = 0n, staked = 0n, pushed = [], fees = [] } = options;
  return {
    balance: async (key) => ({
      balance: available + staked,
      available,
      staked,
      locked: 0n,
      srps: '0',
      roe: '1',
      actor: fioActor(key),
      txCount: 1,
    }),
    history: async () => ({ operations: [], cursor: null }),
    chainRef: async () => ({
      chainId: TEST_CHAIN_ID,
      block: { block_num: 10, id: '0'.repeat(16) + 'ff'.repeat(24), timestamp: '2026-01-01T00:00:00.000' },
    }),
    abi: async (a) => TEST_ABIS.find((x) => x.account_name === a)!,
    fee: async (endPoint, handle) => {
      fees.push(`${endPoint}:${handle}`);
      return endPoint === 'add_pub_address' ? 0n : 2_000_000_000n;
    },
    names: async () => ({ domains: [], handles: [] }),
    isRegistered: async () => false,
    publicAddresses: async () => [],
    publicAddress: async () => null,
    push: async (b) => {
      pushed.push(b);
      return 'ab'.repeat(32);
    },
    requests: async () => [],
    staking: async () => ({
      apr7d: null,
      voted: false,
      proxy: null,
      defaultProxy: 'proxy@secux',
      lock: null,
    }),
    ...extra,
  };
}
