/** The FIO facade's name service (the fio routes): chain reference, ABIs, fees, names, handles' addresses. */
import { FIO_END_POINTS, isValidDomain, isValidHandle } from '@secux-companion/chain-fio';
import { z } from 'zod';
import { HttpError, parseInput } from '@secux-companion/server-kit/errors';
import { fioBounds } from '../bounds.js';
import { Code, Handle, Name, type FioContext } from './context.js';

/** The contracts whose ABIs the wallet serializes with (get_raw_abi). */
const FIO_ABI_ACCOUNTS: ReadonlySet<string> = new Set([
  'fio.token',
  'fio.address',
  'fio.reqobt',
  'fio.staking',
  'eosio',
]);

export async function chainRef(ctx: FioContext) {
  const info = await ctx.run('info', (p, s) => p.info(s));
  const num = info.value.lastIrreversibleBlockNum || info.value.headBlockNum;
  const b = await ctx.run('block', (p, s) => p.block(num, s));
  return {
    chain: ctx.chain,
    chainId: info.value.chainId,
    block: { block_num: b.value.blockNum, id: b.value.id, timestamp: b.value.timestamp },
    provider: b.provider,
  };
}

export async function abi(ctx: FioContext, account: string) {
  if (!FIO_ABI_ACCOUNTS.has(account)) throw new HttpError(400, 'invalid params: account');
  const r = await ctx.run('abi', (p, s) => p.rawAbi(account, s));
  return { account_name: r.value.account_name, abi: r.value.abi, provider: r.provider };
}

export async function fee(ctx: FioContext, endPoint: string, fioAddress: string) {
  if (!(FIO_END_POINTS as readonly string[]).includes(endPoint))
    throw new HttpError(400, 'invalid params: endPoint');
  if (fioAddress && !isValidHandle(fioAddress)) throw new HttpError(400, 'invalid query: fioAddress');
  const r = await ctx.run('fee', (p, s) => p.fee(endPoint, fioAddress, s), fioBounds.fee);
  return { chain: ctx.chain, fee: r.value.toString(), provider: r.provider };
}

export async function names(ctx: FioContext, id: string) {
  const key = ctx.key(id);
  const r = await ctx.run('names', (p, s) => p.names(key, s));
  return {
    chain: ctx.chain,
    domains: r.value.domains
      .filter((d) => isValidDomain(d.fio_domain))
      .map((d) => ({ domain: d.fio_domain, expiration: d.expiration, isPublic: d.is_public === 1 })),
    handles: r.value.addresses
      .filter((a) => isValidHandle(a.fio_address))
      .map((a) => ({ handle: a.fio_address, expiration: a.expiration, bundled: a.remaining_bundled_tx })),
    provider: r.provider,
  };
}

export async function avail(ctx: FioContext, name: string) {
  const n = parseInput(z.object({ name: Name }), { name }, 'params').name;
  const r = await ctx.run('avail', (p, s) => p.availCheck(n, s));
  return { chain: ctx.chain, name: n, registered: r.value, provider: r.provider };
}

export async function publicAddresses(ctx: FioContext, handle: string) {
  const h = parseInput(z.object({ handle: Handle }), { handle }, 'params').handle;
  const r = await ctx.run('pubAddresses', (p, s) => p.publicAddresses(h, s));
  return {
    chain: ctx.chain,
    addresses: r.value.map((a) => ({
      chainCode: a.chain_code,
      tokenCode: a.token_code,
      publicAddress: a.public_address,
    })),
    provider: r.provider,
  };
}

export async function publicAddress(ctx: FioContext, handle: string, query: unknown) {
  const h = parseInput(z.object({ handle: Handle }), { handle }, 'params').handle;
  const q = parseInput(z.object({ chain: Code, token: Code }), query, 'query');
  const r = await ctx.run('pubAddress', (p, s) => p.publicAddress(h, q.chain, q.token, s));
  return { chain: ctx.chain, address: r.value, provider: r.provider };
}
