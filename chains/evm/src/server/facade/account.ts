/** The EVM facade's account operations: balance, nonce and count, tokens (discovered or known), gas limit. */
import { ChainApiError, having } from '@secux-companion/server-kit/failover';
import type { AccountInfo, EvmCallRequest, TokenBalance, TokenInfo } from '@secux-companion/server-kit/types';
import { evmBounds } from '../bounds.js';
import type { EvmContext } from './context.js';

export async function accountOf(
  c: EvmContext,
  address: string,
  tokens: { discover: boolean; contracts: string[] },
): Promise<AccountInfo> {
  const [balance, nonce, sent] = await Promise.all([
    c.run('getBalance', 'balance', (p, s) => p.getBalance(address, s), c.bounds.balance),
    c.run('getNonce', 'nonce', (p, s) => p.getNonce(address, s), evmBounds.nonce),
    c.run('getSentCount', 'transaction count', (p, s) => p.getSentCount(address, s), evmBounds.txCount),
  ]);
  const info: AccountInfo & { tokensError?: { code: string; error: string } } = {
    chain: c.cfg.chain,
    address,
    balance: balance.value,
    unconfirmedBalance: '0',
    txCount: sent.value,
    nonce: nonce.value,
    provider: balance.provider,
  };
  if (tokens.discover || tokens.contracts.length) {
    try {
      info.tokens = await tokenBalances(c, address, tokens);
    } catch (e) {
      // Token failures never hide the coin balance; the client keeps its last known token list.
      if (!(e instanceof ChainApiError)) throw e;
      info.tokensError = { code: e.code, error: e.message };
    }
  }
  return info;
}

export async function tokenBalances(
  c: EvmContext,
  address: string,
  tokens: { discover: boolean; contracts: string[] },
): Promise<TokenBalance[]> {
  let contracts = tokens.contracts;
  if (tokens.discover) {
    if (!having(await c.providers(), 'discoverTokens').length) throw c.notConfigured('tokens');
    const found = (
      await c.run('discoverTokens', 'token discovery', (p, s) => p.discoverTokens(address, s), undefined, {
        cls: 'history',
      })
    ).value;
    const seen = new Set(contracts.map((x) => x.toLowerCase()));
    contracts = [...contracts, ...found.filter((x) => !seen.has(x.toLowerCase()))];
  }
  if (!contracts.length) return [];
  return (
    await c.run(
      'getTokenBalances',
      'token balances',
      (p, s) => p.getTokenBalances(address, contracts, s),
      evmBounds.tokens,
      { cls: 'history' },
    )
  ).value;
}

export async function tokenInfo(
  c: EvmContext,
  contracts: string[],
  address: string | undefined,
): Promise<TokenInfo[]> {
  return Promise.all(
    contracts.map(
      async (contract) =>
        (
          await c.run(
            'getTokenInfo',
            'token',
            (p, s) => p.getTokenInfo(contract, address, s),
            evmBounds.token,
          )
        ).value,
    ),
  );
}

export async function nonce(c: EvmContext, address: string): Promise<string> {
  return (await c.run('getNonce', 'nonce', (p, s) => p.getNonce(address, s), evmBounds.nonce)).value;
}

export async function gasLimit(c: EvmContext, tx: EvmCallRequest): Promise<string> {
  return (await c.run('estimateGas', 'gas limit', (p, s) => p.estimateGas(tx, s), evmBounds.gasLimit)).value;
}
