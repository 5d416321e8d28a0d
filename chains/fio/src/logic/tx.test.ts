import { Ecc } from '@fioprotocol/fiojs';
import { describe, expect, it } from 'vitest';
import { fioContractRawAbis } from './abis';
import { buildFioAction, decodeFioTransaction, fioPushBody, fioSigningDigest, refBlockPrefix } from './tx';

const chainId = 'b20901380af44ef59c5918439a1f9a41d83669020319a80574b804a5f95cbd7e';
const block = {
  block_num: 70_000,
  id: '000111701f2d3f6f0b1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f70',
  timestamp: '2026-01-02T03:04:05.000',
};
const abis = fioContractRawAbis();
const payee = 'FIO5kJKNHwctcfUM5XZyiWSqSTM5HTzznJP9F3ZdbhaQAHEVq575o';

describe('buildFioAction', () => {
  it('serializes trnsfiopubky with TAPOS, max_fee, actor and tpid, and decodes back with the ABI', async () => {
    const tx = await buildFioAction({
      kind: 'transferTokens',
      actor: 'aloha1234512',
      fields: { payee_public_key: payee, amount: '1500000000' },
      fee: 2_000_000_000n,
      tpid: 'wallet@secux',
      chain: { chainId, block },
      abis,
    });
    expect(tx.maxFee).toBe(2_000_000_000n);
    expect(tx.sigData.startsWith(chainId)).toBe(true);
    expect(tx.sigData.endsWith('0'.repeat(64))).toBe(true);
    expect(tx.sigData.length).toBe(64 + tx.packedTrx.length + 64);
    const decoded = await decodeFioTransaction(tx.packedTrx, chainId, abis);
    expect(decoded.ref_block_num).toBe(70_000 & 0xffff);
    expect(decoded.ref_block_prefix).toBe(refBlockPrefix(block.id));
    expect(decoded.expiration).toBe('2026-01-02T03:07:05.000');
    expect(decoded.actions[0]).toMatchObject({
      account: 'fio.token',
      name: 'trnsfiopubky',
      authorization: [{ actor: 'aloha1234512', permission: 'active' }],
      data: {
        payee_public_key: payee,
        amount: '1500000000',
        max_fee: '2000000000',
        actor: 'aloha1234512',
        tpid: 'wallet@secux',
      },
    });
  });

  it('add-bundled max_fee is fee × sets, assign-address max_fee is 0', async () => {
    const bundles = await buildFioAction({
      kind: 'addBundledTransactions',
      actor: 'aloha1234512',
      fields: { fio_address: 'me@secux', bundle_sets: 2 },
      fee: 3n,
      bundleSets: 2,
      tpid: '',
      chain: { chainId, block },
      abis,
    });
    expect(bundles.maxFee).toBe(6n);
    const add = await buildFioAction({
      kind: 'addPublicAddress',
      actor: 'aloha1234512',
      fields: {
        fio_address: 'me@secux',
        public_addresses: [{ chain_code: 'LTC', token_code: 'LTC', public_address: 'ltc1qxyz' }],
      },
      fee: 600_000_000n,
      tpid: '',
      chain: { chainId, block },
      abis,
    });
    const d = await decodeFioTransaction(add.packedTrx, chainId, abis);
    expect(d.actions[0]!.data).toMatchObject({
      max_fee: '0',
      public_addresses: [{ chain_code: 'LTC', token_code: 'LTC', public_address: 'ltc1qxyz' }],
    });
  });

  it('the signature over sigData recovers the signer key (what the simulator checks)', async () => {
    const priv = Ecc.PrivateKey.fromSeed('secux fio test');
    const tx = await buildFioAction({
      kind: 'renewFioDomain',
      actor: 'aloha1234512',
      fields: { fio_domain: 'mine' },
      fee: 1n,
      tpid: '',
      chain: { chainId, block },
      abis,
    });
    const sig = Ecc.Signature.sign(Buffer.from(tx.sigData, 'hex'), priv).toString() as string;
    const body = fioPushBody(tx, sig);
    expect(body.packed_trx).toBe(tx.packedTrx);
    const recovered = Ecc.Signature.fromString(sig).recoverHash(
      Buffer.from(fioSigningDigest(tx.sigData), 'hex'),
    );
    expect(recovered.toString()).toBe(priv.toPublic().toString());
    expect(() => fioPushBody(tx, 'not a signature')).toThrow('Signature error from Device');
  });
});
