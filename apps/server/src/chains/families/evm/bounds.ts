/**
 * The EVM family's bounds on provider answers, applied in one place: the facade's failover `check` (facade.ts).
 * Amounts (wei, token units, token ids) are decimal strings below 2^256; nonces and gas limits below 2^64; counts
 * and heights non-negative safe integers; gas prices at most MAX_GAS_PRICE wei. Anything else is a malformed
 * answer (the next provider is asked).
 */
import { amount, count, operations, outOfBounds } from '../../bounds.js';
import type { NftHolding } from './backend.js';
import type { AccountInfo, FeeInfo, HistoryPage, TokenBalance, TokenInfo } from '../../types.js';

export const MAX_UINT256 = 2n ** 256n - 1n;
export const MAX_UINT64 = 2n ** 64n - 1n;
/** Highest gas price or fee per gas taken from a provider: 100 000 gwei (mainnet peaks were near 5 000 gwei). */
export const MAX_GAS_PRICE = 10n ** 14n;

const token = (t: TokenBalance | TokenInfo) => {
  if (t.balance !== undefined) amount(t.balance, MAX_UINT256, 'token balance');
  if (!Number.isInteger(t.decimals) || t.decimals < 0 || t.decimals > 255) outOfBounds('token decimals', t.decimals);
};

export const evmBounds = {
  balance: (v: string) => amount(v, MAX_UINT256, 'balance'),
  nonce: (v: string) => amount(v, MAX_UINT64, 'nonce'),
  txCount: (v: number) => count(v, 'txCount'),
  gasLimit: (v: string) => amount(v, MAX_UINT64, 'gas limit'),
  account(a: AccountInfo): void {
    amount(a.balance, MAX_UINT256, 'balance');
    count(a.txCount, 'txCount');
    if (a.nonce !== undefined) amount(a.nonce, MAX_UINT64, 'nonce');
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
  history: (page: Omit<HistoryPage, 'provider'>) => operations(page.operations, MAX_UINT256),
  nfts(list: NftHolding[]): void {
    for (const h of list) {
      amount(h.tokenId, MAX_UINT256, 'token id');
      amount(h.balance, MAX_UINT256, 'NFT balance');
    }
  },
};
