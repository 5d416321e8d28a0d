/**
 * The class of every call the BNB Beacon Chain facade makes with an archive configured (its timeout and budget,
 * mainnet-behaviour.md §0, §11 row 1): the facade states it where it calls failover, so a history page it forgot to
 * classify would run as a read.
 */
import { describe, expect, it } from 'vitest';
import { classProbe } from '@secux-companion/server-kit/testing/classProbe';
import { BnbFacade } from './facade.js';

const ME = 'bnb1jxfh2g85q3v0tdq56fnevx6xcxtcnhtsmcu64m';

describe('BNB call classes', () => {
  it('a history page is history, the balance a read', async () => {
    const probe = classProbe();
    const f = new BnbFacade({ chain: 'BNB', providers: [probe.provider()] });
    expect(
      await probe.classesOf(
        () => f.account(ME, {}),
        () => f.history(ME, {}),
      ),
    ).toEqual({ balance: 'read', history: 'history' });
  });
});
