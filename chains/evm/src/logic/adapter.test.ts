import { CoreError } from '@secux-companion/core';
import { decodeFunctionData, encodeAbiParameters, parseTransaction, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { RECIPIENT, TEST_ACCOUNT } from '../test/keys';
import { createEvmAdapter, type EvmBackend, type EvmSigner } from './adapter';
import { customEvmChain, nativeEvmChain, L1_GAS_PRICE_ORACLE, type EvmChainSpec } from './chains';
import { ERC20_CALLS } from './tokens';
import { toSerializable, type EvmTxPlan } from './tx';

const G = 1_000_000_000n;
const ME = TEST_ACCOUNT.address;
const LUSD = '0x9AD50244681e313eeF77adD770A9F3dBE000406b';
const ACCOUNT = { chain: 'ETH' as const, index: 0, bip: 44 as const, path: "m/44'/60'/0'", address: ME };
const u = (n: bigint) => encodeAbiParameters([{ type: 'uint256' }], [n]);

interface FakeOpts {
  balance?: bigint;
  nonce?: number;
  txCount?: number;
  estimate?: bigint | Error;
  history?: { baseFeePerGas: bigint[]; reward: bigint[][] } | null;
  gasPrice?: bigint;
  oracle?: { fast: string; propose: string; safe: string } | null | Error;
  l1Fee?: bigint;
  tokenBalance?: bigint;
  failNonce?: boolean;
}

function fakeBackend(o: FakeOpts = {}): EvmBackend & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    async getAccount(address) {
      calls.push(`account:${address}`);
      return { balance: o.balance ?? 10n ** 18n, nonce: o.nonce ?? 4, txCount: o.txCount ?? 4 };
    },
    async getNonce() {
      calls.push('nonce');
      if (o.failNonce) throw new Error('backend down');
      return o.nonce ?? 4;
    },
    async getGasPrice() {
      calls.push('gasPrice');
      return o.gasPrice ?? 3n * G;
    },
    async getFeeHistory(blocks, percentiles) {
      calls.push(`feeHistory:${blocks}:${percentiles.join(',')}`);
      return o.history === undefined
        ? { baseFeePerGas: [10n * G, 10n * G, 10n * G, 10n * G], reward: [[1n * G, 2n * G, 3n * G]] }
        : o.history;
    },
    async getGasOracle() {
      calls.push('gasOracle');
      if (o.oracle instanceof Error) throw o.oracle;
      return o.oracle === undefined ? { fast: '7', propose: '6', safe: '5' } : o.oracle;
    },
    async estimateGas(call) {
      calls.push(`estimate:${call.to}:${call.value ?? 0n}`);
      if (o.estimate instanceof Error) throw o.estimate;
      return o.estimate ?? (call.data ? 52_000n : 21_000n);
    },
    async ethCall(to, data) {
      calls.push(`call:${to}:${data.slice(0, 10)}`);
      if (to === L1_GAS_PRICE_ORACLE) return u(o.l1Fee ?? 1000n);
      if (data === ERC20_CALLS.decimals) return u(6n);
      if (data === ERC20_CALLS.name) return encodeAbiParameters([{ type: 'string' }], ['Local USD']);
      if (data === ERC20_CALLS.symbol) return encodeAbiParameters([{ type: 'string' }], ['LUSD']);
      if (data.startsWith('0x70a08231')) return u(o.tokenBalance ?? 5_000_000n);
      return '0x';
    },
    async getTransactions(address, cursor) {
      calls.push(`history:${cursor}`);
      return {
        records: [
          {
            hash: '0x1',
            blockNumber: 1,
            timeStamp: 1,
            from: address,
            to: RECIPIENT,
            value: 1n,
            isError: true,
          },
          { hash: '0x2', blockNumber: 2, timeStamp: 2, from: RECIPIENT, to: address, value: 2n },
          {
            hash: '0x3',
            blockNumber: 3,
            timeStamp: 3,
            from: address,
            to: LUSD,
            value: 0n,
            gasUsed: 1n,
            gasPrice: 1n,
          },
          {
            hash: '0x3',
            blockNumber: 3,
            timeStamp: 3,
            from: address,
            to: RECIPIENT,
            value: 9n,
            token: { contract: LUSD, symbol: 'LUSD', decimals: 6 },
          },
        ],
        cursor: cursor ? null : 'next',
      };
    },
    async broadcast(raw) {
      calls.push(`broadcast:${raw.slice(0, 6)}`);
      return '0xhash';
    },
  };
}

