/** Token reads: balances (one batch), discovery from the server's token list, the add-token lookup. */
import { toApiAddress } from '../address';
import { balanceOfData, decodeBalance, lookupToken as lookupTokenRules, type TokenMetadata } from '../tokens';
import { heldTokens, normalizeTokenList, type HeldToken } from '../tokenList';
import type { EvmContext } from './context';

export async function getTokenBalances(
  { chain, backend }: EvmContext,
  address: string,
  contracts: readonly string[],
): Promise<Map<string, bigint>> {
  if (!contracts.length) return new Map();
  if (backend.getTokenBalances) return backend.getTokenBalances(toApiAddress(chain, address), contracts);
  const owner = toApiAddress(chain, address);
  const values = await Promise.all(
    contracts.map(async (c) => [c, decodeBalance(await backend.ethCall(c, balanceOfData(owner)))] as const),
  );
  return new Map(values);
}

/** The listed tokens held (balance above 0); a list that cannot be read is no list. */
export async function discoverListedTokens(ctx: EvmContext, address: string): Promise<HeldToken[]> {
  if (!ctx.backend.getTokenList) return [];
  let list: TokenMetadata[];
  try {
    list = normalizeTokenList(await ctx.backend.getTokenList());
  } catch {
    return []; // spec 02 §7: token-list failures give empty results silently
  }
  if (!list.length) return [];
  return heldTokens(
    list,
    await getTokenBalances(
      ctx,
      address,
      list.map((t) => t.contract),
    ),
  );
}

export async function lookupToken(
  { backend }: EvmContext,
  contract: string,
  existing: readonly string[] = [],
): Promise<TokenMetadata> {
  return lookupTokenRules({ ethCall: (to, data) => backend.ethCall(to, data) }, contract, existing);
}
