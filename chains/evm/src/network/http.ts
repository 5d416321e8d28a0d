/**
 * HTTP and JSON-RPC helpers shared by the EVM backends. Raw shapes stay in network/.
 */
import type { Hex } from 'viem';
import {
  requestJson as requestJsonAs,
  type FetchLike,
  type JsonRequest,
} from '@secux-companion/chain-common';

export type { FetchLike };
import { EvmNetworkError } from '../logic/errors';

export { EvmNetworkError };

/** Spec 02 §7: JSON-RPC and backend timeout 30 s. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** JSON request with EvmNetworkError failures (chain-common's requestJson). */
export function requestJson(doFetch: FetchLike, url: string, init: JsonRequest): Promise<unknown> {
  return requestJsonAs(
    doFetch,
    url,
    init,
    (status, message, code, body) => new EvmNetworkError(status, message, code, body),
  );
}

// ---- small validators (no schema library in the browser bundle) ----

export function malformed(what: string): EvmNetworkError {
  return new EvmNetworkError(200, `malformed answer: ${what}`, 'malformed');
}

export function obj(v: unknown, what: string): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw malformed(what);
  return v as Record<string, unknown>;
}

export function arr(v: unknown, what: string): unknown[] {
  if (!Array.isArray(v)) throw malformed(what);
  return v;
}

export function str(v: unknown, what: string): string {
  if (typeof v !== 'string') throw malformed(what);
  return v;
}

/** A decimal integer string (or safe number) → bigint. */
export function dec(v: unknown, what: string): bigint {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v);
  if (typeof v !== 'string' || !/^-?\d{1,80}$/.test(v)) throw malformed(what);
  return BigInt(v);
}

/** A hex quantity ("0x1a") → bigint. */
export function qty(v: unknown, what: string): bigint {
  if (typeof v !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(v)) throw malformed(what);
  return BigInt(v);
}

export function hexData(v: unknown, what: string): Hex {
  if (typeof v !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(v)) throw malformed(what);
  return v as Hex;
}

export function int(v: unknown, what: string): number {
  const n = typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) throw malformed(what);
  return n;
}

/**
 * An eth_getTransactionReceipt result: null → still pending; status 0x0 → the chain ran it and it failed (reverted,
 * out of gas); 0x1 — or no status field, as before Byzantium — → succeeded.
 */
export function parseReceiptStatus(v: unknown): 'pending' | 'confirmed' | 'failed' {
  if (v === null) return 'pending';
  const o = obj(v, 'eth_getTransactionReceipt');
  if (o.status === undefined || o.status === null) return 'confirmed';
  return qty(o.status, 'receipt.status') === 0n ? 'failed' : 'confirmed';
}

/** Parses an eth_feeHistory result (quantities hex). */
export function parseFeeHistory(v: unknown): { baseFeePerGas: bigint[]; reward: bigint[][] } {
  const o = obj(v, 'eth_feeHistory');
  return {
    baseFeePerGas: arr(o.baseFeePerGas, 'baseFeePerGas').map((x) => qty(x, 'baseFeePerGas')),
    reward:
      o.reward === undefined
        ? []
        : arr(o.reward, 'reward').map((r) => arr(r, 'reward').map((x) => qty(x, 'reward'))),
  };
}
