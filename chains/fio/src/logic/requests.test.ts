import { Ecc, Fio } from '@fioprotocol/fiojs';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import { decryptContent, encryptContent, type FioRecordContent, type FioRequestContent } from './requests';

const payerPriv = Ecc.PrivateKey.fromSeed('payer of the request');
const payeePriv = Ecc.PrivateKey.fromSeed('payee of the request');
const payerKey = payerPriv.toPublic().toString() as string;
const payeeKey = payeePriv.toPublic().toString() as string;

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
/** What the device answers getSharedSecret with: SHA-512 of the ECDH x coordinate (computed apart from fiojs). */
function deviceSecret(priv: { toBuffer(): Buffer }, publicKey: string): string {
  const point = Ecc.PublicKey.fromString(publicKey).toBuffer() as Buffer;
  return hex(sha512(secp256k1.getSharedSecret(priv.toBuffer(), point, true).subarray(1)));
}
const payeeSide = deviceSecret(payeePriv, payerKey);
const payerSide = deviceSecret(payerPriv, payeeKey);
const fiojsCipher = (priv: unknown, pub: string) =>
  Fio.createSharedCipher({
    privateKey: priv,
    publicKey: pub,
    textEncoder: new TextEncoder(),
    textDecoder: new TextDecoder(),
  });

const request: FioRequestContent = {
  payeePublicAddress: 'rltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080',
  amount: '0.123456789012345',
  chainCode: 'LTC',
  tokenCode: 'LTC',
  memo: 'dinner — 晚餐',
};
const record: FioRecordContent = {
  payerPublicAddress: 'rltc1qpayer',
  payeePublicAddress: request.payeePublicAddress,
  amount: request.amount,
  chainCode: 'LTC',
  tokenCode: 'LTC',
  status: 'sent_to_blockchain',
  obtId: 'ab'.repeat(32),
  memo: '',
};

describe('FIO request content encryption', () => {
  it('both parties derive the same secret', () => {
    expect(payeeSide).toBe(payerSide);
    expect(payeeSide).toHaveLength(128);
  });

  it('decrypts what fiojs encrypted with the private keys', () => {
    const base64 = fiojsCipher(payerPriv, payeeKey).encrypt('new_funds_content', {
      payee_public_address: request.payeePublicAddress,
      amount: request.amount,
      chain_code: 'LTC',
      token_code: 'LTC',
      memo: request.memo,
      hash: null,
      offline_url: null,
    });
    expect(decryptContent('new_funds_content', base64, payeeSide)).toEqual(request);
  });

  it('fiojs decrypts what we encrypt with the device secret only', () => {
    const base64 = encryptContent('new_funds_content', request, payeeSide);
    expect(fiojsCipher(payerPriv, payeeKey).decrypt('new_funds_content', base64)).toMatchObject({
      payee_public_address: request.payeePublicAddress,
      amount: request.amount,
      chain_code: 'LTC',
      token_code: 'LTC',
      memo: request.memo,
    });
    const rec = encryptContent('record_obt_data_content', record, payerSide);
    expect(fiojsCipher(payeePriv, payerKey).decrypt('record_obt_data_content', rec)).toMatchObject({
      payer_public_address: 'rltc1qpayer',
      status: 'sent_to_blockchain',
      obt_id: record.obtId,
    });
  });

  it('is byte-for-byte what fiojs writes for the same IV', () => {
    const iv = new Uint8Array(16).fill(9);
    const ours = encryptContent('record_obt_data_content', record, payerSide, iv);
    const theirs = fiojsCipher(payeePriv, payerKey).encrypt(
      'record_obt_data_content',
      {
        payer_public_address: record.payerPublicAddress,
        payee_public_address: record.payeePublicAddress,
        amount: record.amount,
        chain_code: 'LTC',
        token_code: 'LTC',
        status: 'sent_to_blockchain',
        obt_id: record.obtId,
        memo: null,
        hash: null,
        offline_url: null,
      },
      Buffer.from(iv),
    );
    expect(ours).toBe(theirs);
    expect(decryptContent('record_obt_data_content', ours, payeeSide)).toEqual(record);
  });

  it('uses a fresh IV each time', () => {
    expect(encryptContent('new_funds_content', request, payeeSide)).not.toBe(
      encryptContent('new_funds_content', request, payeeSide),
    );
  });

  it('refuses another pair of keys, a tampered content, the wrong content type and a bad secret', () => {
    const base64 = encryptContent('new_funds_content', request, payeeSide);
    const stranger = deviceSecret(Ecc.PrivateKey.fromSeed('stranger'), payerKey);
    expect(() => decryptContent('new_funds_content', base64, stranger)).toThrow();
    const bytes = Buffer.from(base64, 'base64');
    bytes[20] = bytes[20]! ^ 1;
    expect(() => decryptContent('new_funds_content', bytes.toString('base64'), payeeSide)).toThrow();
    expect(() => decryptContent('new_funds_content', 'bm90IGVuY3J5cHRlZA==', payeeSide)).toThrow();
    expect(() => decryptContent('record_obt_data_content', base64, payeeSide)).toThrow();
    expect(() => decryptContent('new_funds_content', base64, 'ab')).toThrow();
  });
});
