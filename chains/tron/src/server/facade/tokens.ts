/** The TRON facade's token details (TRC-20 by its calls, TRC-10 by its issue) and the token lookup. */
import { isValidTronAddress, tronHex, type Trc10Details } from '@secux-companion/chain-tron';
import { z } from 'zod';
import { amount } from '@secux-companion/server-kit/bounds';
import { HttpError, parseInput } from '@secux-companion/server-kit/errors';
import { ProviderError } from '@secux-companion/server-kit/failover';
import type { TronTokenAnswer } from '../answers.js';
import type { TronConstantRead } from '../backend.js';
import { tronBounds } from '../bounds.js';
import { Address, type TronContext } from './context.js';

const Contract = z.string().refine((c) => isValidTronAddress(c) || /^\d{1,19}$/.test(c), {
  message: 'must be a TRC-20 contract (T…) or a TRC-10 id',
});

/** Decodes an ABI string return (name(), symbol()) or bytes32; '' when it is neither. */
function abiString(hex: string): string {
  try {
    if (hex.length >= 128) {
      const off = Number(BigInt(`0x${hex.slice(0, 64)}`)) * 2;
      const len = Number(BigInt(`0x${hex.slice(off, off + 64)}`));
      if (len <= 200) return Buffer.from(hex.slice(off + 64, off + 64 + len * 2), 'hex').toString('utf8');
    }
    if (hex.length === 64) return Buffer.from(hex, 'hex').toString('utf8').replace(/\0+$/, '');
  } catch {
    // not an ABI string
  }
  return '';
}

/** Keeps printable text of a token name/symbol (rendered as text by the web app anyway). */
const clean = (s: string, max: number) =>
  Array.from(s)
    .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, max);

export async function trc20Info(ctx: TronContext, contract: string, owner: string) {
  const hit = ctx.trc20Details.get(contract);
  if (hit) return hit;
  const call = (selector: string) =>
    ctx
      .node('token', (p, s) => p.triggerConstant(owner, contract, { selector, parameter: '' }, s))
      .then((r) => r.value);
  const [name, symbol, decimals] = await Promise.all([call('name()'), call('symbol()'), call('decimals()')]);
  if (!decimals.ok || !decimals.result) throw new HttpError(404, `Not a TRC-20 token contract: ${contract}`);
  const d = Number(BigInt(`0x${decimals.result.slice(0, 64) || '0'}`));
  if (!Number.isInteger(d) || d > 77) throw new HttpError(404, `Not a TRC-20 token contract: ${contract}`);
  const info = {
    name: clean(abiString(name.result), 200) || contract,
    symbol: clean(abiString(symbol.result), 64) || 'TRC20',
    decimals: d,
  };
  ctx.trc20Details.set(contract, info);
  return info;
}

/** A uint256 return (totalSupply(), balanceOf()); null when the call failed or returned no word. */
function abiUint(r: TronConstantRead): bigint | null {
  return r.ok && /^[0-9a-fA-F]{64}/.test(r.result) ? BigInt(`0x${r.result.slice(0, 64)}`) : null;
}

/** Total supplies read at once while checking an account's TRC-20 balances. */
const SUPPLY_READS_AT_ONCE = 8;

const balanceOfParam = (owner: string) => tronHex(owner).slice(2).padStart(64, '0');

/**
 * A TRC-20 token's total supply (totalSupply(), on the nodes): the one kept unless `atLeast` exceeds it (a token
 * can be minted since), then read again; null when no node tells it (no such function, or the nodes fail).
 */
async function trc20Supply(
  ctx: TronContext,
  contract: string,
  owner: string,
  atLeast: bigint,
): Promise<bigint | null> {
  const kept = ctx.trc20Supplies.get(contract);
  if (kept !== undefined && atLeast <= kept) return kept;
  const r = await ctx
    .node('token', (p, s) =>
      p.triggerConstant(owner, contract, { selector: 'totalSupply()', parameter: '' }, s),
    )
    .catch(() => null);
  const supply = r ? abiUint(r.value) : null;
  if (supply !== null) ctx.trc20Supplies.set(contract, supply);
  return supply;
}

