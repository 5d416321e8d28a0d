/* eslint-disable @typescript-eslint/no-explicit-any -- answers are checked by the assertions */
/**
 * Mainnet rehearsal, bitcoin family (issue 29): the server on its mainnet profile for BTC against localnet's bitcoin
 * chain (main network formats and genesis) behind stand-ins of two public Blockbooks (20 requests a minute per
 * client, 429 `{"error":"rate limit exceeded"}` with Retry-After) and of mempool.space (nginx's 429, plain-text
 * errors), a dead host first in each list. Every user path through the product API: the account by xpub, its UTXOs,
 * history pages with the cursor, fees, a signed spend and its confirmation; a Blockbook's rate limit served by the
 * next one; a submit that lands but never answers resent as the same bytes.
 */
import { Transaction } from 'bitcoinjs-lib';
import {
  DEFAULT_MNEMONIC,
  deadUrl,
  mnemonicToRoot,
  startStandIn,
  type StandIn,
} from '@secux-companion/sim-kit';
import {
  UTXO_COINS,
  blockbookPublic,
  emulatorUtxoAddress,
  mempoolSpace,
  startUtxo,
  addressToScript as utxoAddressToScript,
  signInput as utxoSignInput,
} from '@secux-companion/chain-bitcoin/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpfpFeeRate } from '@secux-companion/core';
import { useRehearsal, type Rehearsal } from '@secux-companion/server-kit/testing/rehearsal';
import { utxoFamily } from './index.js';

const coin = UTXO_COINS.BTC;
const root = mnemonicToRoot(DEFAULT_MNEMONIC);
const xpub = root.derive("m/84'/0'/0'").publicExtendedKey;
let utxo: Awaited<ReturnType<typeof startUtxo>>;
let trezor1: StandIn;
let trezor2: StandIn;
let more: StandIn[] = [];
let mempool: StandIn;
let dead: string;
let mempoolOutOfSync = false;

beforeAll(async () => {
  utxo = await startUtxo({
    host: '127.0.0.1',
    port: 0,
    mnemonic: DEFAULT_MNEMONIC,
    blockIntervalMs: 0,
    log: () => undefined,
  });
  dead = await deadUrl();
  const btc = utxo.info.coins.BTC;
  // btc1's budget scaled down (20 a minute → 6) so that one user's session reaches it.
  trezor1 = await startStandIn({
    upstream: btc.blockbook,
    behaviour: blockbookPublic({ name: 'btc1', perClient: { max: 6, windowMs: 60_000 } }),
  });
  // The others at Blockbook's own 20 a minute: one user's session (account, UTXOs, a send, history by pages, fee
  // fallbacks) alone is about 30 requests, more than one host's minute — hence Trezor's btc1…btc5.
  trezor2 = await startStandIn({ upstream: btc.blockbook, behaviour: blockbookPublic({ name: 'btc2' }) });
  more = await Promise.all(
    ['btc3', 'btc4'].map((name) =>
      startStandIn({ upstream: btc.blockbook, behaviour: blockbookPublic({ name }) }),
    ),
  );
  // mempool.space's budget scaled down (its sample nginx config: 200 a minute → 4) so that the fee reads reach it.
  mempool = await startStandIn({
    upstream: btc.mempool!,
    behaviour: mempoolSpace({ perClient: { max: 4, windowMs: 60_000 }, outOfSync: () => mempoolOutOfSync }),
  });
}, 60_000);
afterAll(async () => {
  await Promise.all([trezor1, trezor2, mempool, ...more].map((s) => s?.close()));
  await utxo?.stop();
});

const env = () => ({
  CHAIN_BTC_BLOCKBOOK: [dead, trezor1.url, trezor2.url, ...more.map((s) => s.url)].join(','),
  CHAIN_BTC_MEMPOOL: `${dead},${mempool.url}`,
  CHAIN_BTC_BITCOIN_RPC: 'none',
  // A submit that never answers costs this once (the submit class's own timeout, 40 s by default).
  CHAIN_SUBMIT_TIMEOUT_MS: '3000',
});

