/** What a message costs (base and priority fee) and getRecentPrioritizationFees over the prices paid per slot. */
import { RpcError } from './errors.js';
import type { SolanaLedger } from './ledger.js';

const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111';
const LAMPORTS_PER_SIGNATURE = 5000n;

/** Base + priority fee of a message (what the runtime charges): 5000 per signature + ceil(limit × price / 1e6). */
export function feeOf(
  keys: readonly string[],
  signers: number,
  ixs: readonly { programAddressIndex: number; data?: ArrayLike<number> }[],
) {
  let price = 0n;
  let limit: bigint | undefined;
  let others = 0;
  for (const ix of ixs) {
    const d = new Uint8Array(ix.data ?? []);
    if (keys[ix.programAddressIndex] !== COMPUTE_BUDGET) {
      others++;
      continue;
    }
    const v = new DataView(d.buffer, d.byteOffset, d.byteLength);
    if (d[0] === 2 && d.length >= 5) limit = BigInt(v.getUint32(1, true));
    if (d[0] === 3 && d.length >= 9) price = v.getBigUint64(1, true);
  }
  const units = limit ?? 200_000n * BigInt(Math.max(1, others));
  return {
    fee: LAMPORTS_PER_SIGNATURE * BigInt(signers) + (price * units + 999_999n) / 1_000_000n,
    price: Number(price),
  };
}

/** Per recent slot, the highest of the given accounts' lowest prices (of every written account without any). */
export function recentPrioritizationFees(l: SolanaLedger, param: unknown) {
  const accounts = Array.isArray(param) ? (param as string[]) : [];
  if (accounts.length > 128) throw new RpcError(-32602, 'Too many inputs provided; max 128');
  return [...l.prices.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([slot, m]) => {
      const hits = accounts.length ? accounts.flatMap((a) => (m.has(a) ? [m.get(a)!] : [])) : [...m.values()];
      return { slot, prioritizationFee: hits.length ? Math.max(...hits) : 0 };
    });
}
