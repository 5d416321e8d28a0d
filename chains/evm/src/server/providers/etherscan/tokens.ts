/** The explorer's token operations: token info, discovery (tokentx; Blockscout's tokenlist), balances. */
import { z } from 'zod';
import { ProviderError, validate } from '@secux-companion/server-kit/failover';
import type { TokenBalance, TokenInfo } from '@secux-companion/server-kit/types';
import { asciiOnly } from '../evmRpc.js';
import type { Explorer } from './client.js';
import { AnyTokenTxItem, TokenListItem, TokenTxItem, fungible } from './shapes.js';

export async function getTokenInfo(
  ex: Explorer,
  contract: string,
  address: string | undefined,
  signal: AbortSignal,
): Promise<TokenInfo> {
  let m = ex.meta.get(contract.toLowerCase());
  if (!m) {
    const list = validate(
      z.array(TokenTxItem),
      await ex.call(
        {
          module: 'account',
          action: 'tokentx',
          contractaddress: contract,
          page: '1',
          offset: '1',
          sort: 'desc',
        },
        signal,
      ),
      'tokentx',
    );
    if (!list[0]) throw new ProviderError('notFound', 'Contract not exist');
    m = ex.remember(list[0]);
  }
  return {
    type: 'ERC20',
    contract,
    ...m,
    ...(address ? { balance: await ex.tokenBalance(address, contract, signal) } : {}),
  };
}

export async function discoverTokens(ex: Explorer, address: string, signal: AbortSignal): Promise<string[]> {
  const size = ex.o.tokenPageSize ?? 10000;
  const seen = new Map<string, string>();
  for (let page = 1; page <= 10; page++) {
    const list = validate(
      z.array(AnyTokenTxItem),
      await ex.call(
        {
          module: 'account',
          action: 'tokentx',
          address,
          page: String(page),
          offset: String(size),
          sort: 'desc',
        },
        signal,
      ),
      'tokentx',
    );
    for (const t of fungible(list)) {
      ex.remember(t);
      seen.set(t.contractAddress.toLowerCase(), t.contractAddress);
    }
    if (list.length < size) break; // spec: stop when a page has fewer than 10000 items
  }
  return [...seen.values()];
}

export async function getTokenBalances(
  ex: Explorer,
  address: string,
  contracts: string[],
  signal: AbortSignal,
): Promise<TokenBalance[]> {
  const out: TokenBalance[] = [];
  for (const c of contracts) {
    const m = ex.meta.get(c.toLowerCase()) ?? { name: '', symbol: '', decimals: 0 };
    out.push({ type: 'ERC20', contract: c, ...m, balance: await ex.tokenBalance(address, c, signal) });
  }
  return out;
}

/** The ERC-20 tokens the address holds (`tokenlist`), their names kept for the balance lookups. */
export async function blockscoutTokens(
  ex: Explorer,
  address: string,
  signal: AbortSignal,
): Promise<string[]> {
  const list = validate(
    z.array(TokenListItem),
    await ex.call({ module: 'account', action: 'tokenlist', address }, signal),
    'tokenlist',
  );
  return list
    .filter((t) => t.type === 'ERC-20')
    .map((t) => {
      ex.meta.set(t.contractAddress.toLowerCase(), {
        name: asciiOnly(t.name ?? ''),
        symbol: asciiOnly(t.symbol ?? ''),
        decimals: Number(t.decimals || '0'),
      });
      return t.contractAddress;
    });
}
