/**
 * What the mints of an account's token accounts say, read on the node that listed the token accounts (inside its
 * failover call, so a node whose answers disagree is that node's malformed answer and the other node is asked):
 *
 * - the supply of each mint a balance is held of: no balance may exceed it (the guide: every upstream amount at most
 *   the asset's supply; a node claiming more is refused);
 * - the token's name: the server's list first (verified), else the Token-2022 TokenMetadata extension of the mint,
 *   else its Metaplex Token Metadata account — these two are anyone's words and are marked unverified.
 *
 * Reads are getMultipleAccounts (jsonParsed) of at most 100 addresses each: the mints (those held with a balance
 * first, at most {@link MINTS_READ_MAX}) and the Metaplex accounts of the unlisted ones (at most
 * {@link METADATA_READ_MAX}), all in at most four calls. A token account with a balance whose mint is past the bound
 * is not served (its balance could not be checked): only a wallet of hundreds of tokens meets it.
 */
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '@secux-companion/chain-solana';
import { amount, outOfBounds } from '@secux-companion/server-kit/bounds';
import type { ParsedAccount, SolanaProvider } from '../backend.js';
import { tokenAmount } from '../bounds.js';
import { chainMeta, decodeMetaplex, metadataAddress } from '../metaplex.js';
import { MULTIPLE_ACCOUNTS_MAX } from '../providers/jsonRpc.js';
import type { TokenMeta } from '../tokens.js';
import { extensionsOf, type SolanaContext } from './context.js';

export const MINTS_READ_MAX = 300;
export const METADATA_READ_MAX = 100;

export interface MintFacts {
  /** The mint's supply, when its account was read. */
  supply: bigint | null;
  meta: TokenMeta | null;
  /** The name is the chain's (Token-2022 extension or Metaplex), not the server's list. */
  unverified: boolean;
}

/** The name a mint account's Token-2022 TokenMetadata extension gives, checked as on-chain text. */
export function token2022Meta(mint: ParsedAccount | null): TokenMeta | null {
  if (mint?.owner !== TOKEN_2022_PROGRAM || mint.parsed?.type !== 'mint') return null;
  const ext = extensionsOf(mint.parsed.info).find((e) => e.extension === 'tokenMetadata');
  return ext ? chainMeta(ext.state.name, ext.state.symbol) : null;
}

async function readMany(p: SolanaProvider, keys: readonly string[], s: AbortSignal) {
  const chunks: string[][] = [];
  for (let i = 0; i < keys.length; i += MULTIPLE_ACCOUNTS_MAX)
    chunks.push(keys.slice(i, i + MULTIPLE_ACCOUNTS_MAX));
  const answers = await Promise.all(chunks.map((c) => p.getMultipleAccounts(c, s)));
  const out = new Map<string, ParsedAccount | null>();
  chunks.forEach((c, i) => c.forEach((k, j) => out.set(k, answers[i]![j] ?? null)));
  return out;
}

/**
 * The facts of the mints held (`held`: mint → the total balance the account holds of it), read on node `p`; a balance above its
 * mint's supply, or held of a mint that does not exist, is this node's malformed answer. Mints past the read bound
 * are missing from the answer.
 */
export async function mintFacts(
  ctx: SolanaContext,
  p: SolanaProvider,
  held: ReadonlyMap<string, bigint>,
  s: AbortSignal,
): Promise<Map<string, MintFacts>> {
  // Mints held with a balance first: theirs is the supply that must be read.
  const mints = [...held.keys()].sort((a, b) => Number(held.get(b)! > 0n) - Number(held.get(a)! > 0n));
  const unlisted = mints.filter((m) => !ctx.meta(m));
  const toRead = [...new Set([...mints.filter((m) => held.get(m)! > 0n), ...unlisted])].slice(
    0,
    MINTS_READ_MAX,
  );
  const pdas = new Map<string, string>();
  for (const m of unlisted.slice(0, METADATA_READ_MAX)) pdas.set(m, await metadataAddress(m));
  const accounts = await readMany(p, [...toRead, ...pdas.values()], s);
  const out = new Map<string, MintFacts>();
  for (const m of mints) {
    const balance = held.get(m)!;
    const read = accounts.has(m);
    if (!read && balance > 0n) continue; // past the bound: not served
    const mint = read ? accounts.get(m)! : null;
    let supply: bigint | null = null;
    if (read) {
      const isMint =
        (mint?.owner === TOKEN_PROGRAM || mint?.owner === TOKEN_2022_PROGRAM) && mint.parsed?.type === 'mint';
      if (!isMint) {
        if (balance > 0n) outOfBounds('token balance of a mint that does not exist', m);
      } else {
        tokenAmount(mint.parsed!.info.supply, 'mint supply');
        supply = BigInt(mint.parsed!.info.supply as string);
        amount(balance, supply, 'token balance above its supply');
      }
    }
    const pda = pdas.get(m);
    out.set(m, { supply, ...mintName(ctx.meta(m), mint, pda ? accounts.get(pda) : null, m) });
  }
  return out;
}

/**
 * A mint's name: the server's list (verified), else the mint's Token-2022 TokenMetadata extension, else its Metaplex
 * metadata account (both unverified).
 */
export function mintName(
  listed: TokenMeta | null | undefined,
  mint: ParsedAccount | null,
  metadata: ParsedAccount | null | undefined,
  id: string,
): Pick<MintFacts, 'meta' | 'unverified'> {
  if (listed) return { meta: listed, unverified: false };
  const chain = token2022Meta(mint) ?? decodeMetaplex(accountData(metadata), id);
  return { meta: chain ? { symbol: chain.symbol, name: chain.name } : null, unverified: !!chain };
}

/** An account as the Metaplex decoder reads it: its owner and its binary data. */
function accountData(a: ParsedAccount | null | undefined) {
  return a ? { owner: a.owner, data: a.data ?? null } : null;
}
