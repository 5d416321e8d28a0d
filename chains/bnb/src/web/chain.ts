/**
 * The BNB Beacon Chain as the web app keeps it: chain-bnb's read-only adapter over the product API, the display unit
 * (core's table), and the server's word on the retired chain (whether an archive is configured). Without an archive
 * the chain's state cannot be read: the account page asks nothing and shows the retired notice.
 */
import { CHAINS } from '@secux-companion/core';
import { createBnbProductApiChain, type BnbAdapter, type BnbChainStatus } from '@secux-companion/chain-bnb';
import type { FamilyChain } from '@secux-companion/web-kit/family/types';

export interface BnbChain extends FamilyChain {
  adapter: BnbAdapter;
  status: BnbChainStatus;
}

let cached: Promise<BnbChain> | null = null;

export function getBnbChain(): Promise<BnbChain> {
  const pending = (cached ??= (async () => {
    const adapter = createBnbProductApiChain();
    const status = await adapter.status();
    return {
      adapter,
      status,
      unit: { symbol: 'BNB', decimals: CHAINS.BNB.decimals, digits: CHAINS.BNB.displayDigits },
      local: false,
      stateReadable: status.archive,
    };
  })());
  pending.catch(() => {
    if (cached === pending) cached = null; // retried on the next use
  });
  return pending;
}
