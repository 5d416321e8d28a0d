/**
 * The class of every call the TRON facade makes (its timeout and budget, mainnet-behaviour.md §0, §11 row 1): the
 * facade states it where it calls failover, so a history page, a token listing or a submit it forgot to classify
 * would run as a read.
 */
import { describe, expect, it } from 'vitest';
import { classProbe } from '@secux-companion/server-kit/testing/classProbe';
import { TronFacade } from './facade.js';

const ME = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
/** USDT on TRON. */
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe('TRON call classes', () => {
  it('history pages and the TRC-20 balances are history, a broadcast a submit, every other call a read', async () => {
    const probe = classProbe();
    const f = new TronFacade({
      chain: 'TRX',
      nodes: [probe.provider('node')],
      indexers: [probe.provider('index')],
    });
    expect(
      await probe.classesOf(
        () => f.account(ME, {}),
        () => f.history(ME, {}),
        () => f.token(USDT, {}),
        () => f.params(),
        () => f.block(),
        () => f.estimate({ owner: ME, contract: USDT, data: 'a9059cbb' }),
        () => f.tx('a'.repeat(64)),
        () => f.fees(),
        () => f.txStatus('a'.repeat(64)),
        () => f.broadcast('0a02'),
      ),
    ).toEqual({
      balance: 'read',
      resources: 'read',
      tokens: 'history',
      history: 'history',
      token: 'read',
      params: 'read',
      block: 'read',
      estimate: 'read',
      tx: 'read',
      'transaction status': 'read',
      broadcast: 'submit',
    });
  });
});
