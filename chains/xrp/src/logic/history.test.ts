import { describe, expect, it } from 'vitest';
import { RIPPLE_EPOCH, operationFromAccountTx } from './history';

const ME = 'rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3';
const OTHER = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';
const HASH = 'C'.repeat(64);

describe('account_tx → Operation', () => {
  it('maps an API v2 incoming payment with its delivered amount, tag, ledger and close time', () => {
    const op = operationFromAccountTx(
      {
        hash: HASH,
        ledger_index: 90_000_001,
        close_time_iso: '2026-01-02T03:04:05Z',
        tx_json: {
          TransactionType: 'Payment',
          Account: OTHER,
          Destination: ME,
          DeliverMax: '5000000',
          Fee: '12',
          DestinationTag: 77,
        },
        meta: { TransactionResult: 'tesSUCCESS', delivered_amount: '4000000' },
        validated: true,
      },
      ME,
    );
    expect(op).toMatchObject({
      hash: HASH,
      blockHeight: 90_000_001,
      time: Date.parse('2026-01-02T03:04:05Z'),
      direction: 'in',
      value: 4_000_000n,
      fee: 12n,
      destinationTag: 77,
      isOwnTransaction: false,
    });
  });

  it('maps an API v1 outgoing payment with the Ripple-epoch date', () => {
    const op = operationFromAccountTx(
      {
        ledger_index: 5,
        tx: {
          hash: HASH,
          date: 1000,
          TransactionType: 'Payment',
          Account: ME,
          Destination: OTHER,
          Amount: '2500000',
          Fee: '10',
        },
        meta: { TransactionResult: 'tesSUCCESS', delivered_amount: '2500000' },
      },
      ME,
    );
    expect(op).toMatchObject({
      direction: 'out',
      value: 2_500_000n,
      fee: 10n,
      time: (1000 + RIPPLE_EPOCH) * 1000,
      isOwnTransaction: true,
    });
    expect(op?.destinationTag).toBeUndefined();
  });

  it('drops a transaction whose result is not tesSUCCESS', () => {
    const entry = {
      hash: HASH,
      tx_json: { TransactionType: 'Payment', Account: ME, Destination: OTHER, DeliverMax: '1', Fee: '10' },
      meta: { TransactionResult: 'tecUNFUNDED_PAYMENT' },
    };
    expect(operationFromAccountTx(entry, ME)).toBeNull();
  });

  it('keeps other transaction types with their fee and no amount', () => {
    const op = operationFromAccountTx(
      {
        hash: HASH,
        ledger_index: 9,
        tx_json: { TransactionType: 'TrustSet', Account: ME, Fee: '15' },
        meta: { TransactionResult: 'tesSUCCESS' },
      },
      ME,
    );
    expect(op).toMatchObject({ value: 0n, fee: 15n, action: 'TrustSet', direction: 'out' });
  });
});
