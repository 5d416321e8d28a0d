/**
 * Fidelity of the local UTXO chains: what they accept is what bitcoind accepts, and each refusal carries Bitcoin
 * Core's code and reason through Blockbook's sendtx (HTTP 400 `{"error": "<code>: <reason>"}`), with nothing changed
 * by a refused transaction. BTC spends are signed with bitcoinjs-lib's own Psbt signer, not the chain's code.
 */
import * as ecc from '@bitcoinerlab/secp256k1';
import { sha256 } from '@noble/hashes/sha2.js';
import { Psbt, Transaction, networks, payments } from 'bitcoinjs-lib';
import { beforeEach, describe, expect, it } from 'vitest';
import { CHAINS } from '@secux-companion/core';
import { DEFAULT_MNEMONIC, mnemonicToRoot } from '@secux-companion/sim-kit';
import { dustThreshold } from './chain.js';
import { UTXO_COINS, type Bip, type UtxoCoin } from './coins.js';
import {
  addressToScript,
  hash160,
  scriptForKey,
  scriptToAddress,
  signInput,
  txidOf,
  type Prevout,
} from './script.js';
import { LocalUtxoCoin, utxoFundedAddresses } from './start.js';

const root = mnemonicToRoot(DEFAULT_MNEMONIC);
const SATS = 100_000_000n;

interface Owned {
  bip: Bip;
  priv: Uint8Array;
  pub: Uint8Array;
  address: string;
  script: Uint8Array;
}
function keyOf(coin: UtxoCoin, bip: Bip, account = 0, index = 0): Owned {
  const k = root.derive(`m/${bip}'/${coin.coinType}'/${account}'/0/${index}`);
  const script = scriptForKey(bip, k.publicKey!);
  return { bip, priv: k.privateKey!, pub: k.publicKey!, script, address: scriptToAddress(coin, script)! };
}

/** A confirmed output of `sats` to `to` (from the faucet); its outpoint. */
function fund(c: LocalUtxoCoin, to: Owned, sats: bigint) {
  const txid = c.pay([{ address: to.address, sats }]);
  c.mine(1);
  const vout = c.chain.txs
    .get(txid)!
    .tx.outs.findIndex((o) => Buffer.from(o.script).equals(Buffer.from(to.script)));
  return { txid, vout, value: sats, script: to.script };
}

type Utxo = ReturnType<typeof fund>;

/** A spend signed by the chain's own signer (any coin). */
function spend(
  c: LocalUtxoCoin,
  from: Owned,
  inputs: Utxo[],
  outputs: { script: Uint8Array; value: bigint }[],
  o: { sequence?: number; locktime?: number; version?: number; key?: Uint8Array } = {},
): string {
  const tx = new Transaction();
  tx.version = o.version ?? 2;
  tx.locktime = o.locktime ?? 0;
  for (const u of inputs) tx.addInput(Buffer.from(u.txid, 'hex').reverse(), u.vout, o.sequence ?? 0xfffffffd);
  for (const out of outputs) tx.addOutput(out.script, out.value);
  const prevouts: Prevout[] = inputs.map((u) => ({ script: u.script, value: u.value }));
  for (let i = 0; i < inputs.length; i++) signInput(c.coin, tx, i, prevouts, o.key ?? from.priv, from.bip);
  return tx.toHex();
}

/** sendtx as the server calls it: the HTTP status and body. */
function sendtx(c: LocalUtxoCoin, hex: string) {
  return c.blockbook.handle('POST', '/api/v2/sendtx/', new URLSearchParams(), hex);
}
function balanceOf(c: LocalUtxoCoin, address: string) {
  const a = c.blockbook.handle(
    'GET',
    `/api/v2/address/${address}`,
    new URLSearchParams({ details: 'basic' }),
    '',
  );
  const b = a.body as { balance: string; unconfirmedBalance?: string };
  return { status: a.status, balance: b.balance, mempool: c.chain.mempool.size };
}

function refused(c: LocalUtxoCoin, hex: string, watch: string[], error: string | RegExp) {
  const before = watch.map((a) => balanceOf(c, a));
  const mempool = [...c.chain.mempool];
  const answer = sendtx(c, hex);
  expect(answer.status).toBe(400);
  expect((answer.body as { error: string }).error).toMatch(error);
  expect(watch.map((a) => balanceOf(c, a))).toEqual(before);
  expect([...c.chain.mempool]).toEqual(mempool);
}

