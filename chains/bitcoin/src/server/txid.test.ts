/**
 * The txid of a raw transaction (facade/txid.ts `txidOf`): a broadcast resent after a timeout that the node refuses as
 * already known answers this hash (the server's resend.test.ts sends it through the routes).
 */
import { Transaction } from 'bitcoinjs-lib';
import { describe, expect, it } from 'vitest';
import { txidOf } from './facade/txid.js';

/** A segwit transaction (marker, flag, witness) and a legacy one, as bitcoinjs-lib writes them. */
function bitcoinTx(segwit: boolean): Transaction {
  const tx = new Transaction();
  tx.version = 2;
  tx.addInput(
    Buffer.alloc(32, 7),
    1,
    0xfffffffd,
    segwit ? Buffer.alloc(0) : Buffer.from('00'.repeat(20), 'hex'),
  );
  if (segwit) tx.setWitness(0, [Buffer.alloc(71, 1), Buffer.alloc(33, 2)]);
  tx.addOutput(Buffer.from(`0014${'ab'.repeat(20)}`, 'hex'), 50_000n as never);
  tx.addOutput(Buffer.from(`0014${'cd'.repeat(20)}`, 'hex'), 12_345n as never);
  tx.locktime = 850_000;
  return tx;
}

describe('a resend the node already has is a success with that transaction’s hash', () => {
  it('the txid of a raw transaction: segwit data stripped, legacy hashed whole', () => {
    for (const segwit of [true, false]) {
      const tx = bitcoinTx(segwit);
      expect(tx.hasWitnesses()).toBe(segwit);
      expect(txidOf(tx.toHex())).toBe(tx.getId());
    }
    expect(txidOf('0200')).toBeUndefined();
  });
});
