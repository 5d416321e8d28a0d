/**
 * The class of every call the Solana facade makes (its timeout and budget, mainnet-behaviour.md §0, §11 row 1): the
 * facade states it where it calls failover, so a signature or token account listing, or a submit, it forgot to
 * classify would run as a read.
 */
import { describe, expect, it } from 'vitest';
import { classProbe } from '@secux-companion/server-kit/testing/classProbe';
import type { SolanaProvider } from './backend.js';
import { SolanaFacade } from './facade.js';

const OWNER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
/** USDC's mint. */
const USDC = 'EPjFWJd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

describe('Solana call classes', () => {
  it('signature and token account listings are history, a broadcast a submit, every other call a read', async () => {
    const probe = classProbe();
    // No token accounts: a history page goes on to the owner's signatures.
    const node = probe.provider<SolanaProvider>('node', {
      getTokenAccountsByOwner: () => Promise.resolve([]),
    });
    const f = new SolanaFacade({ chain: 'SOL', providers: [node], balanceProviders: [node] });
    expect(
      await probe.classesOf(
        () => f.account(OWNER, {}),
        () => f.addressInfo(OWNER),
        () => f.mint(USDC),
        () => f.rent(165),
        () => f.priorityFees([OWNER]),
        () => f.fees(),
        () => f.simulate('AQ=='),
        () => f.blockhash(),
        () => f.history(OWNER, {}),
        () => f.broadcast('AQ=='),
        () => f.txStatus('1'.repeat(88)),
        () => f.rpc('getSignaturesForAddress', [OWNER]),
      ),
    ).toEqual({
      balance: 'read',
      signatures: 'history',
      tokens: 'history',
      account: 'read',
      mint: 'read',
      epoch: 'read',
      rent: 'read',
      'priority fees': 'read',
      fees: 'read',
      simulate: 'read',
      blockhash: 'read',
      history: 'history',
      broadcast: 'submit',
      getSignaturesForAddress: 'read',
    });
  });
});
