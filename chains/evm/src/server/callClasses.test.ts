/**
 * The class of every call the EVM facade makes (its timeout and budget, mainnet-behaviour.md §0, §11 row 1): the
 * facade states it where it calls failover, so a history page, a token or NFT discovery, or a submit it forgot to
 * classify would run as a read.
 */
import { describe, expect, it } from 'vitest';
import { classProbe } from '@secux-companion/server-kit/testing/classProbe';
import { EvmFacade } from './facade.js';
import { createEvmRpcPool } from './providers/evmRpc.js';

const ME = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
/** USDT on Ethereum. */
const USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

describe('EVM call classes', () => {
  it('history, token discovery and balances, NFTs are history; a broadcast a submit; every other call a read', async () => {
    const probe = classProbe();
    const f = new EvmFacade({
      chain: 'ETH',
      chainId: 1,
      pool: createEvmRpcPool([]),
      explorers: [probe.provider('explorer')],
    });
    expect(
      await probe.classesOf(
        () => f.account(ME, {}),
        () => f.tokenBalances(ME, { discover: true, contracts: [] }),
        () => f.tokenBalances(ME, { discover: false, contracts: [USDT] }),
        () => f.tokenInfo([USDT], ME),
        () => f.nonce(ME),
        () => f.gasLimit({ from: ME, to: USDT, data: '0x' }),
        () => f.fees(),
        () => f.gasOracle(),
        () => f.history(ME, {}),
        () => f.broadcast('0x02'),
        () => f.rpc('eth_blockNumber', []),
        () => f.rpc('eth_sendRawTransaction', ['0x02']),
        () => f.nfts(ME, { page: 1 }),
      ),
    ).toEqual({
      balance: 'read',
      nonce: 'read',
      'transaction count': 'read',
      'token discovery': 'history',
      'token balances': 'history',
      token: 'read',
      'gas limit': 'read',
      fees: 'read',
      'gas oracle': 'read',
      history: 'history',
      broadcast: 'submit',
      eth_blockNumber: 'read',
      eth_sendRawTransaction: 'submit',
      NFTs: 'history',
    });
  });
});
