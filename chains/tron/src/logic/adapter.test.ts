import { CoreError } from '@secux-companion/core';
import { describe, expect, it } from 'vitest';
import { OTHER_KEY, TEST_KEY, addressOfKey, softSigner } from '../test-signer';
import { createTronChain, type TronAccountInfo, type TronBackend } from './adapter';
import type { TronChainParams, TronResources } from './costs';
import { TronError } from './errors';
import { parseSignedTransaction, serializeSignedTransaction, txIdOf } from './tx';

const ME = addressOfKey(TEST_KEY);
const OLD = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const NEW = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const USDT = 'TG3XXyExBkPp9nzdajDZsozEu4BkaSJozs';
const ACCOUNT = { chain: 'TRX' as const, index: 0, bip: 44 as const, path: "m/44'/195'/0'", address: ME };
const params: TronChainParams = {
  bandwidthPrice: 1000n,
  energyPrice: 100n,
  createAccountFee: 100_000n,
  createNewAccountFeeInSystemContract: 1_000_000n,
};
const res = (o: Partial<TronResources> = {}): TronResources => ({
  freeNetLimit: 600n,
  freeNetUsed: 0n,
  netLimit: 0n,
  netUsed: 0n,
  energyLimit: 0n,
  energyUsed: 0n,
  ...o,
});
const inactive: TronAccountInfo = {
  balance: 0n,
  activated: false,
  txCount: 0,
  resources: res({ freeNetLimit: 0n }),
  tokens: [],
};

function backendWith(me: Partial<TronAccountInfo> = {}, energy = 65_000n, p = params) {
  const broadcasts: string[] = [];
  const estimates: string[] = [];
  const accounts: Record<string, TronAccountInfo> = {
    [ME]: {
      balance: 100_000_000n,
      activated: true,
      txCount: 3,
      resources: res(),
      tokens: [
        { type: 'trc20', contract: USDT, name: 'Tether', symbol: 'USDT', decimals: 6, balance: 50_000_000n },
        {
          type: 'trc10',
          contract: '1000001',
          name: 'Local Asset',
          symbol: 'LTA',
          decimals: 0,
          balance: 500n,
        },
      ],
      ...me,
    },
    [OLD]: { balance: 1n, activated: true, txCount: 1, resources: res(), tokens: [] },
  };
  const backend: TronBackend = {
    account: async (a) => accounts[a] ?? inactive,
    params: async () => p,
    block: async () => ({
      blockID: '00000000000003e8' + 'ab'.repeat(24),
      blockNumber: 1000,
      timestamp: 1_700_000_000_000,
    }),
    estimateEnergy: async (_o, _c, data) => {
      estimates.push(data);
      return energy;
    },
    token: async () => accounts[ME]!.tokens[0]!,
    history: async () => ({ operations: [], cursor: null }),
    broadcast: async (hex) => {
      broadcasts.push(hex);
      return txIdOf(parseSignedTransaction(hex).rawHex);
    },
  };
  return { backend, broadcasts, estimates };
}