/**
 * An index's TRC-20 balances of `owner` checked against each token's total supply (the guide: an amount is at most
 * its asset's supply). A balance above it is that index's malformed answer (the next index is asked) — unless the
 * token's own contract says the same (the nodes' balanceOf also above its totalSupply: a broken or hostile token, not
 * a lying index), then that token is left out of the answer. Answers the contracts left out.
 */
export async function trc20WithinSupply(
  ctx: TronContext,
  owner: string,
  list: readonly { contract: string; balance: bigint }[],
): Promise<Set<string>> {
  const broken = new Set<string>();
  const judge = async (t: { contract: string; balance: bigint }) => {
    if (t.balance === 0n || !isValidTronAddress(t.contract)) return;
    const supply = await trc20Supply(ctx, t.contract, owner, t.balance);
    if (supply === null || t.balance <= supply) return;
    const own = await ctx
      .node('token', (p, s) =>
        p.triggerConstant(
          owner,
          t.contract,
          { selector: 'balanceOf(address)', parameter: balanceOfParam(owner) },
          s,
        ),
      )
      .then((r) => abiUint(r.value))
      .catch(() => null);
    if (own !== null && own > supply) broken.add(t.contract);
    else
      throw new ProviderError(
        'malformed',
        `out of bounds: token balance above its total supply (${t.contract})`,
      );
  };
  // A few tokens at a time: the supplies are kept, so only a new token (or a grown balance) costs a node call.
  for (let i = 0; i < list.length; i += SUPPLY_READS_AT_ONCE)
    await Promise.all(list.slice(i, i + SUPPLY_READS_AT_ONCE).map(judge));
  return broken;
}

export async function trc10Info(ctx: TronContext, id: string): Promise<Trc10Details> {
  const hit = ctx.trc10Details.get(id);
  if (hit) return hit;
  const a = (await ctx.node('token', (p, s) => p.getAssetIssueById(id, s))).value;
  if (!a) throw new HttpError(404, `No TRC-10 token with id ${id}`);
  const info = {
    name: clean(a.name, 200) || id,
    symbol: clean(a.abbr || a.name, 64) || id,
    decimals: a.precision,
  };
  ctx.trc10Details.set(id, info);
  return info;
}

export async function token(ctx: TronContext, contract: string, ownerQ: unknown): Promise<TronTokenAnswer> {
  const c = parseInput(z.object({ contract: Contract }), { contract }, 'params').contract;
  const q = parseInput(z.object({ owner: Address.optional() }), ownerQ, 'query');
  if (isValidTronAddress(c)) {
    const owner = q.owner ?? c;
    const d = await trc20Info(ctx, c, owner);
    let balance = '0';
    if (q.owner) {
      const parameter = balanceOfParam(q.owner);
      // The balance and the total supply from the same node: a balance above the supply is that node's malformed
      // answer (the next node is asked).
      const r = await ctx.node(
        'token',
        async (p, s) => {
          const [b, total] = await Promise.all([
            p.triggerConstant(owner, c, { selector: 'balanceOf(address)', parameter }, s),
            p.triggerConstant(owner, c, { selector: 'totalSupply()', parameter: '' }, s),
          ]);
          return { balance: abiUint(b), supply: abiUint(total) };
        },
        (v) => {
          if (v.balance !== null && v.supply !== null)
            amount(v.balance, v.supply, 'token balance above its supply');
        },
      );
      if (r.value.balance !== null) balance = r.value.balance.toString();
    }
    const answer: TronTokenAnswer = { type: 'trc20', contract: c, ...d, balance };
    tronBounds.token(answer);
    return answer;
  }
  const d = await trc10Info(ctx, c);
  let balance = '0';
  if (q.owner) {
    const a = (await ctx.node('balance', (p, s) => p.getAccount(q.owner!, s), tronBounds.account)).value;
    balance = a.found ? (a.assets.find((x) => x.id === c)?.balance ?? 0n).toString() : '0';
  }
  return { type: 'trc10', contract: c, ...d, balance };
}
