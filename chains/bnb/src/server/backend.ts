/** What the BNB Beacon Chain facade asks of an archive provider (reference/apis/bnb-beacon-chain.md). */
import type { BnbAssetBalance } from '@secux-companion/chain-bnb';
import type { Provider } from '@secux-companion/server-kit/failover';

/** The archived account; an unknown account (404) reads as no balances and sequence 0. */
export interface BnbArchiveAccount {
  balances: BnbAssetBalance[];
  sequence: number;
}

/** One page of the account's archived transactions (raw entries, mapped by chain-bnb) and the total. */
export interface BnbArchiveTxPage {
  total: number;
  txs: unknown[];
}

export interface BnbArchiveProvider extends Provider {
  account(address: string, signal: AbortSignal): Promise<BnbArchiveAccount>;
  transactions(
    address: string,
    offset: number,
    limit: number,
    signal: AbortSignal,
  ): Promise<BnbArchiveTxPage>;
}