/** A spend of the account's first funded output to `to`, signed with its key (fee 2000 sat). */
async function spend(r: Rehearsal, to: string, sats: bigint) {
  const funded = utxo.info.coins.BTC.funded.find((f) => f.path === "m/84'/0'/0'/0/0")!;
  const list = await r.get(`/api/chains/BTC/utxo/${funded.address}`);
  expect(list.status).toBe(200);
  const u = (list.body.utxos as any[]).find((x) => BigInt(x.value) > sats + 2000n)!;
  const script = utxoAddressToScript(coin, funded.address)!;
  const tx = new Transaction();
  tx.version = 2;
  tx.addInput(Buffer.from(u.txid as string, 'hex').reverse(), u.vout as number, 0xfffffffd);
  tx.addOutput(utxoAddressToScript(coin, to)!, sats);
  tx.addOutput(script, BigInt(u.value) - sats - 2000n);
  utxoSignInput(
    coin,
    tx,
    0,
    [{ script, value: BigInt(u.value) }],
    root.derive("m/84'/0'/0'/0/0").privateKey!,
    84,
  );
  return { rawTx: tx.toHex(), txid: tx.getId() };
}

/** pending / confirmed: the finality route when the server has it, else the transaction's own confirmations. */
async function confirmation(r: Rehearsal, txid: string): Promise<string> {
  const s = await r.get(`/api/chains/BTC/tx-status/${txid}`);
  if (s.status === 200) return s.body.state as string;
  const t = await r.get(`/api/chains/BTC/tx/${txid}`);
  expect(t.status).toBe(200);
  return t.body.confirmations > 0 ? 'confirmed' : 'pending';
}

