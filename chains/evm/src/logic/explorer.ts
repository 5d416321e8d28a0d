/**
 * Explorer links (spec 01 §2: "an explorer link opening in a new window"; the evmaccount Explorer button
 * only when the chain has one). EIP-3091 paths: /tx/{hash}, /address/{address}, /token/{contract}.
 * XDC addresses are linked in their 'xdc' form.
 */
import type { ExplorerLinks } from '@secux-companion/chain-common';
import { toXdcAddress } from './address';
import type { EvmChainSpec } from './chains';

export interface EvmExplorerLinks extends ExplorerLinks {
  token(contract: string, holder?: string): string | undefined;
  nft(contract: string, tokenId: bigint | string): string | undefined;
}

export function evmExplorerLinks(spec: Pick<EvmChainSpec, 'explorer' | 'symbol'>): EvmExplorerLinks {
  const base = spec.explorer?.replace(/\/+$/, '');
  const addr = (a: string) => encodeURIComponent(spec.symbol === 'XDC' ? toXdcAddress(a) : a);
  return {
    tx: (hash) => (base ? `${base}/tx/${encodeURIComponent(hash)}` : undefined),
    address: (address) => (base ? `${base}/address/${addr(address)}` : undefined),
    token: (contract, holder) =>
      base ? `${base}/token/${addr(contract)}${holder ? `?a=${addr(holder)}` : ''}` : undefined,
    nft: (contract, tokenId) =>
      base ? `${base}/nft/${addr(contract)}/${encodeURIComponent(String(tokenId))}` : undefined,
  };
}
