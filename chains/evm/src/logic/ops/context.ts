/** What every EVM operation shares: the chain's spec, its data source and the adapter's options. */
import type { AccountDescriptor } from '@secux-companion/chain-common';
import type { Address } from 'viem';
import { toApiAddress } from '../address';
import type { EvmChainSpec } from '../chains';
import type { EvmAdapterOptions, EvmBackend } from '../types';

export interface EvmContext {
  spec: EvmChainSpec;
  chain: EvmChainSpec['symbol'];
  backend: EvmBackend;
  options: EvmAdapterOptions;
}

export function createEvmContext(
  spec: EvmChainSpec,
  backend: EvmBackend,
  options: EvmAdapterOptions,
): EvmContext {
  return { spec, chain: spec.symbol, backend, options };
}

/** The account's address in API form (0x…, also on XDC). */
export function addressOf(ctx: EvmContext, account: AccountDescriptor): Address {
  if (!account.address) throw new Error('An EVM account needs its address');
  return toApiAddress(ctx.chain, account.address);
}

/** The chain's coin as review rows show amounts in it. */
export function coinOf(ctx: EvmContext): { decimals: number; symbol: string } {
  return { decimals: ctx.spec.decimals, symbol: ctx.spec.coin };
}

/** Text in API form without validating it ('xdc…' → '0x…' on XDC). */
export function toApiAddressSafe(chain: EvmChainSpec['symbol'], text: string): string {
  const t = text.trim();
  return chain === 'XDC' ? t.replace(/^xdc/i, '0x') : t;
}