describe('TRON adapter', () => {
  it('a TRON send may cost no fee: the Details step does not require one above 0', () => {
    expect(createTronChain(backendWith().backend).capabilities.feeMayBeZero).toBe(true);
  });

  it('sends TRX to an activated address: free bandwidth, nothing burned, signed by the owner and broadcast', async () => {
    const { backend, broadcasts } = backendWith();
    const chain = createTronChain(backend);
    const built = await chain.build(ACCOUNT, { recipient: OLD, amount: 2_000_000n });
    expect(built.review.fee).toBe(0n);
    expect(built.unsigned.activates).toBe(false);
    expect(built.signRequest.path).toBe("m/44'/195'/0'/0/0");
    expect(built.signRequest.tx).toMatchObject({ from: ME, to: OLD, amount: 2_000_000, blockNumber: 1000 });
    const signed = chain.finalize(built, await chain.sign(softSigner(), built));
    expect(signed.hash).toBe(txIdOf(built.unsigned.rawHex));
    expect(await chain.broadcast(signed)).toBe(signed.hash);
    expect(broadcasts).toHaveLength(1);
  });

  it('a new recipient pays the activation fee read from the chain and the review shows it', async () => {
    const chain = createTronChain(backendWith().backend);
    const built = await chain.build(ACCOUNT, { recipient: NEW, amount: 2_000_000n });
    expect(built.unsigned.activates).toBe(true);
    expect(built.unsigned.costs.activationFee).toBe(1_100_000n);
    expect(built.review.total).toBe(3_100_000n);
    const rows = chain.reviewRows(built);
    expect(rows.find((r) => r.testId === 'review-activation-fee')?.value).toMatchObject({
      value: 1_100_000n,
    });
  });

  it('err-39 when TRX does not cover the amount plus the activation fee', async () => {
    const chain = createTronChain(backendWith({ balance: 2_500_000n }).backend);
    await expect(chain.build(ACCOUNT, { recipient: NEW, amount: 2_000_000n })).rejects.toMatchObject({
      code: 'err-39',
    });
    await expect(chain.build(ACCOUNT, { recipient: OLD, amount: 2_000_000n })).resolves.toBeDefined();
  });

  it('send-all leaves exactly the costs (bandwidth burned once the allowance is gone)', async () => {
    const chain = createTronChain(backendWith({ resources: res({ freeNetUsed: 600n }) }).backend);
    const built = await chain.build(ACCOUNT, { recipient: OLD, amount: 0n, sendAll: true });
    expect(built.review.fee).toBeGreaterThan(0n);
    expect(built.review.amount + built.review.fee).toBe(100_000_000n);
  });

  it('a TRC-20 send estimates energy with the transfer call and burns the shortfall; the sentence says why', async () => {
    const { backend, estimates } = backendWith({ resources: res({ energyLimit: 15_000n }) });
    const chain = createTronChain(backend);
    const built = await chain.build(ACCOUNT, {
      recipient: OLD,
      amount: 1_000_000n,
      token: { contract: USDT, symbol: 'USDT', decimals: 6 },
    });
    expect(estimates[0]).toMatch(/^a9059cbb/);
    expect(built.signRequest.tx).toMatchObject({ contract: USDT, amount: '1000000', feeLimit: 40_000_000 });
    expect(built.unsigned.costs.energyBurn).toBe(5_000_000n);
    expect(chain.burnSentence(built)).toBe(
      'This send burns about 5 TRX because the account has 15000 energy.',
    );
    expect(built.review.total).toBe(built.review.fee);
  });

  it('a TRC-20 send whose burn exceeds the 40 TRX fee limit is refused before signing', async () => {
    const chain = createTronChain(backendWith({}, 130_000n, { ...params, energyPrice: 420n }).backend);
    const err = await chain
      .build(ACCOUNT, { recipient: NEW, amount: 1n, token: { contract: USDT, symbol: 'USDT', decimals: 6 } })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TronError);
    expect((err as TronError).code).toBe('tronFeeLimitExceeded');
  });

  it('a TRC-20 send with too little TRX for the burn is err-39; more tokens than held is err-31', async () => {
    const chain = createTronChain(backendWith({ balance: 1_000_000n }).backend);
    const token = { contract: USDT, symbol: 'USDT', decimals: 6 };
    await expect(chain.build(ACCOUNT, { recipient: OLD, amount: 1n, token })).rejects.toMatchObject({
      code: 'err-39',
    });
    const rich = createTronChain(backendWith().backend);
    await expect(rich.build(ACCOUNT, { recipient: OLD, amount: 60_000_000n, token })).rejects.toBeInstanceOf(
      CoreError,
    );
  });

  it('TRC-10 (an id, not a T… contract) signs a TransferAssetContract', async () => {
    const chain = createTronChain(backendWith().backend);
    const built = await chain.build(ACCOUNT, {
      recipient: OLD,
      amount: 5n,
      token: { contract: '1000001', symbol: 'LTA', decimals: 0 },
    });
    expect(built.signRequest.tx).toMatchObject({ token: '1000001', amount: 5 });
    expect(chain.finalize(built, await chain.sign(softSigner(), built)).hash).toHaveLength(64);
  });

  it("a high-s signature (as @secux/app-trx's resolveSignature sometimes returns) is taken in its low-s form", async () => {
    const chain = createTronChain(backendWith().backend);
    const built = await chain.build(ACCOUNT, { recipient: OLD, amount: 1n });
    const low = (await chain.sign(softSigner(), built)).signature!;
    const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
    const high = `${low.slice(0, 64)}${(n - BigInt(`0x${low.slice(64, 128)}`)).toString(16)}${low.slice(128) === '00' ? '01' : '00'}`;
    const device = { rawTx: serializeSignedTransaction(built.unsigned.rawHex, [high]), signature: high };
    const signed = chain.finalize(built, device);
    expect(signed.hash).toBe(txIdOf(built.unsigned.rawHex));
    expect(parseSignedTransaction(signed.raw).signatures).toEqual([low]);
  });

  it('a signature by another key is refused at finalize', async () => {
    const chain = createTronChain(backendWith().backend);
    const built = await chain.build(ACCOUNT, { recipient: OLD, amount: 1n });
    const sig = await chain.sign(softSigner(OTHER_KEY), built);
    expect(() => chain.finalize(built, sig)).toThrow(/not this account/);
  });

  it('discovers used accounts and stops after an unused one', async () => {
    const chain = createTronChain(backendWith().backend);
    const device = {
      getAccounts: async () => [],
      getAddress: async (path: string) => (path.includes("/0'/") ? ME : NEW),
    };
    const found = await chain.discoverAccounts(device);
    expect(found.map((f) => f.descriptor.address)).toEqual([ME]);
  });

  it('the account state shows bandwidth, energy and tokens', async () => {
    const chain = createTronChain(
      backendWith({ resources: res({ freeNetUsed: 100n, energyLimit: 9n }) }).backend,
    );
    const s = await chain.getAccountState(ACCOUNT);
    expect(s.extra).toEqual({ bandwidthAvailable: '500', energyAvailable: '9' });
    expect(s.tokens?.map((t) => t.standard)).toEqual(['TRC-20', 'TRC-10']);
  });
});
