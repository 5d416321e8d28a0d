/** What the send needs: simulation (and the balance changes it shows), a blockhash and its validity, the broadcast. */
import { base58 } from '@scure/base';
import { getBase64Encoder, getCompiledTransactionMessageDecoder, getTransactionDecoder } from '@solana/kit';
import { HttpError } from '@secux-companion/server-kit/errors';
import type { BroadcastResult } from '@secux-companion/server-kit/facade';
import { ChainApiError, ProviderError } from '@secux-companion/server-kit/failover';
import type { ParsedAccount } from '../backend.js';
import { decimals, height, lamports, tokenAmount } from '../bounds.js';
import { isObj, type SolanaContext } from './context.js';

/** The first signature of a wire transaction (base64): its id. Undefined when the bytes carry none. */
function firstSignature(base64: string): string | undefined {
  const bytes = Buffer.from(base64, 'base64');
  // compact-u16 signature count (one byte below 128), then the 64-byte signatures.
  const count = bytes[0] ?? 0;
  if (count < 1 || count > 127 || bytes.length < 65) return undefined;
  return base58.encode(bytes.subarray(1, 65));
}

export async function simulate(ctx: SolanaContext, tx: string) {
  const r = await ctx.run(
    'simulate',
    (p, s) => p.simulateTransaction(tx, s),
    (v) => {
      if (v.unitsConsumed !== null) height(v.unitsConsumed, 'units consumed');
    },
  );
  const err = r.value.err;
  return {
    unitsConsumed: r.value.unitsConsumed,
    err:
      err === null || err === undefined
        ? null
        : typeof err === 'string'
          ? err
          : JSON.stringify(err).slice(0, 300),
    provider: r.provider,
  };
}

export async function blockhash(ctx: SolanaContext) {
  // One node answers both, so the height and the blockhash's last valid height come from the same view.
  const r = await ctx.run(
    'blockhash',
    async (p, s) => {
      const [b, h] = await Promise.all([p.getLatestBlockhash(s), p.getBlockHeight(s)]);
      return { ...b, blockHeight: h };
    },
    (v) => {
      height(v.lastValidBlockHeight, 'last valid block height');
      height(v.blockHeight, 'block height');
    },
  );
  return { ...r.value, provider: r.provider };
}

export async function blockhashStatus(ctx: SolanaContext, id: string) {
  const blockhash = ctx.address(id, 'blockhash');
  const r = await ctx.run(
    'blockhash',
    async (p, s) => {
      const [valid, h] = await Promise.all([p.isBlockhashValid(blockhash, s), p.getBlockHeight(s)]);
      return { valid, blockHeight: h };
    },
    (v) => height(v.blockHeight, 'block height'),
  );
  return { ...r.value, provider: r.provider };
}

export async function broadcast(ctx: SolanaContext, rawTx: string): Promise<BroadcastResult> {
  try {
    const r = await ctx.run('broadcast', (p, s) => p.sendTransaction(rawTx, s), undefined, { cls: 'submit' });
    return { hash: r.value, provider: r.provider };
  } catch (e) {
    // The node already processed this very transaction (a resend of the same bytes after a timeout): its id is its
    // first signature, and the send succeeded.
    const already =
      e instanceof ChainApiError &&
      e.code === 'rejected' &&
      (e.extra.upstreamCode === 'AlreadyProcessed' || /already been processed/i.test(e.message));
    const signature = already ? firstSignature(rawTx) : undefined;
    if (signature)
      return { hash: signature, provider: String(e instanceof ChainApiError ? e.extra.provider : '') };
    throw e;
  }
}

/** The most account keys a legacy transaction of 1232 bytes can carry (32 bytes each, with header and one signature). */
export const SIMULATION_KEYS_MAX = 64;

/** One account's state as a balance change reads it: lamports, and a token account's mint, owner and amount. */
export interface AccountSnapshot {
  lamports: string;
  /** The program owning the account. */
  program: string;
  token?: { mint: string; owner: string; amount: string; decimals: number };
}

