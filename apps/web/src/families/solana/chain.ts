/**
 * The Solana chain as the web app keeps it: chain-solana's adapter over the product API, the display unit (core's
 * table), and whether the server serves it from the localnet node (then there is no public explorer to link).
 */
import { CHAINS } from '@secux-companion/core';
import { createSolanaProductApiChain, type SolanaAdapter } from '@secux-companion/chain-solana';
import type { FamilyChain } from '../types';

export interface SolanaChain extends FamilyChain {
  adapter: SolanaAdapter;
}

let cached: Promise<SolanaChain> | null = null;

async function servedLocally(): Promise<boolean> {
  const res = await fetch('/api/chains/SOL', { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET /api/chains/SOL answered ${res.status}`);
  const body = (await res.json()) as { source?: unknown };
  return body.source === 'local';
}

export function getSolanaChain(): Promise<SolanaChain> {
  const pending = (cached ??= servedLocally().then((local) => ({
    adapter: createSolanaProductApiChain(),
    unit: { symbol: 'SOL', decimals: CHAINS.SOL.decimals, digits: CHAINS.SOL.displayDigits },
    local,
  })));
  pending.catch(() => {
    if (cached === pending) cached = null;
  });
  return pending;
}
