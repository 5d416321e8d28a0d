/**
 * The class of every call the FIO facade makes (its timeout and budget, mainnet-behaviour.md §0, §11 row 1): the
 * facade states it where it calls failover, so a history page or a submit it forgot to classify would run as a read.
 */
import { describe, expect, it } from 'vitest';
import { classProbe } from '@secux-companion/server-kit/testing/classProbe';
import { FioFacade } from './facade.js';

const ME = 'FIO5kJKNHwctcfUM5XZyiWSqSTM5HTzznJP9F3ZdbhaQAHEVq575o';

describe('FIO call classes', () => {
  it('a history page is history, a push a submit, every other call a read', async () => {
    const probe = classProbe();
    const f = new FioFacade({
      chain: 'FIO',
      providers: [probe.provider('api')],
      history: [probe.provider('history')],
      staking: [probe.provider('staking')],
      defaultProxy: 'proxy@fiomembers',
    });
    expect(
      await probe.classesOf(
        () => f.account(ME, {}),
        () => f.history(ME, {}),
        () => f.fees(),
        () => f.broadcast(JSON.stringify({ packed_trx: '00' })),
        () => f.txStatus('a'.repeat(64)),
        () => f.names(ME),
        () => f.chainRef(),
        () => f.staking(ME),
        () => f.requests(ME, 'sent'),
      ),
    ).toEqual({
      balance: 'read',
      locks: 'read',
      history: 'history',
      fees: 'read',
      broadcast: 'submit',
      'transaction status': 'read',
      names: 'read',
      info: 'read',
      'staking apr': 'read',
      voter: 'read',
      'requests sent': 'read',
    });
  });
});
