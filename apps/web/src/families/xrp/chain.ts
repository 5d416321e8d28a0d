/**
 * The XRP chain as the web app keeps it: chain-xrp's adapter over the product API, the display unit (6 digits, core's
 * table), and whether the server serves it from the local simulator (then there is no public explorer to link).
 */
import { CHAINS } from '@secux-companion/core';
import { createXrpProductApiChain, type XrpAdapter } from '@secux-companion/chain-xrp';
import type { FamilyChain } from '../types';

export interface XrpChain extends FamilyChain {
  adapter: XrpAdapter;
}

let cached: Promise<XrpChain> | null = null;

/** Whether the server runs XRP on the localnet simulator (GET /api/chains/XRP `source`). */
async function servedLocally(): Promise<boolean> {
  const res = await fetch('/api/chains/XRP', { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET /api/chains/XRP answered ${res.status}`);
  const body = (await res.json()) as { source?: unknown };
  return body.source === 'local';
}

export function getXrpChain(): Promise<XrpChain> {
  const pending = (cached ??= servedLocally().then((local) => ({
    adapter: createXrpProductApiChain(),
    unit: { symbol: 'XRP', decimals: CHAINS.XRP.decimals, digits: CHAINS.XRP.displayDigits },
    local,
  })));
  pending.catch(() => {
    if (cached === pending) cached = null; // retried on the next use
  });
  return pending;
}

/** Tests: forget the loaded chain. */
export function resetXrpChain(): void {
  cached = null;
}
