/**
 * The balance changes of a built send, computed by the chain (issue 32 item 1): the unsigned transaction as built
 * (budget + transfer instructions, the build's blockhash — the node replaces it) is simulated with every account it
 * names read before and after. From those states: the sender's and the recipient's SOL and token changes (token
 * accounts grouped by their owner and mint), the rent locked in accounts the transaction creates, and the fee the node
 * charges. What the build says they are goes with them for the verdict (chain-common simulationVerdict):
 * SOL: sender −(amount + fee), recipient +amount; token: sender −(fee + rent) SOL and −amount of the token, recipient
 * +(amount − Token-2022 transfer fee).
 */
import type { BalanceDelta, DeltaParty, SimulationResult } from '@secux-companion/chain-common';
import { budgetInstructions, transferInstructions, unsignedTransaction } from '../tx';
import type { SolanaBuilt, SolanaSimulatedChanges } from '../types';
import type { SolanaContext } from './context';

const SYSTEM_PROGRAM = '11111111111111111111111111111111';

/** Deltas by party and asset from the chain's before/after states (zero changes left out). */
export function solanaDeltas(
  changes: SolanaSimulatedChanges,
  parties: { self: string; recipient: string },
  coin: { symbol: string; decimals: number },
  symbolOf: (mint: string) => string,
): { deltas: BalanceDelta[]; locked: bigint } {
  const whoIs = (a: string): DeltaParty =>
    a === parties.self ? 'self' : a === parties.recipient ? 'recipient' : 'other';
  const sums = new Map<string, BalanceDelta>();
  const add = (d: BalanceDelta) => {
    const k = `${d.who}\u0000${d.asset}`;
    const prev = sums.get(k);
    sums.set(k, prev ? { ...prev, amount: prev.amount + d.amount } : d);
  };
  let locked = 0n;
  for (const { address, before, after } of changes.accounts) {
    const who = whoIs(address);
    const lamports = (after?.lamports ?? 0n) - (before?.lamports ?? 0n);
    if (who !== 'other')
      add({ who, asset: coin.symbol, symbol: coin.symbol, decimals: coin.decimals, amount: lamports });
    // An account the transaction creates for a program (a token account): its rent-exempt lamports are locked there.
    else if (!before && after && after.program !== SYSTEM_PROGRAM) locked += after.lamports;
    const token = after?.token ?? before?.token;
    if (token) {
      const owner = whoIs(token.owner);
      add({
        who: owner,
        asset: token.mint,
        symbol: symbolOf(token.mint),
        decimals: token.decimals,
        amount: (after?.token?.amount ?? 0n) - (before?.token?.amount ?? 0n),
      });
    }
  }
  return { deltas: [...sums.values()].filter((d) => d.amount !== 0n), locked };
}

/** What the built transaction says the changes are. */
export function expectedDeltas(
  built: SolanaBuilt,
  coin: { symbol: string; decimals: number },
): BalanceDelta[] {
  const { plan, fee, rent, transferFee, token } = built.unsigned;
  const sol = (who: DeltaParty, amount: bigint): BalanceDelta => ({
    who,
    asset: coin.symbol,
    symbol: coin.symbol,
    decimals: coin.decimals,
    amount,
  });
  if (plan.kind === 'sol') return [sol('self', -(plan.lamports + fee)), sol('recipient', plan.lamports)];
  const tok = (who: DeltaParty, amount: bigint): BalanceDelta => ({
    who,
    asset: plan.mint,
    symbol: token?.symbol ?? plan.mint,
    decimals: plan.decimals,
    amount,
  });
  return [sol('self', -(fee + rent)), tok('self', -plan.amount), tok('recipient', plan.amount - transferFee)];
}

export async function simulate(ctx: SolanaContext, built: SolanaBuilt): Promise<SimulationResult> {
  if (!ctx.backend.simulateChanges) return { kind: 'unavailable' };
  const { plan, unitLimit, microLamports, blockhash, token } = built.unsigned;
  const tx = unsignedTransaction(built.signRequest.feePayer, blockhash.blockhash, [
    ...budgetInstructions(unitLimit, microLamports),
    ...transferInstructions(plan),
  ]);
  const changes = await ctx.backend.simulateChanges(tx);
  if (changes.err !== null) return { kind: 'failed', reason: changes.err };
  const coin = { symbol: 'SOL', decimals: ctx.decimals };
  const { deltas, locked } = solanaDeltas(
    changes,
    { self: built.signRequest.feePayer, recipient: plan.kind === 'sol' ? plan.to : plan.recipient },
    coin,
    (mint) => (token && mint === token.mint ? token.symbol : `${mint.slice(0, 4)}…${mint.slice(-4)}`),
  );
  return {
    kind: 'ok',
    deltas,
    fee: changes.fee ?? built.unsigned.fee,
    ...(locked > 0n ? { locked } : {}),
    expected: expectedDeltas(built, coin),
  };
}
