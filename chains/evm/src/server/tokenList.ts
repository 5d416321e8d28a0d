/**
 * The operator's token list of an EVM chain (spec 02 §7 "GET /bsc_token_list: reads code (0 is success) and
 * data"), served at GET /api/chains/:chain/token-list as `{ code: 0, data: [...] }`. The wallet reads the
 * balances of the listed contracts and offers the tokens an account holds (token discovery).
 *
 * Where a chain's list comes from:
 * - CHAIN_<SYMBOL>_TOKEN_LIST=<file.json>: a JSON array of entries ({ contract, name, symbol, decimals }) read
 *   at start-up; 'none' serves an empty list;
 * - otherwise the shipped tokenLists.json (BSC and TBSC, each entry's source cited in the file);
 * - local profile: the localnet chain's own ERC-20 (endpoints.json `evm.contracts.erc20` and `evmCoins.*`, localnet's
 *   LocalUSD) is listed on each local chain, so discovery works end to end without a public network; the shipped
 *   lists name mainnet contracts, absent there, so a local chain lists only its own token unless a file is set.
 *
 * Every list is checked when it is read: at most {@link SERVED_LIST_MAX} entries, a 0x contract, decimals 0–77,
 * name and symbol of bounded length, one entry per contract (case-insensitive; the first is kept). A file that
 * fails the check stops the server with the reason (a misspelt list must not silently serve nothing).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { EVM_ADDRESS } from './address.js';

export const SERVED_LIST_MAX = 500;

export const TokenListEntry = z.object({
  contract: z.string().trim().regex(EVM_ADDRESS, { message: 'must be a 0x-prefixed 20-byte hex address' }),
  name: z.string().trim().min(1).max(64),
  symbol: z.string().trim().min(1).max(32),
  decimals: z.number().int().min(0).max(77),
});
export type TokenListEntry = z.infer<typeof TokenListEntry>;

const TokenList = z.array(TokenListEntry).max(SERVED_LIST_MAX);

const ShippedFile = z.object({ chains: z.record(z.string(), TokenList) });

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const SHIPPED_TOKEN_LISTS_FILE = path.join(HERE, 'tokenLists.json');

/** One entry per contract, case-insensitively; the first is kept. */
export function dedupeTokenList(list: readonly TokenListEntry[]): TokenListEntry[] {
  const seen = new Set<string>();
  return list.filter((t) => {
    const k = t.contract.toLowerCase();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function readJsonFile(file: string, what: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
  } catch (e) {
    throw new Error(`${what}: cannot read ${file}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

function checked<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const r = schema.safeParse(value);
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new Error(
      `${what}: ${issue ? `${issue.path.join('.') || '(list)'}: ${issue.message}` : 'invalid'}`,
    );
  }
  return r.data;
}

let shipped: Record<string, TokenListEntry[]> | undefined;
function shippedLists(): Record<string, TokenListEntry[]> {
  shipped ??= checked(
    ShippedFile,
    readJsonFile(SHIPPED_TOKEN_LISTS_FILE, 'tokenLists.json'),
    'tokenLists.json',
  ).chains;
  return shipped;
}

/** localnet's LocalUSD (localnet/src/evm.ts: "Local USD" LUSD, 6 decimals). */
const LOCAL_ERC20 = { name: 'Local USD', symbol: 'LUSD', decimals: 6 } as const;

/**
 * The list a chain serves. `setting` is CHAIN_<SYMBOL>_TOKEN_LIST (a file, or 'none'); `localErc20` the local
 * chain's ERC-20 contract in the local profile; `shipped` false leaves the shipped list out (a local chain).
 */
export function tokenListFor(
  sym: string,
  setting: string | undefined,
  localErc20?: string,
  shipped = true,
): TokenListEntry[] {
  if (setting === 'none') return [];
  const what = `CHAIN_${sym}_TOKEN_LIST`;
  const base = setting
    ? checked(TokenList, readJsonFile(setting, what), what)
    : shipped
      ? (shippedLists()[sym] ?? [])
      : [];
  const local = localErc20 && EVM_ADDRESS.test(localErc20) ? [{ contract: localErc20, ...LOCAL_ERC20 }] : [];
  return dedupeTokenList([...local, ...base]).slice(0, SERVED_LIST_MAX);
}