describe('BTC: bitcoinjs-lib signs, the chain checks', () => {
  let c: LocalUtxoCoin;
  beforeEach(() => {
    c = new LocalUtxoCoin(UTXO_COINS.BTC);
  });

  const psbtSpend = (
    from: Owned,
    u: Utxo,
    to: string,
    value: bigint,
    sequence = 0xfffffffd,
    prevHex?: string,
  ) => {
    const p = new Psbt({ network: networks.bitcoin });
    const input: Parameters<Psbt['addInput']>[0] = { hash: u.txid, index: u.vout, sequence };
    if (from.bip === 44) input.nonWitnessUtxo = Buffer.from(prevHex!, 'hex');
    else input.witnessUtxo = { script: u.script, value: u.value };
    if (from.bip === 49) input.redeemScript = payments.p2wpkh({ pubkey: from.pub }).output!;
    if (from.bip === 86) input.tapInternalKey = from.pub.subarray(1);
    p.addInput(input);
    p.addOutput({ address: to, value });
    if (from.bip === 86) {
      const tweak = sha256(
        Buffer.concat([
          sha256(Buffer.from('TapTweak')),
          sha256(Buffer.from('TapTweak')),
          from.pub.subarray(1),
        ]),
      );
      const even = from.pub[0] === 3 ? ecc.privateNegate(from.priv) : from.priv;
      const priv = ecc.privateAdd(even, tweak)!;
      p.signInput(0, {
        publicKey: ecc.xOnlyPointFromScalar(priv),
        signSchnorr: (h: Uint8Array) => ecc.signSchnorr(h, priv),
      } as never);
    } else {
      p.signInput(0, { publicKey: from.pub, sign: (h: Uint8Array) => ecc.sign(h, from.priv) } as never);
    }
    p.finalizeAllInputs();
    return p.extractTransaction().toHex();
  };

  for (const bip of [44, 49, 84, 86] as const) {
    it(`accepts a BIP-${bip} spend signed by bitcoinjs-lib and refuses it signed by another key`, () => {
      const me = keyOf(c.coin, bip);
      const other = keyOf(c.coin, bip, 5);
      const u = fund(c, me, SATS);
      const to = keyOf(c.coin, 84, 1).address;
      const prevHex = c.chain.txs.get(u.txid)!.hex;
      // The same spend signed with another account's key (the outputs' owner did not sign it).
      const forged = spend(c, me, [u], [{ script: addressToScript(c.coin, to)!, value: SATS - 10_000n }], {
        key: other.priv,
      });
      refused(c, forged, [me.address, to], /^-26: mandatory-script-verify-flag-failed \(/);

      const hex = psbtSpend(me, u, to, SATS - 10_000n, 0xfffffffd, prevHex);
      // The signed spend with its amount changed afterwards: the signature no longer covers it.
      const tampered = Transaction.fromHex(hex);
      tampered.outs[0]!.value = SATS - 20_000n;
      refused(
        c,
        tampered.toHex(),
        [me.address, to],
        bip === 86
          ? '-26: mandatory-script-verify-flag-failed (Invalid Schnorr signature)'
          : '-26: mandatory-script-verify-flag-failed (Signature must be zero for failed CHECK(MULTI)SIG operation)',
      );
      const ok = sendtx(c, hex);
      expect(ok).toEqual({ status: 200, body: { result: Transaction.fromHex(hex).getId() } });
      c.mine(1);
      expect(balanceOf(c, to).balance).toBe((SATS - 10_000n).toString());
      expect(balanceOf(c, me.address).balance).toBe('0');
    });
  }

  it('a replay: the same bytes again answer the txid while pending, then "already in utxo set", then missing inputs', () => {
    const me = keyOf(c.coin, 84);
    const u = fund(c, me, SATS);
    const hex = spend(c, me, [u], [{ script: me.script, value: SATS - 1000n }]);
    const txid = (sendtx(c, hex).body as { result: string }).result;
    expect(sendtx(c, hex)).toEqual({ status: 200, body: { result: txid } });
    c.mine(1);
    refused(c, hex, [me.address], '-27: Transaction outputs already in utxo set');
    const u2 = { txid, vout: 0, value: SATS - 1000n, script: me.script };
    expect(sendtx(c, spend(c, me, [u2], [{ script: me.script, value: SATS - 2000n }])).status).toBe(200);
    c.mine(1);
    refused(c, hex, [me.address], '-25: bad-txns-inputs-missingorspent');
  });

  it('refuses overspend, a fee below the relay floor, dust, a lock time ahead, an unknown input and garbage', () => {
    const me = keyOf(c.coin, 84);
    const u = fund(c, me, SATS);
    const watch = [me.address];
    refused(
      c,
      spend(c, me, [u], [{ script: me.script, value: SATS + 1n }]),
      watch,
      /^-26: bad-txns-in-belowout, value in \(1\.00000000\) < value out \(1\.00000001\)$/,
    );
    // 0.1 sat/vB (Bitcoin Core 30): 110 vB pays at least 11 satoshi
    refused(
      c,
      spend(c, me, [u], [{ script: me.script, value: SATS - 5n }]),
      watch,
      /^-26: min relay fee not met, 5 < 11$/,
    );
    const dust = dustThreshold(c.coin, me.script);
    expect(dust).toBe(294n);
    refused(
      c,
      spend(
        c,
        me,
        [u],
        [
          { script: me.script, value: SATS - 10_000n },
          { script: me.script, value: dust - 1n },
        ],
      ),
      watch,
      '-26: dust',
    );
    expect(
      sendtx(
        c,
        spend(
          c,
          me,
          [u],
          [
            { script: me.script, value: SATS - 10_000n },
            { script: me.script, value: dust },
          ],
        ),
      ).status,
    ).toBe(200);
    const u2 = fund(c, me, SATS);
    refused(
      c,
      spend(c, me, [u2], [{ script: me.script, value: SATS - 1000n }], { locktime: c.chain.height + 1 }),
      watch,
      '-26: non-final',
    );
    expect(
      sendtx(
        c,
        spend(c, me, [u2], [{ script: me.script, value: SATS - 1000n }], { locktime: c.chain.height }),
      ).status,
    ).toBe(200);
    // 0.1 BTC/kvB is sendrawtransaction's ceiling: 0.5 BTC on about 110 vB is far above it
    refused(
      c,
      spend(c, me, [fund(c, me, SATS)], [{ script: me.script, value: SATS / 2n }]),
      watch,
      '-25: Fee exceeds maximum configured by user (e.g. -maxtxfee, maxfeerate)',
    );
    const ghost = { ...u, txid: 'ab'.repeat(32) };
    refused(
      c,
      spend(c, me, [ghost], [{ script: me.script, value: 1000n }]),
      watch,
      '-25: bad-txns-inputs-missingorspent',
    );
    refused(c, 'zz', watch, /^-22: TX decode failed/);
    refused(c, '0200000000', watch, /^-22: TX decode failed/);
  });

  it("replacement (full RBF): a lower fee is refused with Core's reason, a higher one replaces; a child pays for its parent", () => {
    const me = keyOf(c.coin, 84);
    const other = keyOf(c.coin, 84, 1);
    const u = fund(c, me, SATS);
    // no signalling: Bitcoin Core 28+ replaces it anyway
    const first = spend(c, me, [u], [{ script: other.script, value: SATS - 1000n }], {
      sequence: 0xffffffff,
    });
    const firstId = (sendtx(c, first).body as { result: string }).result;
    refused(
      c,
      spend(c, me, [u], [{ script: me.script, value: SATS - 1000n }]),
      [me.address, other.address],
      /^-26: insufficient fee, rejecting replacement [0-9a-f]{64}; new feerate/,
    );
    const bump = spend(c, me, [u], [{ script: me.script, value: SATS - 3000n }]);
    const bumpId = (sendtx(c, bump).body as { result: string }).result;
    expect(c.chain.mempool.has(firstId)).toBe(false);
    // CPFP: the child spends the unconfirmed parent; one block confirms both.
    const child = spend(
      c,
      me,
      [{ txid: bumpId, vout: 0, value: SATS - 3000n, script: me.script }],
      [{ script: other.script, value: SATS - 20_000n }],
    );
    const childId = (sendtx(c, child).body as { result: string }).result;
    c.mine(1);
    const tx = (id: string) =>
      c.blockbook.handle('GET', `/api/v2/tx/${id}`, new URLSearchParams(), '').body as {
        confirmations: number;
      };
    expect(tx(bumpId).confirmations).toBe(1);
    expect(tx(childId).confirmations).toBe(1);
    expect(c.blockbook.handle('GET', `/api/v2/tx/${firstId}`, new URLSearchParams(), '')).toEqual({
      status: 400,
      body: { error: `Transaction '${firstId}' not found` },
    });
  });

  it('refuses spending an immature coinbase', () => {
    const me = keyOf(c.coin, 84);
    c.chain.mine(1, me.script, 50n * SATS);
    const cb = c.chain.blocks[c.chain.height]!.txids[0]!;
    refused(
      c,
      spend(
        c,
        me,
        [{ txid: cb, vout: 0, value: 50n * SATS, script: me.script }],
        [{ script: me.script, value: SATS }],
      ),
      [me.address],
      '-26: bad-txns-premature-spend-of-coinbase, tried to spend coinbase at depth 1',
    );
  });

  it('discovers an xpub account from its descriptor with the gap limit', () => {
    const k = root.derive("m/86'/0'/0'");
    const first = keyOf(c.coin, 86, 0, 0);
    const far = keyOf(c.coin, 86, 0, 19);
    fund(c, first, SATS);
    fund(c, far, 2n * SATS);
    const a = c.blockbook.handle(
      'GET',
      `/api/v2/xpub/tr(${k.publicExtendedKey})`,
      new URLSearchParams({ details: 'tokenBalances', tokens: 'used' }),
      '',
    );
    const body = a.body as { balance: string; txs: number; tokens: { name: string; path: string }[] };
    expect(body.balance).toBe((3n * SATS).toString());
    expect(body.txs).toBe(2);
    expect(body.tokens.map((t) => [t.name, t.path])).toEqual([
      [first.address, "m/86'/0'/0'/0/0"],
      [far.address, "m/86'/0'/0'/0/19"],
    ]);
    expect(first.address).toMatch(/^bc1p/);
  });
});

describe('the other coins', () => {
  it('BCH: signs over SIGHASH_FORKID, refuses a signature without it, and writes cash addresses', () => {
    const c = new LocalUtxoCoin(UTXO_COINS.BCH);
    const me = keyOf(c.coin, 44);
    expect(me.address).toMatch(/^bitcoincash:q/);
    const u = fund(c, me, SATS);
    const noForkId = { ...c.coin, forkId: false };
    const legacy = spend(new LocalUtxoCoin(noForkId), me, [u], [{ script: me.script, value: SATS - 1000n }]);
    refused(
      c,
      legacy,
      [me.address],
      '-26: mandatory-script-verify-flag-failed (Signature must use SIGHASH_FORKID)',
    );
    expect(sendtx(c, spend(c, me, [u], [{ script: me.script, value: SATS - 1000n }])).status).toBe(200);
    // no replacement on BCH: the first spend stays
    refused(
      c,
      spend(c, me, [u], [{ script: me.script, value: SATS - 5000n }]),
      [me.address],
      '-26: txn-mempool-conflict',
    );
    // the legacy form of the same address names the same account
    const bare = me.address.slice('bitcoincash:'.length);
    expect(balanceOf(c, bare)).toEqual(balanceOf(c, me.address));
    expect(balanceOf(c, me.address).balance).toBe(SATS.toString());
  });

  it('GRS: Groestl checksums, single-SHA-256 ids and signature hashes', () => {
    const c = new LocalUtxoCoin(UTXO_COINS.GRS);
    for (const bip of [44, 84] as const) {
      const me = keyOf(c.coin, bip);
      const u = fund(c, me, SATS);
      const hex = spend(c, me, [u], [{ script: me.script, value: SATS - 10_000n }]);
      const tx = Transaction.fromHex(hex);
      const bare = tx.clone();
      bare.ins.forEach((i) => (i.witness = []));
      expect(txidOf(c.coin, tx)).toBe(Buffer.from(sha256(bare.toBuffer())).reverse().toString('hex'));
      expect(sendtx(c, hex)).toEqual({ status: 200, body: { result: txidOf(c.coin, tx) } });
      // signed as bitcoin signs (double SHA-256), it does not verify on Groestlcoin
      const asBitcoin = spend(
        new LocalUtxoCoin({ ...c.coin, groestl: false }),
        me,
        [fund(c, me, SATS)],
        [{ script: me.script, value: SATS - 10_000n }],
      );
      expect((sendtx(c, asBitcoin).body as { error: string }).error).toMatch(/^-2[56]: /);
    }
    expect(keyOf(c.coin, 44).address).toMatch(/^F/);
    expect(addressToScript(c.coin, keyOf(c.coin, 44).address)).not.toBeNull();
    // a bitcoin-checksummed form of the same hash is not a Groestlcoin address
    const h = hash160(keyOf(c.coin, 44).pub);
    expect(
      addressToScript(
        c.coin,
        payments.p2pkh({ hash: h, network: { ...networks.bitcoin, pubKeyHash: 0x24 } }).address!,
      ),
    ).toBeNull();
  });

  it('DOGE: the flat 0.01 DOGE dust limit and the 0.001 DOGE/kB relay floor', () => {
    const c = new LocalUtxoCoin(UTXO_COINS.DOGE);
    const me = keyOf(c.coin, 44);
    const u = fund(c, me, 10n * SATS);
    refused(
      c,
      spend(
        c,
        me,
        [u],
        [
          { script: me.script, value: 9n * SATS },
          { script: me.script, value: 999_999n },
        ],
      ),
      [me.address],
      '-26: dust',
    );
    refused(
      c,
      spend(c, me, [u], [{ script: me.script, value: 10n * SATS - 10_000n }]),
      [me.address],
      /^-26: min relay fee not met, 10000 < 19\d{3}$/,
    );
    // more than 10,000 times the relay floor: Dogecoin Core's absurd fee
    refused(
      c,
      spend(c, me, [u], [{ script: me.script, value: SATS }]),
      [me.address],
      /^-26: absurdly-high-fee, 900000000 > \d+$/,
    );
    // the wallet's fixed 1000 sat/B on a 192-byte send
    expect(sendtx(c, spend(c, me, [u], [{ script: me.script, value: 10n * SATS - 192_000n }])).status).toBe(
      200,
    );
  });

  it('DASH and DGB: addresses of their own networks; DASH has no replacement, DGB replaces a signalling spend', () => {
    for (const id of ['DASH', 'DGB'] as const) {
      const c = new LocalUtxoCoin(UTXO_COINS[id]);
      const me = keyOf(c.coin, 44);
      expect(me.address).toMatch(id === 'DASH' ? /^X/ : /^D/);
      const u = fund(c, me, SATS);
      expect(sendtx(c, spend(c, me, [u], [{ script: me.script, value: SATS - 1000n }])).status).toBe(200);
      const bump = sendtx(c, spend(c, me, [u], [{ script: me.script, value: SATS - 5000n }]));
      if (id === 'DASH') expect(bump).toEqual({ status: 400, body: { error: '-26: txn-mempool-conflict' } });
      else expect(bump.status).toBe(200);
    }
  });

  it('funds account 0 of each purpose the wallet offers and account 1 of the first, for every coin', () => {
    for (const coin of Object.values(UTXO_COINS)) {
      // core's purposes, less the segwit ones on a coin without segwit
      expect(coin.bips, coin.id).toEqual(CHAINS[coin.id].bips.filter((b) => b === 44 || !!coin.bech32));
      const funded = utxoFundedAddresses(coin, DEFAULT_MNEMONIC);
      expect(funded.map((f) => f.path)).toEqual([
        ...coin.bips.map((b) => `m/${b}'/${coin.coinType}'/0'/0/0`),
        `m/${coin.bips[0]}'/${coin.coinType}'/1'/0/0`,
      ]);
      for (const f of funded) expect(addressToScript(coin, f.address)).not.toBeNull();
    }
  });
});
