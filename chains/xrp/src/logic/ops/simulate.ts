/**
 * The XRP balance changes of a built payment, computed by the ledger (rippled `simulate`; issue 32 item 1): the
 * unsigned payment as built is run dry; a result other than tesSUCCESS refuses it with the ledger's words, else each
 * party's XRP before and after gives the changes, with what the build says they are (sender −(amount + fee),
 * recipient +amount) for the verdict. A source without simulation answers `unavailable`.
 */
import type { BalanceDelta, DeltaParty, SimulationResult } from '@secux-companion/chain-common';
import type { BuiltTransaction } from '@secux-companion/chain-common';
import type { XrpBackend, XrpBalanceChange, XrpSignRequest, XrpUnsigned } from '../types';

const XRP = { asset: 'XRP', symbol: 'XRP', decimals: 6 } as const;

/** Deltas of the sender, the recipient and anyone else, from the ledger's before and after (zero left out). */
export function xrpDeltas(
  changes: readonly XrpBalanceChange[],
  parties: { self: string; recipient: string },
): BalanceDelta[] {
  // the sender, the recipient, then anyone else
  const sums = new Map<DeltaParty, bigint>([
    ['self', 0n],
    ['recipient', 0n],
    ['other', 0n],
  ]);
  for (const c of changes) {
    const who: DeltaParty =
      c.account === parties.self ? 'self' : c.account === parties.recipient ? 'recipient' : 'other';
    sums.set(who, (sums.get(who) ?? 0n) + (c.after ?? 0n) - (c.before ?? 0n));
  }
  return [...sums].filter(([, amount]) => amount !== 0n).map(([who, amount]) => ({ who, ...XRP, amount }));
}

export async function simulate(
  backend: XrpBackend,
  built: BuiltTransaction<XrpUnsigned, XrpSignRequest>,
): Promise<SimulationResult> {
  if (!backend.simulate) return { kind: 'unavailable' };
  const tx = built.unsigned.tx;
  const sim = await backend.simulate(tx);
  if (!sim.available) return { kind: 'unavailable' };
  if (sim.engineResult !== 'tesSUCCESS')
    return { kind: 'failed', reason: `${sim.engineResult}: ${sim.message}` };
  const amount = BigInt(tx.Amount);
  const fee = BigInt(tx.Fee);
  return {
    kind: 'ok',
    deltas: xrpDeltas(sim.changes, { self: tx.Account, recipient: tx.Destination }),
    fee: sim.fee,
    expected: [
      { who: 'self', ...XRP, amount: -(amount + fee) },
      { who: 'recipient', ...XRP, amount },
    ],
  };
}
