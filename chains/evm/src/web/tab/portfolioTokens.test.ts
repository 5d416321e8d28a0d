/**
 * The EVM family's portfolio tokens (issue 33): the tokens the user switched on for the account (the Tokens tab's
 * list), their balances in one batch, the funded ones keyed for the price service in lower case; none switched on
 * means no request at all.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { EvmChain } from '../chains';
import type { EvmAccount } from './account';
import { portfolioTokens, writeTokenSettings } from './tokens';

const ADDRESS = '0x1111111111111111111111111111111111111111';
const LUSD = '0x9AD50244681e313eeF77adD770A9F3dBE000406b';
const LINK = '0x514910771AF9Ca656af840dff83E8264EcF986CA';
const account = { id: 'ETH:0', index: 0, address: ADDRESS, path: "m/44'/60'/0'" } as EvmAccount;

function chainWith(symbol: 'ETH' | 'HME', balances: Record<string, bigint>) {
  const asked: string[][] = [];
  const chain = {
    spec: { symbol, chainId: symbol === 'ETH' ? 1 : 28_945_486 },
    adapter: {
      getTokenBalances: async (_address: string, contracts: readonly string[]) => {
        asked.push([...contracts]);
        return new Map(contracts.map((c) => [c, balances[c] ?? 0n]));
      },
    },
  } as unknown as EvmChain;
  return { chain, asked };
}

afterEach(() => localStorage.clear());

describe('EVM tokens for the portfolio', () => {
  it('reads the switched-on tokens in one batch and keeps the funded ones, keyed in lower case', async () => {
    const { chain, asked } = chainWith('ETH', { [LUSD]: 2_000_000n, [LINK]: 0n });
    writeTokenSettings(1, ADDRESS, {
      known: [
        { contract: LUSD, name: 'Local USD', symbol: 'LUSD', decimals: 6 },
        { contract: LINK, name: 'Chainlink', symbol: 'LINK', decimals: 18 },
        { contract: '0x2222222222222222222222222222222222222222', name: 'Off', symbol: 'OFF', decimals: 18 },
      ],
      enabled: [LUSD, LINK],
    });
    expect(await portfolioTokens(chain, account)).toEqual([
      { contract: LUSD, priceContract: LUSD.toLowerCase(), symbol: 'LUSD', decimals: 6, balance: 2_000_000n },
    ]);
    expect(asked).toEqual([[LUSD, LINK]]);
  });

  it('asks nothing when no token is switched on; a chain without a price platform prices none', async () => {
    const eth = chainWith('ETH', {});
    expect(await portfolioTokens(eth.chain, account)).toEqual([]);
    expect(eth.asked).toEqual([]);
    const hme = chainWith('HME', { [LUSD]: 1n });
    writeTokenSettings(28_945_486, ADDRESS, {
      known: [{ contract: LUSD, name: 'Local USD', symbol: 'LUSD', decimals: 6 }],
      enabled: [LUSD],
    });
    expect((await portfolioTokens(hme.chain, account))[0]?.priceContract).toBeNull();
  });
});
