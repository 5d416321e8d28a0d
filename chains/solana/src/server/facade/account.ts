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
}

/** The account answer: the generic fields and the token accounts of both programs (`tokenAccounts`). */
export type SolanaAccountAnswer = AccountInfo & { tokenAccounts: SolanaTokenAnswer[] };

function tokenOf(ctx: SolanaContext, pubkey: string, a: ParsedAccount): SolanaTokenAnswer | null {
  const program = programNameOf(a.owner);
  if (!program || a.parsed?.type !== 'account') return null;
  const info = a.parsed.info;
  const ta = isObj(info.tokenAmount) ? info.tokenAmount : {};
  if (typeof info.mint !== 'string' || !isValidSolanaAddress(info.mint)) return null;
  tokenAmount(ta.amount, 'token amount');
  decimals(ta.decimals);
  const meta = ctx.meta(info.mint);
  return {
    tokenAccount: pubkey,
    mint: info.mint,
    program,
    amount: ta.amount as string,
    decimals: ta.decimals as number,
    frozen: info.state === 'frozen',
    nonTransferable: extensionsOf(info).some((e) => e.extension === 'nonTransferableAccount'),
    symbol: meta?.symbol ?? null,
    name: meta?.name ?? null,
  };
}

/** A node's token accounts of one program, read and bounded inside that node's call (out of bounds: next node). */
async function tokensOf(
  ctx: SolanaContext,
  p: SolanaProvider,
  owner: string,
  program: string,
  s: AbortSignal,
) {
  const list = await p.getTokenAccountsByOwner(owner, program, s);
  return list.flatMap((e) => tokenOf(ctx, e.pubkey, e.account) ?? []);
}

export async function account(ctx: SolanaContext, id: string): Promise<SolanaAccountAnswer> {
  const address = ctx.address(id);
  const [balance, sigs, spl, t22] = await Promise.all([
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
    ctx.run('tokens', (p, s) => tokensOf(ctx, p, address, TOKEN_PROGRAM, s), undefined, { cls: 'history' }),
    ctx.run('tokens', (p, s) => tokensOf(ctx, p, address, TOKEN_2022_PROGRAM, s), undefined, {
      cls: 'history',
    }),
  ]);
  const tokens = [...spl.value, ...t22.value];
  return {
    chain: ctx.chain,
    address,
    balance: String(balance.value),
    unconfirmedBalance: '0',
    txCount: sigs.value.length,
    tokenAccounts: tokens,
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
