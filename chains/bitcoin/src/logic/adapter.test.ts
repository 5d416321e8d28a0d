import { describe, expect, it } from 'vitest';
import { CoreError, accountBasePath, cpfpFeeRate, type Bip } from '@secux-companion/core';
import { createBitcoinAdapter, type BackendUtxo, type BitcoinBackend } from './adapter';
import { AccountKeys } from './derive';
import { toOperation } from './history';
import { NETWORKS, type NetworkId } from './networks';
import type { UtxoTx } from './types';
import { accountXpub } from '../test-keys';
import { fundedUtxo, signPlan } from '../test-sign';

type Held = { utxos: BackendUtxo[]; raw: Record<string, string>; txs: UtxoTx[]; used?: { path: string; change: 0 | 1; index: number; address: string; transfers: number }[] };

function memoryBackend(xpubs: Map<string, Held>) {
  const broadcasts: string[] = [];
  const backend: BitcoinBackend = {
    async getAccountSummary(xpub) {
      const a = xpubs.get(xpub);
      const confirmed = (a?.utxos ?? []).filter((u) => u.height !== null).reduce((s, u) => s + u.value, 0n);
      const unconfirmed = (a?.utxos ?? []).filter((u) => u.height === null).reduce((s, u) => s + u.value, 0n);
      return { balance: confirmed, unconfirmed, txCount: a?.txs.length ?? 0 };
    },
    async getUtxos(xpub) {
      return xpubs.get(xpub)?.utxos ?? [];
    },
    async getHistory(xpub, _bip, cursor) {
      const txs = xpubs.get(xpub)?.txs ?? [];
      const start = cursor ? Number(cursor) : 0;
      const next = start + 10 < txs.length ? String(start + 10) : null;
      return { operations: txs.slice(start, start + 10).map(toOperation), cursor: next };
    },
    async getAccountAddresses(xpub) {
      return xpubs.get(xpub)?.used ?? [];
    },
    async getRawTransactions(ids) {
      const out: Record<string, string> = {};
      for (const a of xpubs.values()) for (const id of ids) if (a.raw[id]) out[id] = a.raw[id]!;
      return out;
    },
    async getRecommendedFees() {
      throw new Error('fee service down');
    },
    async broadcast(raw) {
      broadcasts.push(raw);
      return 'txid';
    },
  };
  return { backend, broadcasts };
}

