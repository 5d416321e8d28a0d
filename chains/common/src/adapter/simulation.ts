/**
 * Part of the ChainAdapter contract (../adapter.ts): the balance changes of a built transaction, computed by the
 * chain itself before the device signs (issue 32 item 1). A family that can ask its chain gives `simulate`; the
 * review shows what it answers beside the device's own view, and {@link simulationVerdict} blocks the signature when
 * the chain refuses the transaction or its changes disagree with what was built. Nothing here guesses: a chain that
 * cannot simulate answers `unavailable`.
 */

/** Whose balance changes: the account sending, the recipient of the send, or another account the transaction touches. */
export type DeltaParty = 'self' | 'recipient' | 'other';

/** One balance change: signed, in the asset's smallest unit. */
export interface BalanceDelta {
  who: DeltaParty;
  /** The asset's id: the chain's coin symbol for the coin, else the token's contract or mint. */
  asset: string;
  symbol: string;
  decimals: number;
  amount: bigint;
}

export type SimulationResult =
  | {
      kind: 'ok';
      /** The changes the chain computed (zero changes left out). */
      deltas: BalanceDelta[];
      /** The network fee the chain charges (in the coin), included in the sender's coin change. */
      fee: bigint;
      /** Rent or reserve the transaction locks in new accounts (in the coin), included in the sender's change. */
      locked?: bigint;
      /** What the built transaction says these changes are: the ones the verdict compares. */
      expected: BalanceDelta[];
    }
  /** The chain cannot simulate (no such method on its nodes): shown as such, never guessed. */
  | { kind: 'unavailable' }
  /** The chain refuses the transaction; `reason` is its own text. */
  | { kind: 'failed'; reason: string };

export type SimulationVerdict =
  | { blocked: false }
  | { blocked: true; reason: 'failed'; detail: string }
  | { blocked: true; reason: 'mismatch'; expected: BalanceDelta; actual: bigint };

const key = (d: Pick<BalanceDelta, 'who' | 'asset'>) => `${d.who}\u0000${d.asset}`;

/**
 * Whether the signature may go ahead: a refusal blocks with the chain's reason; every expected change must be what
 * the chain computed, and the sender may lose nothing the build did not say (a change of the sender's not expected
 * is compared with 0).
 */
export function simulationVerdict(r: SimulationResult): SimulationVerdict {
  if (r.kind === 'unavailable') return { blocked: false };
  if (r.kind === 'failed') return { blocked: true, reason: 'failed', detail: r.reason };
  const actual = new Map<string, bigint>();
  for (const d of r.deltas) actual.set(key(d), (actual.get(key(d)) ?? 0n) + d.amount);
  const expected = new Map<string, BalanceDelta>();
  for (const d of r.expected)
    expected.set(key(d), { ...d, amount: (expected.get(key(d))?.amount ?? 0n) + d.amount });
  for (const d of r.deltas)
    if (d.who === 'self' && !expected.has(key(d))) expected.set(key(d), { ...d, amount: 0n });
  for (const [k, want] of expected) {
    const got = actual.get(k) ?? 0n;
    if (got !== want.amount) return { blocked: true, reason: 'mismatch', expected: want, actual: got };
  }
  return { blocked: false };
}
