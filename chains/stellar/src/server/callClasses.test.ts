/**
 * The class of every call the Stellar facade makes (its timeout and budget, mainnet-behaviour.md §0, §11 row 1): the
 * facade states it where it calls failover, so a history page or a submit it forgot to classify would run as a read
 * (Horizon's synchronous submit answers only after the ledger closes).
 */
import { Account, Asset, Keypair, Networks, Operation, TransactionBuilder } from '@stellar/stellar-sdk';
import { describe, expect, it } from 'vitest';
import { classProbe } from '@secux-companion/server-kit/testing/classProbe';
import { StellarFacade } from './facade.js';

const me = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 61));
const ME = me.publicKey();

/** A payment me signs on the public network. */
function envelope(): string {
  const tx = new TransactionBuilder(new Account(ME, '1'), { fee: '100', networkPassphrase: Networks.PUBLIC })
    .addOperation(Operation.payment({ destination: ME, asset: Asset.native(), amount: '1' }))
    .setTimeout(300)
    .build();
  tx.sign(me);
  return tx.toEnvelope().toXDR('base64');
}

describe('Stellar call classes', () => {
  it('a history page is history, a broadcast a submit, every other call a read', async () => {
    const probe = classProbe();
    const f = new StellarFacade({
      chain: 'XLM',
      networkPassphrase: Networks.PUBLIC,
      providers: [probe.provider()],
    });
    expect(
      await probe.classesOf(
        () => f.account(ME, {}),
        () => f.history(ME, {}),
        () => f.fees(),
        () => f.network(),
        () => f.broadcast(envelope()),
        () => f.txStatus('a'.repeat(64)),
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
