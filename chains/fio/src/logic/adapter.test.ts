import { Ecc } from '@fioprotocol/fiojs';
import { describe, expect, it } from 'vitest';
import { fioContractRawAbis } from './abis';
import { balanceOrZeros, createFioChain, fioActor } from './adapter';
import type { FioBackend } from './backend';
import { decodeFioTransaction, type FioPushBody } from './tx';

const priv = Ecc.PrivateKey.fromSeed('secux fio adapter');
const myKey = priv.toPublic().toString() as string;
const payee = Ecc.PrivateKey.fromSeed('payee').toPublic().toString() as string;
const chainId = 'b20901380af44ef59c5918439a1f9a41d83669020319a80574b804a5f95cbd7e';
const abis = fioContractRawAbis();

function fakeBackend(available: bigint, pushed: FioPushBody[], fees: string[] = []): FioBackend {
  return {
    balance: async () => ({
      balance: available + 5n,
      available,
      staked: 5n,
      locked: 0n,
      srps: '0',
      roe: '1',
      actor: fioActor(myKey),
      txCount: 1,
    }),
    history: async () => ({ operations: [], cursor: null }),
    chainRef: async () => ({
      chainId,
      block: { block_num: 10, id: '0'.repeat(16) + 'ff'.repeat(24), timestamp: '2026-01-01T00:00:00.000' },
    }),
    abi: async (a) => abis.find((x) => x.account_name === a)!,
    fee: async (endPoint, handle) => {
      fees.push(`${endPoint}:${handle}`);
      return endPoint === 'add_pub_address' ? 0n : 2_000_000_000n;
    },
    names: async () => ({ domains: [], handles: [] }),
    isRegistered: async () => false,
    publicAddresses: async () => [],
    publicAddress: async () => null,
    push: async (b) => {
      pushed.push(b);
      return 'ab'.repeat(32);
    },
  };
}
const signer = {
  signFio: async (_p: string, sigData: string) =>
    Ecc.Signature.sign(Buffer.from(sigData, 'hex'), priv).toString() as string,
};
const account = { chain: 'FIO' as const, index: 0, bip: 44 as const, path: "m/44'/235'/0'", address: myKey };

describe('FIO adapter', () => {
  it('state carries available, staked and locked', async () => {
    const a = createFioChain('FIO', fakeBackend(10n, []));
    expect(await a.getAccountState(account)).toMatchObject({
      balance: 15n,
      available: 10n,
      staked: 5n,
      locked: 0n,
    });
  });

  it("a transfer is built with the fee, signed on m/44'/235'/0'/0/0 and pushed", async () => {
    const pushed: FioPushBody[] = [];
    const a = createFioChain('FIO', fakeBackend(10_000_000_000n, pushed));
    const built = await a.build(account, { recipient: payee, amount: 1_000_000_000n });
    expect(built.review).toMatchObject({
      amount: 1_000_000_000n,
      fee: 2_000_000_000n,
      total: 3_000_000_000n,
    });
    expect(built.signRequest.path).toBe("m/44'/235'/0'/0/0");
    const sig = await a.sign(signer, built);
    const signed = a.finalize(built, sig);
    expect(await a.broadcast(signed)).toBe('ab'.repeat(32));
    const d = await decodeFioTransaction(pushed[0]!.packed_trx, chainId, abis);
    expect(d.actions[0]!.data).toMatchObject({
      payee_public_key: payee,
      amount: '1000000000',
      max_fee: '2000000000',
      actor: fioActor(myKey),
    });
    const recovered = Ecc.Signature.fromString(pushed[0]!.signatures[0]).recover(
      Buffer.from(built.signRequest.sigData, 'hex'),
    );
    expect(recovered.toString()).toBe(myKey);
  });

  it('refuses a send over the available balance and an invalid key', async () => {
    const a = createFioChain('FIO', fakeBackend(2_500_000_000n, []));
    await expect(a.build(account, { recipient: payee, amount: 1_000_000_000n })).rejects.toMatchObject({
      code: 'insufficientBalance',
    });
    await expect(a.build(account, { recipient: 'FIOnope', amount: 1n })).rejects.toMatchObject({
      code: 'invalidAddress',
    });
  });

  it('assign-address asks the fee for the handle and signs max_fee 0', async () => {
    const fees: string[] = [];
    const a = createFioChain('FIO', fakeBackend(0n, [], fees));
    const built = await a.names.build(account, {
      kind: 'addPublicAddress',
      handle: 'me@secux',
      chainCode: 'LTC',
      tokenCode: 'LTC',
      publicAddress: 'ltc1q',
    });
    expect(fees).toEqual(['add_pub_address:me@secux']);
    expect(built.unsigned.maxFee).toBe(0n);
  });

  it('a registration the balance cannot pay is refused before signing', async () => {
    const a = createFioChain('FIO', fakeBackend(1n, []));
    await expect(a.names.build(account, { kind: 'registerFioDomain', domain: 'mine' })).rejects.toMatchObject(
      { code: 'insufficientBalance' },
    );
  });

  it('a balance failure gives the spec message and zeros', async () => {
    const r = await balanceOrZeros({ balance: () => Promise.reject(new Error('upstream error 502')) }, myKey);
    expect(r.error).toBe('Failed to get FIO balance: upstream error 502');
    expect(r.cause).toBe('upstream error 502');
    expect(r.balance).toMatchObject({ balance: 0n, available: 0n, staked: 0n, locked: 0n });
  });
});
