/**
 * Payment requests through the device (the emulator under the SecuX SDK): the payee's account encrypts a request with
 * the secret its device computes with the payer's key, the device signs it, and the payer's account — another device
 * account — reads it back decrypted with its own secret; the payer's record goes the other way. No private key is
 * handled outside the device.
 */
import { connectEmulator, type SecuxDevice } from '@secux-companion/device';
import { SecuxEmulator } from '@secux-companion/emulator';
import { Ecc } from '@fioprotocol/fiojs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFioChain } from './logic/adapter';
import type { FioBackend, FioRequestRecord } from './logic/backend';
import { decryptContent } from './logic/requests';
import { fioPublicKeyHex } from './logic/rules';
import { decodeFioTransaction, type FioPushBody } from './logic/tx';
import { fakeFioBackend, TEST_ABIS, TEST_CHAIN_ID } from './testing';

const chainId = TEST_CHAIN_ID;
const abis = TEST_ABIS;

let device: SecuxDevice;
let payeeKey: string;
let payerKey: string;
beforeAll(async () => {
  device = await connectEmulator(new SecuxEmulator({ autoApprove: true }));
  payeeKey = await device.getAddress("m/44'/235'/0'/0/0");
  payerKey = await device.getAddress("m/44'/235'/1'/0/0");
}, 60_000);
afterAll(() => device?.disconnect());

function chainOver(pushed: FioPushBody[], requests: FioBackend['requests'] = async () => []) {
  return createFioChain('FIO', fakeFioBackend({ pushed }, { fee: async () => 0n, requests }));
}

const account = (index: number, address: string) => ({
  chain: 'FIO' as const,
  index,
  bip: 44 as const,
  path: `m/44'/235'/${index}'`,
  address,
});

describe('FIO requests on the device (emulator)', () => {
  it('a request the payee encrypts and signs on the device is read decrypted by the payer', async () => {
    const pushed: FioPushBody[] = [];
    const fio = chainOver(pushed);
    const content = {
      payeePublicAddress: 'rltc1qpayee',
      amount: '0.25',
      chainCode: 'LTC',
      tokenCode: 'LTC',
      memo: 'for the tickets',
    };
    const built = await fio.names.build(
      account(0, payeeKey),
      { kind: 'requestFunds', handle: 'emulator@secux', payerHandle: 'payer@secux', payerKey, content },
      '',
      device,
    );
    await fio.names.signAndPush(device, built);
    const signature = Ecc.Signature.fromString(pushed[0]!.signatures[0]);
    expect(signature.recover(Buffer.from(built.signRequest.sigData, 'hex')).toString()).toBe(payeeKey);
    const { actions } = await decodeFioTransaction(pushed[0]!.packed_trx, chainId, abis);
    const sealed = actions[0]!.data.content as string;

    const listed: FioRequestRecord = {
      id: 3,
      payerHandle: 'payer@secux',
      payeeHandle: 'emulator@secux',
      payerKey,
      payeeKey,
      content: sealed,
      timeStamp: '2026-11-24T10:00:00.000Z',
      status: 'requested',
    };
    const reader = chainOver([], async (key, type) =>
      (key === payerKey && type === 'received') || (key === payeeKey && type === 'sent') ? [listed] : [],
    );
    const both = await reader.names.requests([account(0, payeeKey), account(1, payerKey)], device);
    expect(both.map((r) => [r.type, r.accountPath, r.content])).toEqual([
      ['received', "m/44'/235'/1'", content],
      ['sent', "m/44'/235'/0'", content],
    ]);
  });

  it("the payer's record is read by the payee with its own device secret", async () => {
    const pushed: FioPushBody[] = [];
    const fio = chainOver(pushed);
    const record = {
      payerPublicAddress: 'rltc1qpayer',
      payeePublicAddress: 'rltc1qpayee',
      amount: '0.25',
      chainCode: 'LTC',
      tokenCode: 'LTC',
      status: 'sent_to_blockchain' as const,
      obtId: 'ef'.repeat(32),
      memo: '',
    };
    const built = await fio.names.build(
      account(1, payerKey),
      {
        kind: 'recordObtData',
        handle: 'payer@secux',
        requestId: 3,
        payeeHandle: 'emulator@secux',
        payeeKey,
        content: record,
      },
      '',
      device,
    );
    await fio.names.signAndPush(device, built);
    const { actions } = await decodeFioTransaction(pushed[0]!.packed_trx, chainId, abis);
    const secret = await device.getSharedSecret("m/44'/235'/0'/0/0", fioPublicKeyHex(payerKey));
    expect(decryptContent('record_obt_data_content', actions[0]!.data.content as string, secret)).toEqual(
      record,
    );
  });
});
