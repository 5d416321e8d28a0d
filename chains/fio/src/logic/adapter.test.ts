import { Ecc, Fio } from '@fioprotocol/fiojs';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import { balanceOrZeros, createFioChain, fioActor } from './adapter';
import type { FioBackend, FioRequestRecord } from './backend';
import type { FioSecretSource } from './requests';
import { decodeFioTransaction, type FioPushBody } from './tx';
import { fakeFioBackend, TEST_ABIS, TEST_CHAIN_ID } from '../testing';

const priv = Ecc.PrivateKey.fromSeed('secux fio adapter');
const myKey = priv.toPublic().toString() as string;
const payee = Ecc.PrivateKey.fromSeed('payee').toPublic().toString() as string;
const chainId = TEST_CHAIN_ID;
const abis = TEST_ABIS;

/** The account holds `available` and 5 SUF staked. */
const fakeBackend = (
  available: bigint,
  pushed: FioPushBody[],
  fees: string[] = [],
  extra: Partial<FioBackend> = {},
): FioBackend => fakeFioBackend({ available, staked: 5n, pushed, fees }, extra);
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

  it('every action carries the configured technology provider id (issue 31 item 4)', async () => {
    const pushed: FioPushBody[] = [];
    const a = createFioChain('FIO', fakeBackend(10_000_000_000n, pushed), { tpid: 'proxy@secux' });
    // a transfer
    const sent = await a.build(account, { recipient: payee, amount: 1_000_000_000n });
    await a.broadcast(a.finalize(sent, await a.sign(signer, sent)));
    // and a name-service action
    const named = await a.names.build(account, {
      kind: 'addPublicAddress',
      handle: 'me@secux',
      chainCode: 'LTC',
      tokenCode: 'LTC',
      publicAddress: 'ltc1q',
    });
    await a.names.signAndPush(signer, named);
    expect(pushed).toHaveLength(2);
    for (const body of pushed) {
      const d = await decodeFioTransaction(body.packed_trx, chainId, abis);
      expect(d.actions[0]!.data).toMatchObject({ tpid: 'proxy@secux' });
    }
    // Without a setting: the empty tpid FIO accepts.
    const none = await createFioChain('FIO', fakeBackend(10_000_000_000n, [])).build(account, {
      recipient: payee,
      amount: 1n,
    });
    expect(none.unsigned.data.tpid).toBe('');
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

/** A device that answers getSharedSecret as SecuX's FIO app does, for the given private key; records its calls. */
function fakeDevice(key: { toBuffer(): Buffer }, calls: string[] = []): FioSecretSource {
  return {
    getSharedSecret: async (path, publicKeyHex) => {
      calls.push(`${path} ${publicKeyHex}`);
      const shared = secp256k1.getSharedSecret(key.toBuffer(), Buffer.from(publicKeyHex, 'hex'), true);
      return Buffer.from(sha512(shared.subarray(1))).toString('hex');
    },
  };
}
const pointHex = (k: string) => Buffer.from(Ecc.PublicKey.fromString(k).toBuffer() as Buffer).toString('hex');
const cipher = (privateKey: unknown, publicKey: string) =>
  Fio.createSharedCipher({
    privateKey,
    publicKey,
    textEncoder: new TextEncoder(),
    textDecoder: new TextDecoder(),
  });
const payeePriv = Ecc.PrivateKey.fromSeed('payee');
const zeroFee = (extra: Partial<FioBackend> = {}) => ({ fee: async () => 0n, ...extra });
const decoded = async (body: FioPushBody) =>
  (await decodeFioTransaction(body.packed_trx, chainId, abis)).actions[0]!;
const content = {
  payeePublicAddress: 'rltc1qpayee',
  amount: '0.5',
  chainCode: 'LTC',
  tokenCode: 'LTC',
  memo: 'lunch',
};

describe('FIO payment requests', () => {
  it("a request encrypts its content with the device's secret with the payer, readable by the payer", async () => {
    const pushed: FioPushBody[] = [];
    const calls: string[] = [];
    const a = createFioChain('FIO', fakeBackend(0n, pushed, [], zeroFee()));
    const built = await a.names.build(
      account,
      { kind: 'requestFunds', handle: 'me@secux', payerHandle: 'payer@secux', payerKey: payee, content },
      '',
      fakeDevice(priv, calls),
    );
    expect(calls).toEqual([`m/44'/235'/0'/0/0 ${pointHex(payee)}`]);
    expect(built.unsigned.maxFee).toBe(0n);
    await a.names.signAndPush(signer, built);
    const action = await decoded(pushed[0]!);
    expect(action).toMatchObject({ account: 'fio.reqobt', name: 'newfundsreq' });
    expect(action.data).toMatchObject({
      payer_fio_address: 'payer@secux',
      payee_fio_address: 'me@secux',
      max_fee: '0',
    });
    expect(
      cipher(payeePriv, myKey).decrypt('new_funds_content', action.data.content as string),
    ).toMatchObject({
      payee_public_address: 'rltc1qpayee',
      amount: '0.5',
      chain_code: 'LTC',
      memo: 'lunch',
    });
  });

  it('a request needs the device, a valid payer and a well-formed content', async () => {
    const a = createFioChain('FIO', fakeBackend(0n, [], [], zeroFee()));
    const base = {
      kind: 'requestFunds' as const,
      handle: 'me@secux',
      payerHandle: 'payer@secux',
      payerKey: payee,
      content,
    };
    const device = fakeDevice(priv);
    await expect(a.names.build(account, base)).rejects.toThrow('device');
    await expect(a.names.build(account, { ...base, payerKey: 'FIOnope' }, '', device)).rejects.toMatchObject({
      code: 'invalidAddress',
    });
    await expect(
      a.names.build(account, { ...base, content: { ...content, amount: '-1' } }, '', device),
    ).rejects.toMatchObject({ code: 'err-34' });
    await expect(
      a.names.build(account, { ...base, content: { ...content, amount: '0' } }, '', device),
    ).rejects.toMatchObject({ code: 'err-34' });
    await expect(
      a.names.build(account, { ...base, content: { ...content, amount: `1.${'1'.repeat(16)}` } }, '', device),
    ).rejects.toMatchObject({ code: 'err-34' });
    await expect(
      a.names.build(account, { ...base, content: { ...content, memo: 'm'.repeat(201) } }, '', device),
    ).rejects.toThrow('200');
  });

  it('without bundles left a request pays the fee (max_fee = fee) and is refused when the balance cannot', async () => {
    const fee = async () => 800_000_000n;
    const action = {
      kind: 'requestFunds' as const,
      handle: 'me@secux',
      payerHandle: 'payer@secux',
      payerKey: payee,
      content,
    };
    const rich = createFioChain('FIO', fakeBackend(1_000_000_000n, [], [], { fee }));
    expect((await rich.names.build(account, action, '', fakeDevice(priv))).unsigned.maxFee).toBe(
      800_000_000n,
    );
    const poor = createFioChain('FIO', fakeBackend(1n, [], [], { fee }));
    await expect(poor.names.build(account, action, '', fakeDevice(priv))).rejects.toMatchObject({
      code: 'insufficientBalance',
    });
  });

  it('a record is encrypted for the payee and names the request; reject and cancel name it too', async () => {
    const pushed: FioPushBody[] = [];
    const a = createFioChain('FIO', fakeBackend(0n, pushed, [], zeroFee()));
    const record = await a.names.build(
      account,
      {
        kind: 'recordObtData',
        handle: 'me@secux',
        requestId: 12,
        payeeHandle: 'payee@secux',
        payeeKey: payee,
        content: {
          payerPublicAddress: 'rltc1qme',
          payeePublicAddress: 'rltc1qpayee',
          amount: '0.5',
          chainCode: 'LTC',
          tokenCode: 'LTC',
          status: 'sent_to_blockchain',
          obtId: 'cd'.repeat(32),
          memo: 'paid',
        },
      },
      '',
      fakeDevice(priv),
    );
    await a.names.signAndPush(signer, record);
    for (const kind of ['rejectFundsRequest', 'cancelFundsRequest'] as const)
      await a.names.signAndPush(
        signer,
        await a.names.build(account, { kind, handle: 'me@secux', requestId: 12 }),
      );
    const [rec, rej, can] = await Promise.all(pushed.map(decoded));
    expect(rec!.data).toMatchObject({
      fio_request_id: '12',
      payer_fio_address: 'me@secux',
      payee_fio_address: 'payee@secux',
    });
    expect(
      cipher(payeePriv, myKey).decrypt('record_obt_data_content', rec!.data.content as string),
    ).toMatchObject({ status: 'sent_to_blockchain', obt_id: 'cd'.repeat(32), memo: 'paid' });
    expect(rej).toMatchObject({ name: 'rejectfndreq', data: { fio_request_id: '12', max_fee: '0' } });
    expect(can).toMatchObject({ name: 'cancelfndreq', data: { fio_request_id: '12', max_fee: '0' } });
  });

  it('a request marked as paid outside the app is recorded without a transaction id', async () => {
    const pushed: FioPushBody[] = [];
    const a = createFioChain('FIO', fakeBackend(0n, pushed, [], zeroFee()));
    const markPaid = {
      kind: 'recordObtData' as const,
      handle: 'me@secux',
      requestId: 4,
      payeeHandle: 'payee@secux',
      payeeKey: payee,
      content: {
        payerPublicAddress: '',
        payeePublicAddress: '',
        amount: '',
        chainCode: '',
        tokenCode: '',
        status: 'sent_to_blockchain' as const,
        obtId: '',
        memo: '',
      },
    };
    await a.names.signAndPush(signer, await a.names.build(account, markPaid, '', fakeDevice(priv)));
    const rec = await decoded(pushed[0]!);
    expect(
      cipher(payeePriv, myKey).decrypt('record_obt_data_content', rec.data.content as string),
    ).toMatchObject({
      status: 'sent_to_blockchain',
      obt_id: '',
    });
    await expect(
      a.names.build(
        account,
        { ...markPaid, content: { ...markPaid.content, amount: '1,5' } },
        '',
        fakeDevice(priv),
      ),
    ).rejects.toMatchObject({ code: 'err-34' });
  });

  const other = { ...account, index: 1, path: "m/44'/235'/1'", address: payee };
  const wire = (over: Partial<FioRequestRecord>): FioRequestRecord => ({
    id: 1,
    payerHandle: 'payer@secux',
    payeeHandle: 'me@secux',
    payerKey: payee,
    payeeKey: myKey,
    content: '',
    timeStamp: '2026-11-24T10:00:00.000Z',
    status: 'requested',
    ...over,
  });

  it('lists sent and received of every account newest first, decrypted; an undecryptable one is kept', async () => {
    const sealed = cipher(payeePriv, myKey).encrypt('new_funds_content', {
      payee_public_address: 'rltc1qpayee',
      amount: '2',
      chain_code: 'LTC',
      token_code: 'LTC',
      memo: 'from payee',
      hash: null,
      offline_url: null,
    });
    const lists: Record<string, FioRequestRecord[]> = {
      [`${myKey} received`]: [
        wire({
          id: 1,
          payerKey: myKey,
          payeeKey: payee,
          payerHandle: 'me@secux',
          payeeHandle: 'payee@secux',
          content: sealed,
        }),
      ],
      [`${myKey} sent`]: [
        wire({ id: 2, content: 'bm90IGEgY29udGVudA==', timeStamp: '2026-11-24T12:00:00.000Z' }),
      ],
      [`${payee} sent`]: [],
      [`${payee} received`]: [],
    };
    const calls: string[] = [];
    const a = createFioChain(
      'FIO',
      fakeBackend(0n, [], [], { requests: async (key, type) => lists[`${key} ${type}`]! }),
    );
    const got = await a.names.requests([account, other], fakeDevice(priv, calls));
    expect(got.map((r) => [r.id, r.type])).toEqual([
      [2, 'sent'],
      [1, 'received'],
    ]);
    expect(got[0]).toMatchObject({ content: null, accountKey: myKey, accountPath: "m/44'/235'/0'" });
    expect(got[1]!.content).toEqual({
      payeePublicAddress: 'rltc1qpayee',
      amount: '2',
      chainCode: 'LTC',
      tokenCode: 'LTC',
      memo: 'from payee',
    });
    // The other party: the payer of a sent request, the payee of a received one.
    expect(calls).toEqual([`m/44'/235'/0'/0/0 ${pointHex(payee)}`]);
  });

  it('a failure of either list gives an empty list', async () => {
    const a = createFioChain(
      'FIO',
      fakeBackend(0n, [], [], {
        requests: async (_key, type) => {
          if (type === 'received') throw new Error('upstream error 502');
          return [wire({})];
        },
      }),
    );
    expect(await a.names.requests([account], fakeDevice(priv))).toEqual([]);
  });
});

describe('FIO staking', () => {
  it('stakes with the handle (bundled, max_fee 0) and refuses more than available', async () => {
    const pushed: FioPushBody[] = [];
    const fees: string[] = [];
    const a = createFioChain('FIO', fakeBackend(10_000_000_000n, pushed, fees, zeroFee()));
    const built = await a.names.build(account, {
      kind: 'stakeFioTokens',
      handle: 'me@secux',
      amount: 4_000_000_000n,
    });
    await a.names.signAndPush(signer, built);
    expect(await decoded(pushed[0]!)).toMatchObject({
      account: 'fio.staking',
      name: 'stakefio',
      data: { fio_address: 'me@secux', amount: '4000000000', max_fee: '0' },
    });
    await expect(
      a.names.build(account, { kind: 'stakeFioTokens', handle: 'me@secux', amount: 10_000_000_001n }),
    ).rejects.toMatchObject({ code: 'insufficientBalance' });
  });

  it('without a handle the fee is paid: max_fee is the fee and amount + fee must be available', async () => {
    const fees: string[] = [];
    const a = createFioChain('FIO', fakeBackend(10_000_000_000n, [], fees));
    const built = await a.names.build(account, {
      kind: 'stakeFioTokens',
      handle: '',
      amount: 8_000_000_000n,
    });
    expect(fees).toEqual(['stake_fio_tokens:']);
    expect(built.unsigned.maxFee).toBe(2_000_000_000n);
    await expect(
      a.names.build(account, { kind: 'stakeFioTokens', handle: '', amount: 8_000_000_001n }),
    ).rejects.toMatchObject({ code: 'insufficientBalance' });
  });

  it('unstakes at most the staked balance', async () => {
    const pushed: FioPushBody[] = [];
    const a = createFioChain('FIO', fakeBackend(10n, pushed, [], zeroFee()));
    await a.names.signAndPush(
      signer,
      await a.names.build(account, { kind: 'unStakeFioTokens', handle: 'me@secux', amount: 5n }),
    );
    expect((await decoded(pushed[0]!)).data).toMatchObject({ amount: '5', fio_address: 'me@secux' });
    await expect(
      a.names.build(account, { kind: 'unStakeFioTokens', handle: 'me@secux', amount: 6n }),
    ).rejects.toMatchObject({ code: 'insufficientBalance' });
  });

  it('proxies its vote to a proxy', async () => {
    const pushed: FioPushBody[] = [];
    const a = createFioChain('FIO', fakeBackend(10n, pushed, [], zeroFee()));
    await a.names.signAndPush(
      signer,
      await a.names.build(account, { kind: 'proxyVote', handle: 'me@secux', proxy: 'proxy@secux' }),
    );
    expect(await decoded(pushed[0]!)).toMatchObject({
      account: 'eosio',
      name: 'voteproxy',
      data: { proxy: 'proxy@secux', fio_address: 'me@secux', max_fee: '0', actor: fioActor(myKey) },
    });
  });

  it('reads the staking state through the backend', async () => {
    const info = {
      apr7d: 11.5,
      voted: true,
      proxy: 'proxy@secux',
      defaultProxy: 'proxy@secux',
      lock: { amount: 5n, remaining: 5n, unlockAt: '2026-12-01T00:00:00.000Z' },
    };
    const a = createFioChain('FIO', fakeBackend(0n, [], [], { staking: async () => info }));
    expect(await a.names.staking(myKey)).toEqual(info);
  });
});
