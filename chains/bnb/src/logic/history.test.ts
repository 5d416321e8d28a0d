import { describe, expect, it } from 'vitest';
import { bnbBalance, operationFromArchiveTx, parseFixed8 } from './history';

const ME = 'bnb1jxfh2g85q3v0tdq56fnevx6xcxtcnhtsmcu64m';
const OTHER = 'bnb1grpf0955h0ykzq3ar5nmum7y6gdfl6lxfn46h2';
const HASH = 'e81bab8e555819e4211d62e2e1b4b5b1aa1aa1ab1d0f4b9b3c8b9f5e2c3d4e5f';

describe('fixed8 amounts', () => {
  it('turns "1.23450000" into 123450000 units, and refuses what is not such a string', () => {
    expect(parseFixed8('1.23450000')).toBe(123_450_000n);
    expect(parseFixed8('0.000075')).toBe(7_500n);
    expect(parseFixed8('12')).toBe(1_200_000_000n);
    expect(parseFixed8('-1')).toBeUndefined();
    expect(parseFixed8('1e5')).toBeUndefined();
    expect(parseFixed8('0.000000001')).toBeUndefined();
    expect(parseFixed8('999999999999.0')).toBeUndefined();
  });
  it('the BNB balance is free + locked + frozen of the BNB line only', () => {
    expect(
      bnbBalance([
        { symbol: 'BTCB-1DE', free: 5n, locked: 0n, frozen: 0n },
        { symbol: 'BNB', free: 100n, locked: 20n, frozen: 3n },
      ]),
    ).toBe(123n);
    expect(bnbBalance([])).toBe(0n);
  });
});

describe('archive transactions as Operations', () => {
  it('an outgoing BNB transfer with a memo and its fee', () => {
    const op = operationFromArchiveTx(
      {
        txHash: HASH,
        blockHeight: 754,
        timeStamp: '2024-11-01T00:00:00.000Z',
        fromAddr: ME,
        toAddr: OTHER,
        value: '0.50000000',
        txAsset: 'BNB',
        txFee: '0.00007500',
        code: 0,
        memo: 'hi',
      },
      ME,
    );
    expect(op).toMatchObject({
      hash: HASH.toUpperCase(),
      direction: 'out',
      value: 50_000_000n,
      fee: 7_500n,
      blockHeight: 754,
      time: Date.parse('2024-11-01T00:00:00.000Z'),
      memo: 'hi',
      isOwnTransaction: true,
    });
    expect(op?.token).toBeUndefined();
    expect(op?.failed).toBeUndefined();
  });
  it('an incoming BEP2 token is a token operation; a non-zero code is failed', () => {
    const op = operationFromArchiveTx(
      {
        txHash: HASH,
        blockHeight: 1,
        timeStamp: 1_700_000_000_000,
        fromAddr: OTHER,
        toAddr: ME,
        value: '3',
        txAsset: 'BTCB-1DE',
        txFee: '0',
        code: 1,
      },
      ME,
    );
    expect(op).toMatchObject({
      direction: 'in',
      value: 300_000_000n,
      token: { symbol: 'BTCB', contract: 'BTCB-1DE', decimals: 8 },
      failed: true,
    });
  });
  it('refuses an entry without a hash or with an unreadable amount', () => {
    expect(operationFromArchiveTx({ txHash: 'x', value: '1' }, ME)).toBeUndefined();
    expect(operationFromArchiveTx({ txHash: HASH, value: 'lots' }, ME)).toBeUndefined();
    expect(operationFromArchiveTx(null, ME)).toBeUndefined();
  });
});
