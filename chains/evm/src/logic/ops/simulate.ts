/**
 * The balance changes of a built EVM transaction, computed by the chain (issue 32 item 1): the transaction as it
 * would be signed goes to the chain's eth_simulateV1 with traceTransfers; its coin and ERC-20 Transfer logs and its
 * fee (gas used × the price it pays) give each party's changes. What the build says goes with them for the verdict
 * (chain-common simulationVerdict): a coin send moves `amount` from the sender to the recipient, a token send moves
 * `amount` of the token, and the sender pays the fee; anything else leaving the sender blocks the signature. A fee
 * above the one the review showed (gas limit × the most per gas) is a refusal. A source without simulation answers
 * `unavailable`.
 */
import type { BalanceDelta, DeltaParty, SimulationResult } from '@secux-companion/chain-common';
import type { EvmBuiltTransaction, EvmSimTransfer } from '../types';
import { coinOf, type EvmContext } from './context';

/** Deltas by party and asset from the simulated transfers and the fee (zero changes left out). */
export function evmDeltas(
  transfers: readonly EvmSimTransfer[],
  fee: bigint,
  parties: { self: string; recipient: string },
  coin: { symbol: string; decimals: number },
  tokenOf: (contract: string) => { symbol: string; decimals: number },
): BalanceDelta[] {
  const self = parties.self.toLowerCase();
  const recipient = parties.recipient.toLowerCase();
  const whoIs = (a: string): DeltaParty | null =>
    a === self ? 'self' : a === recipient ? 'recipient' : null;
  const sums = new Map<string, BalanceDelta>();
  const add = (who: DeltaParty, token: string | null, amount: bigint) => {
    const unit = token === null ? coin : tokenOf(token);
    const asset = token ?? coin.symbol;
    const k = `${who}\u0000${asset}`;
    const prev = sums.get(k);
    sums.set(k, {
      who,
      asset,
      symbol: unit.symbol,
      decimals: unit.decimals,
      amount: (prev?.amount ?? 0n) + amount,
    });
  };
  add('self', null, -fee);
  for (const t of transfers) {
    const from = whoIs(t.from);
    const to = whoIs(t.to);
    if (from) add(from, t.token, -t.amount);
    if (to) add(to, t.token, t.amount);
    // A transfer between two other accounts (a token's own fee, a swap's hops) shows as another account's gain.
    if (!from && !to) add('other', t.token, t.amount);
  }
  return [...sums.values()].filter((d) => d.amount !== 0n);
}

/** What the built transaction says the changes are, with the chain's fee. */
function expected(
  built: EvmBuiltTransaction,
  fee: bigint,
  coin: { symbol: string; decimals: number },
): BalanceDelta[] {
  const i = built.intent;
  const c = (who: DeltaParty, amount: bigint): BalanceDelta => ({ who, asset: coin.symbol, ...coin, amount });
  if (i.kind === 'coin') return [c('self', -(i.amount + fee)), c('recipient', i.amount)];
  if (i.kind === 'token') {
    const t = (who: DeltaParty, amount: bigint): BalanceDelta => ({
      who,
      asset: i.contract.toLowerCase(),
      symbol: built.token?.symbol ?? i.contract,
      decimals: built.token?.decimals ?? 0,
      amount,
    });
    return [c('self', -fee), t('self', -i.amount), t('recipient', i.amount)];
  }
  return [c('self', -fee)];
}

export async function simulate(ctx: EvmContext, built: EvmBuiltTransaction): Promise<SimulationResult> {
  const { backend } = ctx;
  if (!backend.simulate) return { kind: 'unavailable' };
  const p = built.unsigned;
  const sim = await backend.simulate({
    from: p.from,
    to: p.to,
    value: p.value,
    data: p.data,
    gas: p.gas,
    nonce: p.nonce,
    fee:
      p.fee.type === 'eip1559'
        ? { maxFeePerGas: p.fee.maxFeePerGas, maxPriorityFeePerGas: p.fee.maxPriorityFeePerGas }
        : { gasPrice: p.fee.gasPrice },
  });
  if (!sim.available) return { kind: 'unavailable' };
  if (sim.status === 'failed') return { kind: 'failed', reason: sim.error };
  const fee = sim.gasUsed * sim.gasPrice;
  if (fee > built.details.networkFee)
    return {
      kind: 'failed',
      reason: `the fee (${fee} wei) is above the one reviewed (${built.details.networkFee} wei)`,
    };
  const coin = coinOf(ctx);
  const token = built.intent.kind === 'token' ? built.intent.contract.toLowerCase() : null;
  const deltas = evmDeltas(
    sim.transfers,
    fee,
    { self: p.from, recipient: built.intent.to },
    coin,
    (contract) =>
      contract === token && built.token
        ? built.token
        : // a token the build did not name: its raw units under its contract's short form
          { symbol: `${contract.slice(0, 6)}…${contract.slice(-4)}`, decimals: 0 },
  );
  return { kind: 'ok', deltas, fee, expected: expected(built, fee, coin) };
}