export interface SimulatedChanges {
  /** The chain's refusal (TransactionError, as text), null when the simulation passed. */
  err: string | null;
  /** What the node charges for the message (getFeeForMessage), null when it does not price it. */
  fee: string | null;
  /** Every account the transaction names, before and after the simulation (null: does not exist). */
  accounts: { address: string; before: AccountSnapshot | null; after: AccountSnapshot | null }[];
  provider: string;
}

/** The static account keys and message (base64) of a wire transaction; a version it cannot read is refused. */
function keysOf(tx: string): { keys: string[]; message: string } {
  try {
    const decoded = getTransactionDecoder().decode(getBase64Encoder().encode(tx));
    const msg = getCompiledTransactionMessageDecoder().decode(decoded.messageBytes);
    const keys = msg.staticAccounts.map(String);
    if (!keys.length || keys.length > SIMULATION_KEYS_MAX) throw new Error('keys');
    return { keys, message: Buffer.from(decoded.messageBytes).toString('base64') };
  } catch {
    throw new HttpError(400, 'invalid body: tx: must be a Solana transaction');
  }
}

function snapshot(a: ParsedAccount | null, what: string): AccountSnapshot | null {
  if (!a) return null;
  lamports(a.lamports, `${what} lamports`);
  const info = a.parsed?.type === 'account' ? a.parsed.info : null;
  const amt = info && isObj(info.tokenAmount) ? info.tokenAmount : null;
  if (!info || !amt) return { lamports: a.lamports.toString(), program: a.owner };
  const { mint, owner } = info;
  if (typeof mint !== 'string' || typeof owner !== 'string' || typeof amt.amount !== 'string')
    throw new ProviderError('malformed', `${what}: token account without mint, owner or amount`);
  tokenAmount(amt.amount, `${what} token amount`);
  decimals(amt.decimals, `${what} decimals`);
  return {
    lamports: a.lamports.toString(),
    program: a.owner,
    token: { mint, owner, amount: amt.amount, decimals: amt.decimals as number },
  };
}

/**
 * The balance changes a transaction would make, computed by the chain: one node reads every account the transaction
 * names (getMultipleAccounts), simulates it returning the same accounts after (simulateTransaction `accounts`) and
 * prices the message (getFeeForMessage). A passing simulation must conserve lamports: what leaves the accounts is the
 * fee, exactly — an answer that creates or loses SOL otherwise is malformed and the other node is asked.
 */
export async function simulateChanges(ctx: SolanaContext, tx: string): Promise<SimulatedChanges> {
  const { keys, message } = keysOf(tx);
  const r = await ctx.run(
    'simulate',
    async (p, s) => {
      const before = await p.getMultipleAccounts(keys, s);
      const [sim, fee] = await Promise.all([p.simulateAccounts(tx, keys, s), p.getFeeForMessage(message, s)]);
      return { before, sim, fee };
    },
    (v) => {
      if (v.sim.unitsConsumed !== null) height(v.sim.unitsConsumed, 'units consumed');
      if (v.fee !== null) lamports(v.fee, 'fee');
      if (v.sim.err !== null && v.sim.err !== undefined) return;
      const sum = (l: (ParsedAccount | null)[]) => l.reduce((t, a) => t + (a?.lamports ?? 0n), 0n);
      const spent = sum(v.before) - sum(v.sim.accounts);
      if (v.fee !== null && spent !== v.fee)
        throw new ProviderError(
          'malformed',
          `simulation: ${spent} lamports left the accounts, the fee is ${v.fee}`,
        );
    },
  );
  const { before, sim, fee } = r.value;
  const err = sim.err;
  return {
    err:
      err === null || err === undefined
        ? null
        : typeof err === 'string'
          ? err
          : JSON.stringify(err).slice(0, 300),
    fee: fee === null ? null : fee.toString(),
    accounts: keys.map((address, i) => ({
      address,
      before: snapshot(before[i] ?? null, 'account'),
      after: snapshot(sim.accounts[i] ?? null, 'simulated account'),
    })),
    provider: r.provider,
  };
}
