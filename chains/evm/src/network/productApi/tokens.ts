/** The token calls: balances of the asked contracts (50 per request) and the server's token list. */
import { TOKEN_LIST_MAX, type TokenListEntry } from '../../logic/tokenList';
import { EvmNetworkError, arr, dec, obj, str } from '../http';
import type { EvmProductApiBackend, ProductApiClient } from './client';
import { ROUTES } from './routes';

type TokenCalls = Pick<EvmProductApiBackend, 'getTokenBalances' | 'getTokenList'>;

/**
 * A token-list answer: `code` 0 is success (anything else is a failure), `data` the entries. Entry fields by
 * their spec names or aliases (contract | contractAddress | address, decimals | decimal, name | tokenName,
 * symbol | tokenSymbol); an entry that is not an object or lacks a contract or decimals is skipped; at most
 * {@link TOKEN_LIST_MAX} entries are read.
 */
export function parseTokenListAnswer(v: unknown): TokenListEntry[] {
  const o = obj(v, 'token list');
  if (o.code !== 0 && o.code !== '0')
    throw new EvmNetworkError(200, 'token list: code is not 0', 'malformed');
  const text = (x: unknown) => (typeof x === 'string' ? x.slice(0, 256) : '');
  const out: TokenListEntry[] = [];
  for (const item of arr(o.data, 'token list data').slice(0, TOKEN_LIST_MAX)) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) continue;
    const e = item as Record<string, unknown>;
    const contract = e.contract ?? e.contractAddress ?? e.address;
    const rawDecimals = e.decimals ?? e.decimal;
    const decimals =
      typeof rawDecimals === 'string' && /^\d{1,2}$/.test(rawDecimals) ? Number(rawDecimals) : rawDecimals;
    if (typeof contract !== 'string' || typeof decimals !== 'number') continue;
    out.push({
      contract,
      decimals,
      name: text(e.name ?? e.tokenName),
      symbol: text(e.symbol ?? e.tokenSymbol),
    });
  }
  return out;
}

export function tokenCalls(c: ProductApiClient): TokenCalls {
  const { chain } = c;
  return {
    async getTokenBalances(address, contracts) {
      const out = new Map<string, bigint>();
      for (let i = 0; i < contracts.length; i += 50) {
        const slice = contracts.slice(i, i + 50);
        const o = obj(await c.list(ROUTES.tokens(chain, address, slice)), 'tokens');
        for (const t of arr(o.tokens, 'tokens')) {
          const x = obj(t, 'token');
          const contract = str(x.contract, 'token.contract');
          const asked = slice.find((a) => a.toLowerCase() === contract.toLowerCase()) ?? contract;
          out.set(asked, x.balance === undefined ? 0n : dec(x.balance, 'token.balance'));
        }
      }
      return out;
    },

    async getTokenList() {
      return parseTokenListAnswer(await c.get(ROUTES.tokenList(chain)));
    },
  };
}
