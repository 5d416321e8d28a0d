/**
 * The class of every call the bitcoin facade makes (its timeout and budget, mainnet-behaviour.md §0, §11 row 1): the
 * facade states it where it calls failover, so a history page, an xpub scan or a submit it forgot to classify would
 * run as a read.
 */
import { describe, expect, it } from 'vitest';
import { classProbe } from '@secux-companion/server-kit/testing/classProbe';
import { UtxoFacade } from './facade.js';
import { subjectOf } from './facade/subject.js';

const XPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const ADDRESS = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';

describe('bitcoin call classes', () => {
  const probe = classProbe();
  const f = new UtxoFacade({
    chain: 'BTC',
    network: 'main',
    coinType: 0,
    feeSource: 'network',
    feeTiers: { high: 200, medium: 120, low: 60 },
    providers: [probe.provider('node')],
    feeProviders: [probe.provider('fees')],
    maxSats: 21_000_000n * 10n ** 8n,
  });

  it('an xpub account and its unspent outputs are scans (history), an address lookup a read', async () => {
    expect(
      await probe.classesOf(
        () => f.account(XPUB, {}),
        () => f.utxos(subjectOf(XPUB, undefined), false),
      ),
    ).toEqual({ balance: 'history', 'unspent outputs': 'history' });
    expect(
      await probe.classesOf(
        () => f.account(ADDRESS, {}),
        () => f.utxos(subjectOf(ADDRESS, undefined), false),
      ),
    ).toEqual({ balance: 'read', 'unspent outputs': 'read' });
  });

  it('a history page is history, a broadcast (also through the node passthrough) a submit, the rest reads', async () => {
    expect(
      await probe.classesOf(
        () => f.history(XPUB, {}),
        () => f.tx('a'.repeat(64)),
        () => f.rawTxOf('a'.repeat(64)),
        () => f.broadcast('0200'),
        () => f.txStatus('a'.repeat(64)),
        () => f.rpc('getblockcount', []),
        () => f.rpc('sendrawtransaction', ['0200']),
      ),
    ).toEqual({
      history: 'history',
      transaction: 'read',
      'raw transaction': 'read',
      broadcast: 'submit',
      'transaction status': 'read',
      getblockcount: 'read',
      sendrawtransaction: 'submit',
    });
  });
});
