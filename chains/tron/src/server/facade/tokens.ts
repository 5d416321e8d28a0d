/** The TRON facade's token details (TRC-20 by its calls, TRC-10 by its issue) and the token lookup. */
import { isValidTronAddress, tronHex, type Trc10Details } from '@secux-companion/chain-tron';
import { z } from 'zod';
import { HttpError, parseInput } from '@secux-companion/server-kit/errors';
import type { TronTokenAnswer } from '../answers.js';
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
      const parameter = tronHex(q.owner).slice(2).padStart(64, '0');
      const r = await ctx.node('token', (p, s) =>
        p.triggerConstant(owner, c, { selector: 'balanceOf(address)', parameter }, s),
      );
      if (r.value.ok && /^[0-9a-fA-F]{64}/.test(r.value.result))
        balance = BigInt(`0x${r.value.result.slice(0, 64)}`).toString();
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
