/** Accounts as the RPC shows them with jsonParsed: token mints and accounts parsed, anything else base64. */
import { address as toAddress } from '@solana/kit';
import type { SolanaLedger } from './ledger.js';
import { RpcError } from './errors.js';
import {
  isMintData,
  isTokenAccountData,
  parseMint,
  parseTokenAccount,
  programName,
  tokenAccountFields,
  uiTokenAmount,
} from '../tokenLayout.js';

const TOKEN_PROGRAMS = [
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
] as const;

/** getAccountInfo's value with jsonParsed: token mints and accounts parsed, anything else base64. */
export function accountJson(l: SolanaLedger, a: string): Record<string, unknown> | null {
  return encodedAccountJson(l, l.account(a));
}

/** An account's JSON with jsonParsed (null when it does not exist): the ledger's, or a simulation's post-state. */
export function encodedAccountJson(
  l: SolanaLedger,
  acc: { lamports: bigint; programAddress: string; executable: boolean; data: ArrayLike<number> } | null,
): Record<string, unknown> | null {
  if (!acc || (acc.lamports === 0n && acc.data.length === 0)) return null;
  const data = new Uint8Array(acc.data);
  const owner = acc.programAddress;
  const base = {
    lamports: Number(acc.lamports),
    owner,
    executable: acc.executable,
    // u64::MAX as nodes send it (a JSON number beyond 2^53: readers ignore it, as the reference says)
    rentEpoch: 2 ** 64,
    space: data.length,
  };
  const parsed = isMintData(owner, data)
    ? parseMint(owner, data)
    : isTokenAccountData(owner, data)
      ? parseTokenAccount(owner, data, l.decimalsOf(tokenAccountFields(data).mint))
      : null;
  if (parsed)
    return { ...base, data: { program: parsed.program, parsed: parsed.parsed, space: data.length } };
  return { ...base, data: [Buffer.from(data).toString('base64'), 'base64'] };
}

/** A transaction's pre/post token balances: its token accounts by index, with mint, owner and amount. */
export function tokenBalances(l: SolanaLedger, keys: readonly string[]) {
  const out: unknown[] = [];
  keys.forEach((k, accountIndex) => {
    const acc = l.account(k);
    if (!acc) return;
    const data = new Uint8Array(acc.data);
    if (!isTokenAccountData(acc.programAddress, data)) return;
    const f = tokenAccountFields(data);
    out.push({
      accountIndex,
      mint: f.mint,
      owner: f.owner,
      programId: acc.programAddress,
      uiTokenAmount: uiTokenAmount(f.amount, l.decimalsOf(f.mint)),
    });
  });
  return out;
}

/** Token accounts of an owner under one program (or of one mint). */
export function tokenAccountsByOwner(
  l: SolanaLedger,
  owner: string,
  filter: { programId?: string; mint?: string },
) {
  const programs = filter.programId ? [filter.programId] : [TOKEN_PROGRAMS[0], TOKEN_PROGRAMS[1]];
  const out: { pubkey: string; account: unknown }[] = [];
  for (const p of programs) {
    if (!programName(p)) throw new RpcError(-32602, 'Invalid param: unrecognized Token program id');
    for (const acc of l.svm.getProgramAccounts(toAddress(p))) {
      const data = new Uint8Array(acc.data);
      if (!isTokenAccountData(p, data)) continue;
      const f = tokenAccountFields(data);
      if (f.owner !== owner || (filter.mint && f.mint !== filter.mint)) continue;
      out.push({ pubkey: acc.address, account: accountJson(l, acc.address) });
    }
  }
  return out;
}