const signer: EvmSigner = {
  async signEth(_path, unsigned) {
    const tx = parseTransaction(unsigned as Hex);
    return { rawTx: await TEST_ACCOUNT.signTransaction(tx as never) };
  },
};

const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e instanceof CoreError ? e.code : String(e);
  }
  return 'ok';
};

describe('EVM adapter: fees', () => {
  it('ETH: eth_feeHistory (3 blocks, 25/50/75) → Gwei tiers', async () => {
    const b = fakeBackend();
    const a = createEvmAdapter(nativeEvmChain('ETH'), b);
    expect(await a.getFees()).toEqual({
      tiers: { high: 23, medium: 22, low: 21 },
      unit: 'Gwei',
      hidden: false,
    });
    expect(b.calls).toContain('feeHistory:3:25,50,75');
  });
  it('ETH: the legacy gas price when all tiers are 0 or the history fails', async () => {
    const zero = createEvmAdapter(
      nativeEvmChain('ETH'),
      fakeBackend({ history: { baseFeePerGas: [1n, 1n], reward: [[0n, 0n, 0n]] } }),
    );
    expect((await zero.getEvmFees()).tiers.high).toEqual({ type: 'legacy', gasPrice: 3n * G });
    const b = fakeBackend();
    b.getFeeHistory = async () => {
      throw new Error('unsupported');
    };
    expect((await createEvmAdapter(nativeEvmChain('ETH'), b).getEvmFees()).source).toBe('gasPrice');
  });
  it('BSC: gas oracle; 5 Gwei when it fails; fee hidden', async () => {
    const bsc = nativeEvmChain('BSC');
    expect(await createEvmAdapter(bsc, fakeBackend()).getFees()).toEqual({
      tiers: { high: 7, medium: 6, low: 5 },
      unit: 'Gwei',
      hidden: true,
    });
    expect((await createEvmAdapter(bsc, fakeBackend({ oracle: new Error('x') })).getFees()).tiers).toEqual({
      high: 5,
      medium: 5,
      low: 5,
    });
    const noOracle = fakeBackend();
    delete noOracle.getGasOracle;
    expect((await createEvmAdapter(bsc, noOracle).getFees()).tiers.medium).toBe(5);
  });
  it('XDC and HME: network fee tiers (prices paid at 25/50/75 in eth_feeHistory), signed as legacy gas prices', async () => {
    for (const sym of ['XDC', 'HME'] as const) {
      const b = fakeBackend();
      const a = createEvmAdapter(nativeEvmChain(sym), b);
      expect((await a.getFees()).tiers).toEqual({ high: 13, medium: 12, low: 11 });
      expect(b.calls).toContain('feeHistory:3:25,50,75');
      expect((await a.getEvmFees()).tiers.low).toEqual({ type: 'legacy', gasPrice: 11n * G });
    }
    // No history: the node's gas price for every tier.
    const none = fakeBackend();
    none.getFeeHistory = async () => {
      throw new Error('unsupported');
    };
    expect((await createEvmAdapter(nativeEvmChain('XDC'), none).getFees()).tiers).toEqual({
      high: 3,
      medium: 3,
      low: 3,
    });
  });
});

