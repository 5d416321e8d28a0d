/**
 * The XRP chain as the web app keeps it: chain-xrp's adapter over the product API, the display unit (6 digits, core's
 * table), and whether the server serves it from the local simulator (then there is no public explorer to link).
 */
import { CHAINS } from '@secux-companion/core';
import { createXrpProductApiChain, type XrpAdapter } from '@secux-companion/chain-xrp';
import type { FamilyChain } from '@secux-companion/web-kit/family/types';
import { servedLocally } from '@secux-companion/web-kit/family/served';

export interface XrpChain extends FamilyChain {
  adapter: XrpAdapter;
}

let cached: Promise<XrpChain> | null = null;

export function getXrpChain(): Promise<XrpChain> {
  const pending = (cached ??= servedLocally('XRP').then((local) => ({
    adapter: createXrpProductApiChain(),
    unit: { symbol: 'XRP', decimals: CHAINS.XRP.decimals, digits: CHAINS.XRP.displayDigits },
    local,
  })));
  pending.catch(() => {
    if (cached === pending) cached = null; // retried on the next use
  });
  return pending;
}