describe('BTC on the mainnet profile against public Blockbooks and mempool.space', () => {
  const r = useRehearsal(utxoFamily, env);

  it('reads the account by xpub with its UTXOs, though the first Blockbook is gone', async () => {
    const a = await r.get(`/api/chains/BTC/xpub/${xpub}?bip=84`);
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({
      balance: (BigInt(coin.fundCoins) * 100_000_000n).toString(),
      provider: 'blockbook#2',
    });
    expect(a.body.addresses[0].path).toBe("m/84'/0'/0'/0/0");
    const u = await r.get(`/api/chains/BTC/utxo/${xpub}?bip=84`);
    expect(u.status).toBe(200);
    expect((u.body.utxos as any[]).length).toBeGreaterThan(0);
  });

  it('reads the fees from mempool.space (its genesis checked) and not the fallback', async () => {
    const f = await r.get('/api/chains/BTC/fees');
    expect(f.status).toBe(200);
    expect(f.body).toMatchObject({
      unit: 'sat/vB',
      source: 'network',
      provider: 'mempool#2',
      tiers: { high: 20, medium: 10, low: 5 },
    });
  });

  it('mempool.space out of sync (503 text) or over its limit (nginx 429): the fees come from Blockbook, never a 500', async () => {
    mempoolOutOfSync = true;
    const down = await r.get('/api/chains/BTC/fees');
    mempoolOutOfSync = false;
    expect(down.status).toBe(200);
    expect(down.body).toMatchObject({ unit: 'sat/vB', source: 'network' });
    expect(down.body.provider).toMatch(/^blockbook#/);
    const limited: any[] = [];
    for (let i = 0; i < 4; i++) limited.push(await r.get('/api/chains/BTC/fees'));
    for (const f of limited) expect(f.status).toBe(200);
    expect(limited.at(-1)!.body.provider).toMatch(/^blockbook#/);
    expect(mempool.requests.length).toBeGreaterThan(4); // it did refuse
  });

  it('sends a signed spend: pending until mined, then confirmed; history pages with the cursor', async () => {
    const to = emulatorUtxoAddress('BTC', "m/84'/0'/0'/0/1", DEFAULT_MNEMONIC);
    const tx = await spend(r, to, 1_000_000n);
    const b = await r.post('/api/chains/BTC/broadcast', { rawTx: tx.rawTx });
    expect(b.status).toBe(200);
    expect(b.body.hash).toBe(tx.txid);
    expect(await confirmation(r, tx.txid)).toBe('pending');
    utxo.coins.BTC.mine(1);
    expect(await confirmation(r, tx.txid)).toBe('confirmed');

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await r.get(
        `/api/chains/BTC/history/${xpub}?bip=84&pageSize=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.status).toBe(200);
      for (const op of page.body.operations as any[]) seen.push(op.hash as string);
      cursor = page.body.cursor as string | null;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(seen[0]).toBe(tx.txid);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("past btc1's budget (429 in Blockbook's shape) btc2 serves: never a 500", async () => {
    for (let i = 0; i < 10; i++) {
      const a = await r.get(`/api/chains/BTC/xpub/${xpub}?bip=84`);
      expect(a.status).toBe(200);
      expect(a.body.provider).toMatch(/^blockbook#[2-5]$/);
    }
    const last = await r.get(`/api/chains/BTC/xpub/${xpub}?bip=84`);
    expect(last.body.provider).toMatch(/^blockbook#[3-5]$/);
    expect(trezor1.requests.length).toBeGreaterThan(6); // it did refuse
  });
});

describe('BTC: a submit that reaches the chain but never answers', () => {
  const r = useRehearsal(utxoFamily, env);
  beforeAll(() => {
    trezor1.reset();
    trezor2.reset();
    trezor1.fault = 'dropAfterForward';
    trezor1.faultWhen = (q) => q.path.includes('/sendtx');
  });
  afterAll(() => {
    trezor1.fault = undefined;
  });

  it('resends the same bytes to the next Blockbook and answers the same txid; one transaction on chain', async () => {
    const to = emulatorUtxoAddress('BTC', "m/84'/0'/7'/0/0", DEFAULT_MNEMONIC);
    const tx = await spend(r, to, 500_000n);
    const b = await r.post('/api/chains/BTC/broadcast', { rawTx: tx.rawTx });
    expect(b.body).toMatchObject({ hash: tx.txid });
    expect(b.status).toBe(200);
    const sent = [...trezor1.requests, ...trezor2.requests].filter((q) => q.path.includes('/sendtx'));
    expect(sent.map((q) => q.body)).toEqual([tx.rawTx, tx.rawTx]);
    expect(await confirmation(r, tx.txid)).toBe('pending');
    utxo.coins.BTC.mine(1);
    expect(await confirmation(r, tx.txid)).toBe('confirmed');
    const theirs = await r.get(`/api/chains/BTC/account/${to}`);
    expect(theirs.body).toMatchObject({ balance: '500000', txCount: 1 });
  });
});

describe('BTC CPFP on the mempool-only profile (no node RPC): the ancestors and the relay minimum from mempool.space', () => {
  let wide: StandIn;
  beforeAll(async () => {
    // mempool.space at its sample config's 200 a minute: a walk reads each transaction of the package once.
    wide = await startStandIn({ upstream: utxo.info.coins.BTC.mempool!, behaviour: mempoolSpace() });
  });
  afterAll(async () => {
    await wide?.close();
  });
  const r = useRehearsal(utxoFamily, () => ({
    CHAIN_BTC_BLOCKBOOK: `${dead},${trezor2.url},${more.map((s) => s.url).join(',')}`,
    CHAIN_BTC_MEMPOOL: `${dead},${wide.url}`,
    CHAIN_BTC_BITCOIN_RPC: 'none',
  }));

  /** Spends output `vout` (worth `value`) of `txid`, paying `value - fee` back to the account's first address. */
  function spendOutput(txid: string, vout: number, value: bigint, fee: bigint) {
    const funded = utxo.info.coins.BTC.funded.find((f) => f.path === "m/84'/0'/0'/0/0")!;
    const script = utxoAddressToScript(coin, funded.address)!;
    const tx = new Transaction();
    tx.version = 2;
    tx.addInput(Buffer.from(txid, 'hex').reverse(), vout, 0xfffffffd);
    tx.addOutput(script, value - fee);
    utxoSignInput(coin, tx, 0, [{ script, value }], root.derive("m/84'/0'/0'/0/0").privateKey!, 84);
    return { rawTx: tx.toHex(), txid: tx.getId(), vsize: tx.virtualSize(), value: value - fee };
  }

  it('a child of two pending transactions pays for both: the package rate reaches the target', async () => {
    utxo.coins.BTC.mine(1); // the earlier suites' spends confirmed: the walk starts from a confirmed output
    const to = emulatorUtxoAddress('BTC', "m/84'/0'/3'/0/0", DEFAULT_MNEMONIC);
    const first = await spend(r, to, 400_000n); // pays 2000 sat; its change (output 1) comes back
    expect((await r.post('/api/chains/BTC/broadcast', { rawTx: first.rawTx })).status).toBe(200);
    const firstTx = Transaction.fromHex(first.rawTx);
    const second = spendOutput(first.txid, 1, firstTx.outs[1]!.value, 2000n);
    expect((await r.post('/api/chains/BTC/broadcast', { rawTx: second.rawTx })).status).toBe(200);

    const min = await r.get('/api/chains/BTC/min-relay-fee');
    expect(min.status).toBe(200);
    expect(min.body).toMatchObject({ rate: 1, unit: 'sat/vB', source: 'mempool', provider: 'mempool#2' });

    const a = await r.get(`/api/chains/BTC/tx/${second.txid}/ancestors`);
    expect(a.status).toBe(200);
    const packageVsize = firstTx.virtualSize() + second.vsize;
    expect(a.body).toMatchObject({
      txid: second.txid,
      fee: '4000',
      vsize: packageVsize,
      count: 2,
      source: 'mempool',
    });
    for (const t of [second.txid, first.txid])
      expect(wide.requests.some((q) => q.path.endsWith(`/tx/${t}`))).toBe(true);

    // The child at 20 sat/vB for the package: accepted, and the three together pay at least 20 sat/vB.
    const target = 20;
    const childVsize = spendOutput(second.txid, 0, second.value, 0n).vsize;
    const rate = cpfpFeeRate({
      targetFeeRate: target,
      parentFee: 4000,
      parentVsize: packageVsize,
      childVsize,
    });
    const child = spendOutput(second.txid, 0, second.value, BigInt(rate * childVsize));
    const sent = await r.post('/api/chains/BTC/broadcast', { rawTx: child.rawTx });
    expect(sent.status).toBe(200);
    const all = await r.get(`/api/chains/BTC/tx/${child.txid}/ancestors`);
    expect(all.body).toMatchObject({ count: 3 });
    expect(Number(all.body.fee) / all.body.vsize).toBeGreaterThanOrEqual(target);
    // What paying for the nearest parent alone (the old fallback) would have left: short of the target.
    const alone = cpfpFeeRate({
      targetFeeRate: target,
      parentFee: 2000,
      parentVsize: second.vsize,
      childVsize,
    });
    expect((4000 + alone * childVsize) / (packageVsize + childVsize)).toBeLessThan(target);

    utxo.coins.BTC.mine(1);
    const done = await r.get(`/api/chains/BTC/tx/${child.txid}/ancestors`);
    expect(done.status).toBe(409);

    // The stand-in's errors are electrs' plain text, as mempool.space answers them.
    const unknown = await fetch(`${wide.url}/tx/${'0'.repeat(63)}1`);
    expect([unknown.status, await unknown.text()]).toEqual([404, 'Transaction not found']);
    const malformed = await fetch(`${wide.url}/tx/xyz`);
    expect([malformed.status, await malformed.text()]).toEqual([400, 'Invalid hex string']);
  });
});

describe("BTC: a big account whose xpub scan keeps every Blockbook silent for seconds (Blockbook's first derivation)", () => {
  const slow: StandIn[] = [];
  beforeAll(async () => {
    const btc = utxo.info.coins.BTC;
    // Longer than the first-byte rule (1.5 s here, 3 s by default) on both hosts, as a large xpub's first scan is.
    for (const name of ['btc1', 'btc2'])
      slow.push(
        await startStandIn({
          upstream: btc.blockbook,
          behaviour: { ...blockbookPublic({ name }), delayMs: (q) => (q.path.includes('/xpub/') ? 2500 : 0) },
        }),
      );
  });
  afterAll(async () => {
    await Promise.all(slow.map((s) => s.close()));
  });
  const r = useRehearsal(utxoFamily, () => ({
    CHAIN_BTC_BLOCKBOOK: slow.map((s) => s.url).join(','),
    CHAIN_BTC_MEMPOOL: 'none',
    CHAIN_BTC_BITCOIN_RPC: 'none',
  }));

  it('is served by the last Blockbook given its full history time, not cut at the first byte', async () => {
    const a = await r.get(`/api/chains/BTC/xpub/${xpub}?bip=84`);
    expect(a.status).toBe(200);
    expect(a.body.provider).toBe('blockbook#2');
    expect(a.body.addresses[0].path).toBe("m/84'/0'/0'/0/0");
    // The first host was asked and left behind when it kept silent past the first-byte rule.
    expect(slow[0]!.requests.some((q) => q.path.includes('/xpub/'))).toBe(true);
  });
});