describe('EVM adapter: build, sign, finalize', () => {
  it('coin send: EIP-1559 plan with nonce, estimate and fee; review; finalize', async () => {
    const b = fakeBackend();
    const a = createEvmAdapter(nativeEvmChain('ETH'), b);
    const built = await a.build(ACCOUNT, {
      intent: { kind: 'coin', to: RECIPIENT.toLowerCase(), amount: 10n ** 16n },
      feeMode: 'medium',
    });
    expect(built.unsigned).toMatchObject({
      chainId: 1,
      nonce: 4,
      to: RECIPIENT,
      value: 10n ** 16n,
      gas: 21_000n,
      data: '0x',
    });
    expect(built.unsigned.fee).toEqual({
      type: 'eip1559',
      maxFeePerGas: 22n * G,
      maxPriorityFeePerGas: 2n * G,
    });
    expect(built.signRequest.path).toBe("m/44'/60'/0'/0/0");
    expect(built.signRequest.unsignedTx.startsWith('0x02')).toBe(true);
    expect(built.review).toEqual({
      recipient: RECIPIENT,
      amount: 10n ** 16n,
      fee: 22n * G * 21_000n,
      feeRate: 22,
      total: 10n ** 16n + 22n * G * 21_000n,
    });
    expect(built.details).toMatchObject({ l1Fee: 0n, feeTooHigh: false, nonceSource: 'backend' });
    // No layer-1 fee on Ethereum: no layer-1 row.
    expect(a.reviewRows(built).map((r) => r.labelKey)).toEqual([
      'send.recipient',
      'send.amountLabel',
      'send.networkFee',
      'evm.gasPrice',
      'send.total',
    ]);
    const sig = await a.sign(signer, built);
    const signed = a.finalize(built, sig);
    expect(signed.hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await a.broadcast(signed)).toBe('0xhash');
  });

  it('send-all = balance − fee (estimated with value 0)', async () => {
    const b = fakeBackend({ balance: 10n ** 18n });
    const a = createEvmAdapter(nativeEvmChain('ETH'), b);
    const built = await a.build(ACCOUNT, {
      intent: { kind: 'coin', to: RECIPIENT, amount: 0n },
      feeMode: 'high',
      sendAll: true,
    });
    expect(built.unsigned.value).toBe(10n ** 18n - 23n * G * 21_000n);
    expect(built.review.total).toBe(10n ** 18n);
    expect(b.calls).toContain(`estimate:${RECIPIENT}:0`);
  });

  it('layer-1 fee × 1.25 on an OP-stack chain is reserved in send-all', async () => {
    const spec: EvmChainSpec = customEvmChain({
      chainId: 10,
      name: 'OP Mainnet',
      nativeCurrency: { symbol: 'ETH', decimals: 18 },
      rpcs: ['https://mainnet.optimism.io'],
    });
    const b = fakeBackend({ balance: 10n ** 18n, l1Fee: 4000n });
    const a = createEvmAdapter(spec, b);
    const built = await a.build(
      { ...ACCOUNT, chain: 'EVM' },
      { intent: { kind: 'coin', to: RECIPIENT, amount: 0n }, feeMode: 'low', sendAll: true },
    );
    expect(built.details.l1Fee).toBe(5000n);
    // The review shows the layer-1 fee right under the network fee, in the chain's coin.
    const rows = a.reviewRows(built);
    expect(rows.map((r) => r.labelKey)).toEqual([
      'send.recipient',
      'send.amountLabel',
      'send.networkFee',
      'evm.l1Fee',
      'evm.gasPrice',
      'send.total',
    ]);
    expect(rows[3]!.value).toEqual({ type: 'amount', value: 5000n, decimals: 18, symbol: 'ETH' });
    expect(built.unsigned.value).toBe(10n ** 18n - 21n * G * 21_000n - 5000n);
    expect(built.unsigned.chainId).toBe(10);
    expect(b.calls.some((c) => c.startsWith(`call:${L1_GAS_PRICE_ORACLE}:`))).toBe(true);
  });

  it("fee above the balance → 'The network fee is higher than account's balance…'; too much → err-02", async () => {
    const a = createEvmAdapter(nativeEvmChain('ETH'), fakeBackend({ balance: 1000n }));
    expect(
      await codeOf(a.build(ACCOUNT, { intent: { kind: 'coin', to: RECIPIENT, amount: 1n }, feeMode: 'low' })),
    ).toBe('evmFeeHigherThanBalance');
    const rich = createEvmAdapter(nativeEvmChain('ETH'), fakeBackend({ balance: 10n ** 18n }));
    expect(
      await codeOf(
        rich.build(ACCOUNT, { intent: { kind: 'coin', to: RECIPIENT, amount: 10n ** 18n }, feeMode: 'low' }),
      ),
    ).toBe('err-02');
  });

  it('invalid recipient → invalidAddress; XDC accepts the xdc prefix', async () => {
    const a = createEvmAdapter(nativeEvmChain('ETH'), fakeBackend());
    expect(
      await codeOf(a.build(ACCOUNT, { intent: { kind: 'coin', to: '0x1234', amount: 1n }, feeMode: 'low' })),
    ).toBe('invalidAddress');
    const xdc = createEvmAdapter(nativeEvmChain('XDC'), fakeBackend());
    const built = await xdc.build(
      { ...ACCOUNT, chain: 'XDC', address: `xdc${ME.slice(2)}` },
      { intent: { kind: 'coin', to: `xdc${RECIPIENT.slice(2)}`, amount: 1n }, feeMode: 'medium' },
    );
    expect(built.unsigned.to).toBe(RECIPIENT);
    expect(built.unsigned.fee).toEqual({ type: 'legacy', gasPrice: 12n * G });
    expect(built.review.recipient).toBe(`xdc${RECIPIENT.slice(2)}`);
    expect(built.signRequest.unsignedTx.endsWith('328080')).toBe(true); // EIP-155 chain id 50
    expect(xdc.receiveAddress({ ...ACCOUNT, chain: 'XDC' })).toEqual({
      address: `xdc${ME.slice(2)}`,
      path: "m/44'/60'/0'/0/0",
      instructionKey: 'receive.xdc',
    });
  });

  it('ERC-20 send: transfer data, token balance batch, err-31 and err-36 (BNB on BSC)', async () => {
    const b = fakeBackend({ tokenBalance: 5_000_000n });
    const a = createEvmAdapter(nativeEvmChain('ETH'), b);
    const built = await a.build(ACCOUNT, {
      intent: { kind: 'token', contract: LUSD, to: RECIPIENT, amount: 1_000_000n },
      feeMode: 'medium',
    });
    expect(built.unsigned).toMatchObject({ to: LUSD, value: 0n, gas: 52_000n });
    const call = decodeFunctionData({
      abi: [
        {
          type: 'function',
          name: 'transfer',
          inputs: [{ type: 'address' }, { type: 'uint256' }],
          outputs: [],
          stateMutability: 'nonpayable',
        },
      ] as const,
      data: built.unsigned.data,
    });
    expect(call.args).toEqual([RECIPIENT, 1_000_000n]);
    expect(built.review.total).toBe(built.review.fee);
    expect(
      await codeOf(
        a.build(ACCOUNT, {
          intent: { kind: 'token', contract: LUSD, to: RECIPIENT, amount: 6_000_000n },
          feeMode: 'medium',
        }),
      ),
    ).toBe('err-31');
    const bsc = createEvmAdapter(nativeEvmChain('BSC'), fakeBackend({ balance: 10n }));
    const e = await bsc
      .build(
        { ...ACCOUNT, chain: 'BSC' },
        { intent: { kind: 'token', contract: LUSD, to: RECIPIENT, amount: 1n }, feeMode: 'medium' },
      )
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(CoreError);
    expect(e).toMatchObject({ code: 'err-36', params: { coin: 'BNB' } });
  });

  it('XDC token send: an xdc-prefixed contract is used in 0x form for the balance and the call', async () => {
    const b = fakeBackend({ tokenBalance: 10n });
    const a = createEvmAdapter(nativeEvmChain('XDC'), b);
    const built = await a.build(
      { ...ACCOUNT, chain: 'XDC' },
      {
        intent: { kind: 'token', contract: `xdc${LUSD.slice(2)}`, to: RECIPIENT, amount: 3n },
        feeMode: 'low',
      },
    );
    expect(built.unsigned.to).toBe(LUSD);
    expect(b.calls).toContain(`call:${LUSD}:0x70a08231`);
    expect((await a.getFees()).hidden).toBe(false);
  });

  it('token send-all sends the whole token balance; estimate failure → 200000', async () => {
    const a = createEvmAdapter(nativeEvmChain('ETH'), fakeBackend({ estimate: new Error('reverted') }));
    const built = await a.build(ACCOUNT, {
      intent: { kind: 'token', contract: LUSD, to: RECIPIENT, amount: 0n },
      feeMode: 'low',
      sendAll: true,
      tokenBalance: 777n,
    });
    expect(built.unsigned.gas).toBe(200_000n);
    expect(built.review.amount).toBe(777n);
  });

  it('NFT sends (ERC-721 and ERC-1155) check the fee against the coin balance', async () => {
    const a = createEvmAdapter(nativeEvmChain('ETH'), fakeBackend());
    const n721 = await a.build(ACCOUNT, {
      intent: { kind: 'nft', standard: 'ERC721', contract: LUSD, tokenId: 1n, to: RECIPIENT },
      feeMode: 'medium',
    });
    expect(n721.unsigned.data.slice(0, 10)).toBe('0x42842e0e');
    expect(n721.review.amount).toBe(1n);
    const n1155 = await a.build(ACCOUNT, {
      intent: { kind: 'nft', standard: 'ERC1155', contract: LUSD, tokenId: 1n, amount: 3n, to: RECIPIENT },
      feeMode: 'medium',
    });
    expect(n1155.unsigned.data.slice(0, 10)).toBe('0xf242432a');
    expect(n1155.review.amount).toBe(3n);
    const poor = createEvmAdapter(nativeEvmChain('ETH'), fakeBackend({ balance: 1n }));
    expect(
      await codeOf(
        poor.build(ACCOUNT, {
          intent: { kind: 'nft', standard: 'ERC721', contract: LUSD, tokenId: 1n, to: RECIPIENT },
          feeMode: 'medium',
        }),
      ),
    ).toBe('evmFeeHigherThanBalance');
  });

  it('Custom fee above 3 × high is flagged (err-28) on ETH', async () => {
    const a = createEvmAdapter(nativeEvmChain('ETH'), fakeBackend());
    const built = await a.build(ACCOUNT, {
      intent: { kind: 'coin', to: RECIPIENT, amount: 1n },
      feeMode: 'Custom',
      customFeeGwei: '70',
    });
    expect(built.details.feeTooHigh).toBe(true);
    expect(built.unsigned.fee).toEqual({
      type: 'eip1559',
      maxFeePerGas: 70n * G,
      maxPriorityFeePerGas: 2n * G,
    });
  });

  it('nonce: falls back to the next source when the backend fails', async () => {
    const a = createEvmAdapter(nativeEvmChain('ETH'), fakeBackend({ failNonce: true }), {
      nonceFallbacks: [{ name: 'node', timeoutMs: 1000, get: async () => 11 }],
    });
    const built = await a.build(ACCOUNT, {
      intent: { kind: 'coin', to: RECIPIENT, amount: 1n },
      feeMode: 'low',
    });
    expect(built.unsigned.nonce).toBe(11);
    expect(built.details.nonceSource).toBe('node');
    expect(await a.getNonce(ME)).toBe(11);
  });

  it('finalize rejects a transaction that differs from the plan', async () => {
    const a = createEvmAdapter(nativeEvmChain('ETH'), fakeBackend());
    const built = await a.build(ACCOUNT, {
      intent: { kind: 'coin', to: RECIPIENT, amount: 1n },
      feeMode: 'low',
    });
    const evil: EvmTxPlan = { ...built.unsigned, value: 2n };
    const raw = await TEST_ACCOUNT.signTransaction(toSerializable(evil) as never);
    expect(() => a.finalize(built, { rawTx: raw })).toThrow(/value/);
  });
});