describe('bitcoin adapter (in-memory backend)', () => {
  const bip: Bip = 44;
  const path = accountBasePath(bip, 0, 0);
  const xpub = accountXpub(path);
  const keys = new AccountKeys(NETWORKS.BTC, xpub, bip, path);
  const funded = [fundedUtxo(`${path}/0/0`, 'p2pkh', 150_000n), fundedUtxo(`${path}/0/1`, 'p2pkh', 9_000n, { height: null })];
  const raw = Object.fromEntries(funded.map((u) => [u.txid, u.txHex!]));
  const utxos: BackendUtxo[] = funded.map(({ txHex: _t, type: _y, ...u }, i) => ({ ...u, address: keys.receive(i).address }));
  const history: UtxoTx[] = Array.from({ length: 12 }, (_, i) => ({
    hash: `h${i}`,
    blockHeight: i === 0 ? null : 100 - i,
    time: i === 5 ? null : 1_700_000_000_000 - i,
    vsize: 141,
    fee: 141n,
    rbf: false,
    inputs: [{ txid: 'x', vout: 0, value: 10_000n, address: 'ext', isOwn: false }],
    outputs: [{ vout: 0, value: 9_859n, address: keys.receive(0).address, isOwn: true, path: `${path}/0/0` }],
  }));
  const { backend, broadcasts } = memoryBackend(new Map([[xpub, { utxos, raw, txs: history }]]));
  const adapter = createBitcoinAdapter('BTC', backend, { rng: () => 0 });
  const account = { chain: 'BTC' as const, index: 0, bip, path, xpub };

  const device = (saved: { name: string; path: string }[] = []) => ({
    getXPublicKey: async (p: string) => accountXpub(p),
    getAccounts: async () => saved,
  });

  it('speed-up is offered where new sends signal RBF: BTC, TBTC and the local regtest (no public explorer there)', () => {
    const on = (id: NetworkId) => createBitcoinAdapter(id, backend);
    expect((['BTC', 'TBTC', 'LTC_REGTEST', 'LTC', 'DOGE'] as const).map((id) => on(id).capabilities.speedUp)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(on('LTC_REGTEST').network).toMatchObject({ rbf: true, local: true });
    expect(on('LTC').network.local).toBe(false);
  });

  it("probes the bips side by side: each bip's first read starts before any read has answered", async () => {
    const started: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const held = createBitcoinAdapter(
      'BTC',
      {
        ...backend,
        getAccountSummary: async (x: string, b: Bip) => {
          started.push(b);
          await gate;
          return backend.getAccountSummary(x, b);
        },
      },
      { rng: () => 0 },
    );
    const done = held.discoverAccounts(device());
    for (let i = 0; i < 50 && started.length < 4; i++) await new Promise((r) => setTimeout(r, 1));
    expect(started.sort()).toEqual([44, 49, 84, 86]);
    release();
    // The result keeps the bips' order whatever order the reads answered in.
    expect((await done).map((a) => `${a.descriptor.bip}/${a.descriptor.index}`)).toEqual(['44/0', '84/0']);
  });

  it('discovers index 0 of the default bip, used accounts and the accounts saved on the device', async () => {
    const progress: string[] = [];
    const found = await adapter.discoverAccounts(device(), { onProgress: (p) => progress.push(`${p.bip}/${p.index}`) });
    // BTC's default bip is 84; 44/0 is used (funded above) so 44/1 is probed too.
    expect(found.map((a) => `${a.descriptor.bip}/${a.descriptor.index}`)).toEqual(['44/0', '84/0']);
    // Every bip's probes, the bips side by side (their order interleaves).
    expect(progress.sort()).toEqual(['44/0', '44/1', '49/0', '84/0', '86/0']);
    expect(found[0]).toMatchObject({ name: 'BTC 1 Legacy', onDevice: false, summary: { balance: 159_000n, pending: 9_000n, txCount: 12 } });

    // An unused account saved on the device is kept with its name, and every index up to it is probed.
    const saved = await adapter.discoverAccounts(device([{ name: 'Savings', path: "m/49'/0'/2'/0/0" }]));
    expect(saved.map((a) => `${a.descriptor.bip}/${a.descriptor.index}`)).toEqual(['44/0', '49/2', '84/0']);
    expect(saved[1]).toMatchObject({ name: 'Savings', onDevice: true });
  });

  it('receives on the address after the last used one', async () => {
    const used = [{ path: `${path}/0/3`, change: 0 as const, index: 3, address: 'x', transfers: 1 }];
    const { backend: b } = memoryBackend(new Map([[xpub, { utxos: [], raw: {}, txs: [], used }]]));
    const a = createBitcoinAdapter('BTC', b);
    await expect(a.getReceiveAddress(account)).resolves.toMatchObject({ address: keys.receive(4).address, path: `${path}/0/4` });
    const failing = createBitcoinAdapter('BTC', { ...b, getAccountAddresses: async () => Promise.reject(new Error('down')) });
    await expect(failing.getReceiveAddress(account)).resolves.toMatchObject({ path: `${path}/0/0` });
  });

  it('state, history pages, fee fallback', async () => {
    const state = await adapter.getAccountState(account);
    expect(state).toMatchObject({ balance: 159_000n, available: 150_000n, pending: 9_000n, txCount: 12, utxoCount: 2 });
    const p1 = await adapter.getHistory(account);
    expect(p1.operations).toHaveLength(10);
    expect(p1.operations[0]).toMatchObject({ blockHeight: null, direction: 'in', value: 9_859n });
    expect(p1.operations[5]!.time).toBeNull();
    const p2 = await adapter.getHistory(account, p1.cursor);
    expect(p2.operations).toHaveLength(2);
    expect(p2.cursor).toBeNull();
    expect((await adapter.getFees()).tiers).toEqual({ high: 200, medium: 120, low: 60 });
  });

  it("legacy inputs whose previous tx the server cannot fetch: 'Can not fetch transaction data' from the catalogue", async () => {
    const draft = { recipient: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', amount: 100_000n, feeRate: 10 };
    const down = Object.assign(new Error('Can not fetch transaction data'), { status: 502, code: 'upstream_failed' });
    const failing = createBitcoinAdapter('BTC', { ...backend, getRawTransactions: () => Promise.reject(down) }, { rng: () => 0 });
    await expect(failing.build(account, draft)).rejects.toMatchObject({ name: 'CoreError', code: 'cannotFetchTransactionData' });
    const missing = createBitcoinAdapter('BTC', { ...backend, getRawTransactions: async () => ({}) }, { rng: () => 0 });
    await expect(missing.build(account, draft)).rejects.toMatchObject({ name: 'CoreError', code: 'cannotFetchTransactionData' });
  });

  it('build → sign (fake device) → finalize → broadcast; legacy inputs get their previous tx', async () => {
    const built = await adapter.build(account, { recipient: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', amount: 100_000n, feeRate: 10 });
    expect(built.signRequest.inputs).toHaveLength(1); // the pending 9,000 is not spent
    expect(built.signRequest.inputs[0]!.txHex).toBe(raw[funded[0]!.txid]);
    expect(built.review.change?.path).toBe(`${path}/1/0`);
    // The review table: recipient, amount, fee, change, total, then the fee rate in sat/vB.
    const rows = adapter.reviewRows(built);
    expect(rows.map((r) => r.labelKey)).toEqual([
      'send.recipient',
      'send.amountLabel',
      'send.networkFee',
      'send.change',
      'send.total',
      'send.feeRateLabel',
    ]);
    expect(rows.at(-1)!.value).toEqual({ type: 'feeRate', value: 10, unit: 'sat/vB' });
    let progress = 0;
    const signature = await adapter.sign(
      { signBtc: async (_i, _o, opts) => (opts?.onProgress?.(1, 1), progress++, { rawTx: signPlan(built.unsigned) }) },
      built,
      { onProgress: () => undefined },
    );
    expect(progress).toBe(1);
    const signed = adapter.finalize(built, signature);
    expect(signed.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await adapter.broadcast(signed)).toBe('txid');
    expect(broadcasts).toEqual([signed.raw]);
  });

  it('validates addresses and links to the explorer', () => {
    expect(adapter.validateAddress('1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA')).toBe('ok');
    expect(adapter.validateAddress('LcubERmHD31PWup1fbozpKuiqjHZ4anxcL')).toBe('invalid');
    expect(adapter.explorer.tx('ab')).toBe('https://mempool.space/tx/ab');
  });
});

describe('network-fee check (getmempoolinfo) and CPFP ancestors (getmempoolentry)', () => {
  const bip: Bip = 84;
  const path = accountBasePath(bip, 0, 0);
  const xpub = accountXpub(path);
  const keys = new AccountKeys(NETWORKS.BTC, xpub, bip, path);
  const funded = [fundedUtxo(`${path}/0/0`, 'p2wpkh', 150_000n)];
  const utxos: BackendUtxo[] = funded.map(({ txHex: _t, type: _y, ...u }) => ({ ...u, address: keys.receive(0).address }));
  const account = { chain: 'BTC' as const, index: 0, bip, path, xpub };
  const send = { recipient: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', amount: 100_000n };
  /** A pending payment to the account (its own output 1) whose own parent is pending too. */
  const parent: UtxoTx = {
    hash: 'cc'.repeat(32),
    blockHeight: null,
    time: null,
    vsize: 141,
    fee: 141n,
    rbf: false,
    inputs: [{ txid: 'dd'.repeat(32), vout: 0, value: 60_141n, address: 'ext', isOwn: false }],
    outputs: [{ vout: 1, value: 60_000n, address: keys.receive(1).address, isOwn: true, path: `${path}/0/1` }],
  };

  function adapterWith(extra: Partial<BitcoinBackend>) {
    const { backend } = memoryBackend(new Map([[xpub, { utxos, raw: {}, txs: [] }]]));
    return createBitcoinAdapter('BTC', { ...backend, ...extra }, { rng: () => 0 });
  }
  const code = (p: Promise<unknown>) => p.then(() => 'ok', (e: unknown) => (e instanceof CoreError ? e.code : String(e)));

  it("a fee rate below the node's relay minimum is refused with the min-relay-fee error (never swallowed); tiers are raised to it", async () => {
    const adapter = adapterWith({ getNetworkMinFeeRate: async () => 12 });
    await expect(code(adapter.build(account, { ...send, feeRate: 11 }))).resolves.toBe('minRelayFeeNotMet');
    await expect(code(adapter.build(account, { ...send, feeRate: 12 }))).resolves.toBe('ok');
    await expect(code(adapter.buildCpfp(account, parent, { recipient: keys.receive(2).address, targetFeeRate: 5 }))).resolves.toBe(
      'minRelayFeeNotMet',
    );
    // fallback tiers 200/120/60 stay above it; a higher minimum lifts them
    expect((await adapterWith({ getNetworkMinFeeRate: async () => 100 }).getFees()).tiers).toEqual({ high: 200, medium: 120, low: 100 });
  });

  it('any other failure of the check falls back: the send is built on the provider’s rate', async () => {
    const adapter = adapterWith({ getNetworkMinFeeRate: () => Promise.reject(new Error('method not allowed')) });
    const warn = console.warn;
    console.warn = () => undefined;
    try {
      await expect(code(adapter.build(account, { ...send, feeRate: 1 }))).resolves.toBe('ok');
    } finally {
      console.warn = warn;
    }
  });

  it("CPFP pays for the parent's unconfirmed ancestors too (their fee and size from the node)", async () => {
    const ancestors = { fee: 282n, vsize: 400 };
    const asked: string[] = [];
    const adapter = adapterWith({
      getMempoolAncestors: async (txid) => (asked.push(txid), ancestors),
    });
    const built = await adapter.buildCpfp(account, parent, { recipient: keys.receive(2).address, targetFeeRate: 20 });
    expect(asked).toEqual([parent.hash]);
    const plan = built.unsigned;
    expect(plan.feeRate).toBe(cpfpFeeRate({ targetFeeRate: 20, parentFee: 282, parentVsize: 400, childVsize: plan.vsize }));
    expect(plan.feeRate).not.toBe(cpfpFeeRate({ targetFeeRate: 20, parentFee: 141, parentVsize: 141, childVsize: plan.vsize }));
  });
});

describe('Taproot: 5 receive and 5 change addresses in the app path', () => {
  const bip: Bip = 86;
  const path = accountBasePath(bip, 0, 0);
  const xpub = accountXpub(path);
  const keys = new AccountKeys(NETWORKS.BTC, xpub, bip, path);
  const watched = keys.watchList();
  const account = { chain: 'BTC' as const, index: 0, bip, path, xpub };

  it('receives on one of its 5 derived receive addresses, however far the server saw use', async () => {
    const used = Array.from({ length: 8 }, (_, i) => ({ path: `${path}/0/${i}`, change: 0 as const, index: i, address: `a${i}`, transfers: 1 }));
    const { backend } = memoryBackend(new Map([[xpub, { utxos: [], raw: {}, txs: [], used }]]));
    const r = await createBitcoinAdapter('BTC', backend).getReceiveAddress(account);
    expect(watched).toHaveLength(10);
    expect(r).toMatchObject({ address: watched[4]!.address, path: `${path}/0/4` });
  });

  it('its change goes to one of its 5 derived change addresses', async () => {
    const funded = [fundedUtxo(`${path}/0/0`, 'p2tr', 150_000n)];
    const utxos: BackendUtxo[] = funded.map(({ txHex: _t, type: _y, ...u }) => ({ ...u, address: keys.receive(0).address }));
    const changes = new Set<string>();
    for (const r of [0, 0.3, 0.5, 0.99]) {
      const { backend } = memoryBackend(new Map([[xpub, { utxos, raw: {}, txs: [] }]]));
      const built = await createBitcoinAdapter('BTC', backend, { rng: () => r }).build(account, {
        recipient: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
        amount: 50_000n,
        feeRate: 5,
      });
      changes.add(built.review.change!.path);
    }
    const watchedChange = watched.filter((a) => a.change === 1).map((a) => a.path);
    for (const c of changes) expect(watchedChange).toContain(c);
  });
});
