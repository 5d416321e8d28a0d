/** The TRON facade's account: balance, bandwidth and energy, TRC-10 and TRC-20 tokens. */
import { isValidTronAddress } from '@secux-companion/chain-tron';
import type { TronAccountAnswer, TronTokenAnswer } from '../answers.js';
import { tronBounds } from '../bounds.js';
import type { TronContext } from './context.js';
import { trc10Info, trc20Info, trc20WithinSupply } from './tokens.js';

/** The TRC-20 tokens an account answer lists at most. */
const TRC20_SERVED = 100;

export async function account(ctx: TronContext, id: string): Promise<TronAccountAnswer> {
  const address = ctx.address(id);
  const nodeReads = Promise.all([
    ctx.node('balance', (p, s) => p.getAccount(address, s), tronBounds.account),
    ctx.node('resources', (p, s) => p.getAccountResource(address, s), tronBounds.resources),
  ]);
  const [[acc, res], trc20] = await Promise.all([
    nodeReads,
    // The index's balances, each checked against its token's total supply inside this index's call: one above it
    // is this index's malformed answer and the next index is asked. The supplies are read on the nodes after the
    // account's own node reads (a node that refuses the caller has said so by then, and is not asked again).
    ctx.index(
      'tokens',
      async (p, s) => {
        const list = (await p.trc20Balances(address, s)).slice(0, TRC20_SERVED);
        tronBounds.trc20Balances(list);
        await nodeReads.catch(() => undefined);
        const broken = await trc20WithinSupply(ctx, address, list);
        return list.filter((t) => !broken.has(t.contract));
      },
      tronBounds.trc20Balances,
      'history',
    ),
  ]);
  const a = acc.value;
  const tokens: TronTokenAnswer[] = [];
  if (a.found)
    for (const t of a.assets.slice(0, 100)) {
      const d = await trc10Info(ctx, t.id).catch(() => undefined);
      if (d) tokens.push({ type: 'trc10', contract: t.id, ...d, balance: t.balance.toString() });
    }
  for (const t of trc20.value) {
    if (!isValidTronAddress(t.contract)) continue;
    const d = await trc20Info(ctx, t.contract, address).catch(() => undefined);
    if (d) tokens.push({ type: 'trc20', contract: t.contract, ...d, balance: t.balance.toString() });
  }
  const r = res.value;
  const answer: TronAccountAnswer = {
    chain: ctx.chain,
    address,
    balance: a.found ? a.balance.toString() : '0',
    unconfirmedBalance: '0',
    // The node keeps no transaction count: an account on chain received at least one transfer.
    txCount: a.found ? 1 : 0,
    activated: a.found,
    resources: {
      freeNetLimit: r.freeNetLimit.toString(),
      freeNetUsed: r.freeNetUsed.toString(),
      netLimit: r.netLimit.toString(),
      netUsed: r.netUsed.toString(),
      energyLimit: r.energyLimit.toString(),
      energyUsed: r.energyUsed.toString(),
    },
    tokens,
    provider: acc.provider,
  };
  return answer;
}