describe('EVM adapter: accounts, history, tokens', () => {
  it('discovers accounts while they have activity (index 0 always)', async () => {
    const b = fakeBackend();
    const activity: Record<string, number> = {};
    b.getAccount = async (address) => ({ balance: 0n, nonce: 0, txCount: activity[address] ?? 0 });
    const addresses = [ME, RECIPIENT, '0x0000000000000000000000000000000000000001'];
    activity[ME] = 0;
    activity[RECIPIENT] = 0;
    const a = createEvmAdapter(nativeEvmChain('ETH'), b);
    const saved: { name: string; path: string; chainId?: number }[] = [];
    const keys = {
      getAddress: async (path: string) => addresses[Number(/\/(\d+)'\/0\/0$/.exec(path)![1])]!,
      getAccounts: async (coinType?: number, chainId?: number) =>
        coinType === 60 && chainId === 1 ? saved : [],
    };
    expect((await a.discoverAccounts(keys)).map((x) => x.descriptor.index)).toEqual([0]);
    activity[ME] = 1;
    activity[RECIPIENT] = 2;
    const found = await a.discoverAccounts(keys);
    expect(found.map((x) => [x.descriptor.index, x.descriptor.path, x.descriptor.address, x.name])).toEqual([
      [0, "m/44'/60'/0'", ME, 'ETH 1'],
      [1, "m/44'/60'/1'", RECIPIENT, 'ETH 2'],
    ]);
    // An unused account saved on the device (this chain id) is kept under its device name.
    activity[ME] = 0;
    activity[RECIPIENT] = 0;
    saved.push({ name: 'Cold', path: "m/44'/60'/2'/0/0", chainId: 1 });
    const withSaved = await a.discoverAccounts(keys);
    expect(withSaved.map((x) => [x.descriptor.index, x.name, x.onDevice])).toEqual([
      [0, 'ETH 1', false],
      [2, 'Cold', true],
    ]);
  });

  it('discovery hands back the summary each probe read (one backend call per probed account)', async () => {
    const b = fakeBackend();
    const calls: string[] = [];
    b.getAccount = async (address) => {
      calls.push(address);
      return address === ME ? { balance: 7n, nonce: 2, txCount: 2 } : { balance: 0n, nonce: 0, txCount: 0 };
    };
    const addresses = [ME, RECIPIENT];
    const keys = { getAddress: async (path: string) => addresses[Number(/\/(\d+)'\/0\/0$/.exec(path)![1])]! };
    const found = await createEvmAdapter(nativeEvmChain('ETH'), b).discoverWithSummaries(keys);
    expect(found.map((f) => [f.account.index, f.summary.balance, f.summary.nonce])).toEqual([[0, 7n, 2]]);
    expect(calls).toEqual([ME, RECIPIENT]);
  });

  it('account state and history (merged, errored dropped, newest first, cursor)', async () => {
    const a = createEvmAdapter(nativeEvmChain('ETH'), fakeBackend({ balance: 5n, nonce: 3, txCount: 2 }));
    expect(await a.getAccountState(ACCOUNT)).toEqual({
      balance: 5n,
      available: 5n,
      pending: 0n,
      txCount: 3,
      sequence: 3n,
    });
    const page = await a.getHistory(ACCOUNT);
    expect(page.cursor).toBe('next');
    expect(page.operations.map((o) => [o.hash, o.direction, o.value, o.token?.symbol])).toEqual([
      ['0x3', 'out', 9n, 'LUSD'],
      ['0x2', 'in', 2n, undefined],
    ]);
    expect((await a.getHistory(ACCOUNT, 'next')).cursor).toBeNull();
  });

  it('token lookup and balances (batch via balanceOf when the backend has no batch call)', async () => {
    const a = createEvmAdapter(nativeEvmChain('ETH'), fakeBackend({ tokenBalance: 42n }));
    expect(await a.lookupToken(LUSD.toLowerCase())).toEqual({
      contract: LUSD,
      name: 'Local USD',
      symbol: 'LUSD',
      decimals: 6,
    });
    expect(await codeOf(a.lookupToken(LUSD, [LUSD]))).toBe('duplicateContract');
    expect(await a.getTokenBalances(ME, [LUSD])).toEqual(new Map([[LUSD, 42n]]));
    expect(await a.getTokenBalances(ME, [])).toEqual(new Map());
    expect(await a.getNfts(ME)).toEqual([]);
  });

  it('validates recipients and links the explorer', () => {
    const a = createEvmAdapter(nativeEvmChain('ETH'), fakeBackend());
    expect(a.validateAddress(RECIPIENT)).toBe('ok');
    expect(a.validateAddress('nope')).toBe('invalid');
    expect(a.explorer.tx('0xab')).toBe('https://etherscan.io/tx/0xab');
  });
});
