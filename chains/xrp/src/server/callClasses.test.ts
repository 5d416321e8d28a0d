/**
 * The class of every call the XRP facade makes (its timeout and budget, mainnet-behaviour.md §0, §11 row 1): the
 * facade states it where it calls failover, so a history page or a submit it forgot to classify would run as a read.
 */
import { describe, expect, it } from 'vitest';
import { classProbe } from '@secux-companion/server-kit/testing/classProbe';
import { XrpFacade } from './facade.js';

const ME = 'rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3';

describe('XRP call classes', () => {
  it('a history page is history, a broadcast a submit, every other call a read', async () => {
    const probe = classProbe();
    const f = new XrpFacade({ chain: 'XRP', providers: [probe.provider()] });
    expect(
      await probe.classesOf(
        () => f.account(ME, {}),
        () => f.history(ME, {}),
        () => f.fees(),
        () => f.ledger(),
        () => f.broadcast('12000022800000002400000001'),
        () => f.txStatus('A'.repeat(64)),
      ),
    ).toEqual({
      balance: 'read',
      history: 'history',
      fees: 'read',
      ledger: 'read',
      broadcast: 'submit',
      'transaction status': 'read',
    });
  });
});
