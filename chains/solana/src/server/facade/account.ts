/** The Solana facade's account reads: balance, signatures and token accounts; one address's info. */
import {
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
  isValidSolanaAddress,
  programNameOf,
} from '@secux-companion/chain-solana';
import type { AccountInfo } from '@secux-companion/server-kit/types';
import type { ParsedAccount, SolanaProvider } from '../backend.js';
import { accountSize, decimals, lamports, signatures, tokenAmount } from '../bounds.js';
import { SOL_SIGNATURES_LIMIT, extensionsOf, isObj, type SolanaContext } from './context.js';
import { mintFacts } from './names.js';

export interface SolanaTokenAnswer {
  tokenAccount: string;
  mint: string;
  program: 'spl-token' | 'spl-token-2022';
  amount: string;
  decimals: number;
  frozen: boolean;
  /** Token-2022 NonTransferableAccount: the token cannot be sent. */
  nonTransferable: boolean;
  symbol: string | null;
  name: string | null;
  /** The name is the token's own (Metaplex or Token-2022 metadata), not the server's token list: anyone's words. */
  unverified: boolean;
}

/** The account answer: the generic fields and the token accounts of both programs (`tokenAccounts`). */
export type SolanaAccountAnswer = AccountInfo & { tokenAccounts: SolanaTokenAnswer[] };

function tokenOf(
  pubkey: string,
  a: ParsedAccount,
): Omit<SolanaTokenAnswer, 'symbol' | 'name' | 'unverified'> | null {
  const program = programNameOf(a.owner);
  if (!program || a.parsed?.type !== 'account') return null;
  const info = a.parsed.info;
  const ta = isObj(info.tokenAmount) ? info.tokenAmount : {};
  if (typeof info.mint !== 'string' || !isValidSolanaAddress(info.mint)) return null;
  tokenAmount(ta.amount, 'token amount');
  decimals(ta.decimals);
  return {
    tokenAccount: pubkey,
    mint: info.mint,
    program,
    amount: ta.amount as string,
    decimals: ta.decimals as number,
    frozen: info.state === 'frozen',
    nonTransferable: extensionsOf(info).some((e) => e.extension === 'nonTransferableAccount'),
  };
}

/**
 * A node's token accounts of both programs with their mints' names, read and bounded inside that node's call: an
 * amount out of u64, or above its mint's supply, is that node's malformed answer and the other node is asked.
 */
async function tokensOf(ctx: SolanaContext, p: SolanaProvider, owner: string, s: AbortSignal) {
  const lists = await Promise.all(
    [TOKEN_PROGRAM, TOKEN_2022_PROGRAM].map((program) => p.getTokenAccountsByOwner(owner, program, s)),
  );
  const tokens = lists.flat().flatMap((e) => tokenOf(e.pubkey, e.account) ?? []);
  const held = new Map<string, bigint>();
  for (const t of tokens) held.set(t.mint, (held.get(t.mint) ?? 0n) + BigInt(t.amount));
  const facts = await mintFacts(ctx, p, held, s);
  return tokens.flatMap((t): SolanaTokenAnswer[] => {
    const f = facts.get(t.mint);
    if (!f) return [];
    return [{ ...t, symbol: f.meta?.symbol ?? null, name: f.meta?.name ?? null, unverified: f.unverified }];
  });
}

export async function account(ctx: SolanaContext, id: string): Promise<SolanaAccountAnswer> {
  const address = ctx.address(id);
  const [balance, sigs, tokens] = await Promise.all([
    ctx.run(
      'balance',
      (p, s) => p.getBalance(address, s),
      (v) => lamports(v, 'balance'),
      { balance: true },
    ),
    ctx.run(
      'signatures',
      (p, s) => p.getSignaturesForAddress(address, { limit: SOL_SIGNATURES_LIMIT }, s),
      (v) => signatures(v, SOL_SIGNATURES_LIMIT),
      { cls: 'history' },
    ),
    ctx.run('tokens', (p, s) => tokensOf(ctx, p, address, s), undefined, { cls: 'history' }),
  ]);
  return {
    chain: ctx.chain,
    address,
    balance: String(balance.value),
    unconfirmedBalance: '0',
    txCount: sigs.value.length,
    tokenAccounts: tokens.value,
    provider: balance.provider,
  };
}

export async function addressInfo(ctx: SolanaContext, id: string) {
  const address = ctx.address(id);
  const r = await ctx.run(
    'account',
    (p, s) => p.getAccountInfo(address, s),
    (a) => {
      if (a) {
        lamports(a.lamports, 'lamports');
        accountSize(a.space);
      }
    },
  );
  const a = r.value;
  const info = a?.parsed?.type === 'account' ? a.parsed.info : null;
  const memo = info ? extensionsOf(info).find((e) => e.extension === 'memoTransfer') : undefined;
  return {
    exists: a !== null,
    owner: a?.owner ?? null,
    lamports: String(a?.lamports ?? 0),
    space: a?.space ?? 0,
    mint: info && typeof info.mint === 'string' && isValidSolanaAddress(info.mint) ? info.mint : null,
    memoRequired: memo?.state.requireIncomingTransferMemos === true,
    provider: r.provider,
  };
}
