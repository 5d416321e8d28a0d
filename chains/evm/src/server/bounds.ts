/**
 * The EVM family's bounds on provider answers, applied in one place: the facade's failover `check` (facade.ts).
 * The native coin (balances, history values and fees, counterparty values) is wei within the coin's supply
 * (NATIVE_MAX_WEI, per chain); token amounts and token ids are decimal strings below 2^256 (a token's supply is not
 * known here); nonces and gas limits below 2^64; counts and heights non-negative safe integers; gas prices at most
 * MAX_GAS_PRICE wei. Anything else is a malformed answer (the next provider is asked).
 */
import {
  UINT64_MAX,
  UINT256_MAX,
  amount,
  count,
  operations,
  outOfBounds,
} from '@secux-companion/server-kit/bounds';
import type { NftHolding } from './backend.js';
import type {
  AccountInfo,
  FeeInfo,
  HistoryPage,
  TokenBalance,
  TokenInfo,
} from '@secux-companion/server-kit/types';

/** Highest gas price or fee per gas taken from a provider: 100 000 gwei (mainnet peaks were near 5 000 gwei). */
export const MAX_GAS_PRICE = 10n ** 14n;

const ETHER = 10n ** 18n;
/** A testnet's coins have no market and their allocations are arbitrary: a generous 10^12 coins. */
const TESTNET_MAX = 10n ** 12n * ETHER;

/**
 * The most wei a native amount can be, per served chain (issue 29: 10^30 wei served for ETH with 200). A chain not
 * listed (`EVM-<chainId>` from the registry snapshot) is bounded by the type only (2^256): its supply is unknown.
 */
export const NATIVE_MAX_WEI: Readonly<Record<string, bigint>> = {
  // ≈ 120.7 M ETH (2025, ultrasound.money); issuance ≈ 1 M a year at most, partly burnt: 1 G ETH is decades away.
  ETH: 10n ** 9n * ETHER,
  // Sepolia: testnet ether.
  TETH: TESTNET_MAX,
  // BNB: 200 M issued in 2017, only burnt since (≈ 140 M in 2025, bnbburn.info); BSC's native coin is BNB.
  BSC: 200_000_000n * ETHER,
  TBSC: TESTNET_MAX,
  // XDC: 37.5 G at the XDC Network's genesis (2019), inflating slowly by masternode rewards (≈ 38 G in 2025).
  XDC: 100_000_000_000n * ETHER,
  // HME: core's chain table names no supply and no public source documents one: a generous 10^12 HME.
  HME: 10n ** 12n * ETHER,
};

const token = (t: TokenBalance | TokenInfo) => {
  if (t.balance !== undefined) amount(t.balance, UINT256_MAX, 'token balance');
  if (!Number.isInteger(t.decimals) || t.decimals < 0 || t.decimals > 255)
    outOfBounds('token decimals', t.decimals);
};

export const evmBounds = {
  balance: (v: string) => amount(v, UINT256_MAX, 'balance'),
  nonce: (v: string) => amount(v, UINT64_MAX, 'nonce'),
  txCount: (v: number) => count(v, 'txCount'),
  gasLimit: (v: string) => amount(v, UINT64_MAX, 'gas limit'),
  account(a: AccountInfo): void {
    amount(a.balance, UINT256_MAX, 'balance');
    count(a.txCount, 'txCount');
    if (a.nonce !== undefined) amount(a.nonce, UINT64_MAX, 'nonce');
  },
  fees(f: Omit<FeeInfo, 'chain' | 'source' | 'provider'>): void {
    for (const t of [f.tiers.high, f.tiers.medium, f.tiers.low]) amount(t, MAX_GAS_PRICE, 'gas price');
    if (f.eip1559) {
      amount(f.eip1559.baseFeePerGas, MAX_GAS_PRICE, 'base fee');
      for (const t of [f.eip1559.tiers.high, f.eip1559.tiers.medium, f.eip1559.tiers.low]) {
        amount(t.maxFeePerGas, 3n * MAX_GAS_PRICE, 'max fee per gas');
        amount(t.maxPriorityFeePerGas, MAX_GAS_PRICE, 'priority fee');
      }
    }
  },
  tokens: (list: (TokenBalance | TokenInfo)[]) => list.forEach(token),
  token,
  history: (page: Omit<HistoryPage, 'provider'>) => operations(page.operations, UINT256_MAX),
  nfts(list: NftHolding[]): void {
    for (const h of list) {
      amount(h.tokenId, UINT256_MAX, 'token id');
      amount(h.balance, UINT256_MAX, 'NFT balance');
    }
  },
};

/** The bounds of one chain: {@link evmBounds} with the native coin's amounts within {@link NATIVE_MAX_WEI}. */
export function evmBoundsOf(chain: string): typeof evmBounds {
  const max = NATIVE_MAX_WEI[chain] ?? UINT256_MAX;
  return {
    ...evmBounds,
    balance: (v: string) => amount(v, max, 'balance'),
    account(a: AccountInfo): void {
      evmBounds.account(a);
      amount(a.balance, max, 'balance');
    },
    history: (page: Omit<HistoryPage, 'provider'>) =>
      operations(page.operations, max, { tokenMax: UINT256_MAX }),
  };
}
