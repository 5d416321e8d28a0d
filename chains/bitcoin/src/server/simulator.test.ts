/**
 * The bitcoin family's mainnet provider code against localnet's Blockbook and mempool stand-ins: the registry finds
 * them in the localnet file (local profile), the generic routes answer from the same Blockbook and mempool providers
 * the mainnet profile uses, and a refusal of the chain reaches the caller with bitcoind's reason.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Transaction } from 'bitcoinjs-lib';
import { DEFAULT_MNEMONIC, mnemonicToRoot } from '@secux-companion/sim-kit';
import {
  UTXO_COINS,
  startUtxo,
  addressToScript as utxoAddressToScript,
  signInput as utxoSignInput,
  type UtxoInfo,
} from '../sim/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveChains } from '@secux-companion/server-kit/testing/chainServer';
import { utxoFamily } from './index.js';

const root = mnemonicToRoot(DEFAULT_MNEMONIC);
let utxo: Awaited<ReturnType<typeof startUtxo>>;
let info: UtxoInfo;
let app: FastifyInstance;
let base: string;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'secux-utxo-sim-'));

beforeAll(async () => {
  utxo = await startUtxo({
    host: '127.0.0.1',
    port: 0,
    mnemonic: DEFAULT_MNEMONIC,
    blockIntervalMs: 0,
    log: () => undefined,
  });
  info = utxo.info;
  fs.mkdirSync(path.join(tmp, 'localnet'), { recursive: true });
  fs.writeFileSync(path.join(tmp, 'localnet', 'endpoints.json'), JSON.stringify({ utxo: info }));
  ({ app, base } = await serveChains({ env: {}, families: [utxoFamily], profile: 'local', dataDir: tmp }));
});
afterAll(async () => {
  await app?.close();
  await utxo?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const get = async (p: string) => {
  const r = await fetch(`${base}${p}`);
  return { status: r.status, body: (await r.json()) as any };
};
const post = async (p: string, body: unknown) => {
  const r = await fetch(`${base}${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as any };
};

describe('the bitcoin family on the local Blockbooks', () => {
  it('serves every coin of the family from the local profile, on its mainnet (TBTC: testnet) formats', async () => {
    const { body } = await get('/chains');
    const served = Object.fromEntries((body.chains as any[]).map((c) => [c.chain, c]));
    for (const sym of ['BTC', 'TBTC', 'BCH', 'GRS', 'DASH', 'DGB', 'DOGE'])
      expect(served[sym], sym).toMatchObject({ network: sym === 'TBTC' ? 'test' : 'main', source: 'local' });
    expect(served.BTC.providers).toEqual(['localnet-blockbook', 'localnet-mempool']);
    expect((body.unserved as any[]).map((u) => u.chain)).not.toContain('BTC');
  });

  it('discovers the funded accounts by xpub, and reads the fees from the mempool stand-in', async () => {
    for (const [sym, bip] of [
      ['BTC', 84],
      ['BTC', 86],
      ['DOGE', 44],
      ['BCH', 44],
      ['GRS', 49],
    ] as const) {
      const coin = UTXO_COINS[sym];
      const xpub = root.derive(`m/${bip}'/${coin.coinType}'/0'`).publicExtendedKey;
      const a = await get(`/chains/${sym}/xpub/${xpub}?bip=${bip}`);
      expect(a.status, `${sym} ${bip}`).toBe(200);
      expect(a.body.balance, `${sym} ${bip}`).toBe((BigInt(coin.fundCoins) * 100_000_000n).toString());
      expect(a.body.addresses[0].path).toBe(`m/${bip}'/${coin.coinType}'/0'/0/0`);
    }
    const fees = await get('/chains/BTC/fees');
    expect(fees.body).toMatchObject({
      provider: 'localnet-mempool',
      tiers: { high: 20, medium: 10, low: 5 },
    });
  });

  it("broadcasts a signed spend; a forged one is refused with bitcoind's reason and changes nothing", async () => {
    const coin = UTXO_COINS.BTC;
    const key = root.derive("m/84'/0'/0'/0/0");
    const funded = info.coins.BTC.funded.find((f) => f.path === "m/84'/0'/0'/0/0")!;
    const { body: utxos } = await get(`/chains/BTC/utxo/${funded.address}`);
    const u = utxos.utxos[0];
    const script = utxoAddressToScript(coin, funded.address)!;
    const build = (priv: Uint8Array) => {
      const tx = new Transaction();
      tx.version = 2;
      tx.addInput(Buffer.from(u.txid, 'hex').reverse(), u.vout, 0xfffffffd);
      tx.addOutput(script, BigInt(u.value) - 2000n);
      utxoSignInput(coin, tx, 0, [{ script, value: BigInt(u.value) }], priv, 84);
      return tx.toHex();
    };
    const forged = await post('/chains/BTC/broadcast', {
      rawTx: build(root.derive("m/84'/0'/1'/0/0").privateKey!),
    });
    // the server's answer for a transaction the chain refuses (final: no other provider is tried)
    expect(forged.status).toBe(422);
    expect(JSON.stringify(forged.body)).toContain('mandatory-script-verify-flag-failed');
    expect((await get(`/chains/BTC/utxo/${funded.address}`)).body.utxos).toEqual(utxos.utxos);

    const sent = await post('/chains/BTC/broadcast', { rawTx: build(key.privateKey!) });
    expect(sent.status).toBe(200);
    const tx = await get(`/chains/BTC/tx/${sent.body.hash ?? sent.body.txid}`);
    expect(tx.status).toBe(200);
    expect(tx.body).toMatchObject({ blockHeight: null, confirmations: 0, fee: '2000' });
    utxo.coins.BTC.mine(1);
    const mined = await get(`/chains/BTC/tx/${sent.body.hash ?? sent.body.txid}`);
    expect(mined.body.confirmations).toBe(1);
  });
});
