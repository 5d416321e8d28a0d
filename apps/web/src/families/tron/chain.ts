/**
 * The TRON chain as the web app keeps it: chain-tron's adapter over the product API, the display unit (6 digits,
 * core's table), and whether the server serves it from the local simulator (then there is no public explorer to link).
 */
import { CHAINS } from '@secux-companion/core';
import { createTronProductApiChain, type TronAdapter } from '@secux-companion/chain-tron';
import type { FamilyChain } from '../types';

export interface TronChain extends FamilyChain {
  adapter: TronAdapter;
}

let cached: Promise<TronChain> | null = null;

/** Whether the server runs TRX on the localnet simulator (GET /api/chains/TRX `source`). */
async function servedLocally(): Promise<boolean> {
  const res = await fetch('/api/chains/TRX', { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET /api/chains/TRX answered ${res.status}`);
  const body = (await res.json()) as { source?: unknown };
  return body.source === 'local';
}

export function getTronChain(): Promise<TronChain> {
  const pending = (cached ??= servedLocally().then((local) => ({
    adapter: createTronProductApiChain(),
    unit: { symbol: 'TRX', decimals: CHAINS.TRX.decimals, digits: CHAINS.TRX.displayDigits },
    local,
  })));
  pending.catch(() => {
    if (cached === pending) cached = null; // retried on the next use
  });
  return pending;
}
