/** The eth_calls NFT reads are made of: the ABI, batches in slices, results that may revert. */
import { decodeFunctionResult, parseAbi, type Hex } from 'viem';
import { z } from 'zod';
import { ProviderError } from '@secux-companion/server-kit/failover';
import type { RpcCall, RpcTransport } from '../rpcTransport.js';

export const abi = parseAbi([
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function contractURI() view returns (string)',
  'function tokenURI(uint256 id) view returns (string)',
  'function uri(uint256 id) view returns (string)',
  'function ownerOf(uint256 id) view returns (address)',
  'function balanceOf(address owner, uint256 id) view returns (uint256)',
]);

export const hexData = z.string().regex(/^0x[0-9a-fA-F]*$/);
export const hexQty = z.string().regex(/^0x[0-9a-fA-F]+$/);
export const Log = z.object({
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
  topics: z.array(z.string()),
  data: z.string(),
  blockNumber: hexQty.optional().nullable(),
  logIndex: hexQty.optional().nullable(),
});

export const pad = (a: string) => `0x${a.toLowerCase().replace(/^0x/, '').padStart(64, '0')}`;
export const hex = (n: number) => `0x${n.toString(16)}`;
export const call = (to: string, data: Hex): RpcCall => ({
  method: 'eth_call',
  params: [{ to, data }, 'latest'],
});

/** Result of an eth_call in a batch, or undefined when it failed / reverted / returned nothing. */
export function callResult(v: unknown): Hex | undefined {
  if (v instanceof ProviderError) {
    if (v.kind === 'rejected' || v.kind === 'badRequest' || v.kind === 'notFound') return undefined; // revert
    throw v;
  }
  const p = hexData.safeParse(v);
  return p.success && p.data !== '0x' ? (p.data as Hex) : undefined;
}

export function decodeStr(fn: 'name' | 'symbol' | 'contractURI' | 'tokenURI' | 'uri', data: Hex | undefined) {
  if (!data) return undefined;
  try {
    return decodeFunctionResult({ abi, functionName: fn, data }) as string;
  } catch {
    return undefined;
  }
}

/** Batches in slices (nodes limit batch sizes). */
export async function batched(t: RpcTransport, calls: RpcCall[], signal: AbortSignal, size = 100) {
  const out: unknown[] = [];
  for (let i = 0; i < calls.length; i += size) out.push(...(await t.batch(calls.slice(i, i + size), signal)));
  return out;
}
