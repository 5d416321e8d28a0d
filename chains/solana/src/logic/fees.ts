/**
 * Fees (spec 02 "Solana fees"; reference/apis/solana-jsonrpc.md): base fee per signature plus a priority fee =
 * ceil(compute-unit limit × price / 1e6). The price is the median of the non-zero recent prioritization fees of the
 * accounts the transaction writes; with none known the spec's 1e6 micro-lamports is the fallback. The limit is the
 * simulated units plus a margin.
 */
import {
  CU_MARGIN_FIXED,
  CU_MARGIN_PERCENT,
  DEFAULT_UNITS_PER_INSTRUCTION,
  FALLBACK_MICRO_LAMPORTS,
  LAMPORTS_PER_SIGNATURE,
  MAX_COMPUTE_UNITS,
} from './constants';

/** Price in micro-lamports per compute unit: the median of the non-zero samples, or the fallback. */
export function priorityPrice(samples: readonly number[] | null | undefined): number {
  const paid = (samples ?? []).filter((v) => Number.isSafeInteger(v) && v > 0).sort((a, b) => a - b);
  if (!paid.length) return FALLBACK_MICRO_LAMPORTS;
  const mid = Math.floor(paid.length / 2);
  return paid.length % 2 ? paid[mid]! : Math.ceil((paid[mid - 1]! + paid[mid]!) / 2);
}

/**
 * Compute-unit limit: the simulated units + 20 % + 1,000, capped at the runtime's 1.4M; without a simulation the
 * runtime's default of 200,000 per (non-budget) instruction.
 */
export function computeUnitLimit(simulatedUnits: number | null, instructions: number): number {
  const limit =
    simulatedUnits === null
      ? DEFAULT_UNITS_PER_INSTRUCTION * Math.max(1, instructions)
      : Math.ceil((simulatedUnits * (100 + CU_MARGIN_PERCENT)) / 100) + CU_MARGIN_FIXED;
  return Math.min(limit, MAX_COMPUTE_UNITS);
}

/** ceil(limit × microLamports / 1e6) lamports. */
export function priorityFee(limit: number, microLamports: number): bigint {
  return (BigInt(limit) * BigInt(microLamports) + 999_999n) / 1_000_000n;
}

export function transactionFee(signatures: number, limit: number, microLamports: number): bigint {
  return LAMPORTS_PER_SIGNATURE * BigInt(signatures) + priorityFee(limit, microLamports);
}
