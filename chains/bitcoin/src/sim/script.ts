/**
 * Scripts, addresses and signatures of the local UTXO chain, per coin: base58check (GRS with its Groestl checksum),
 * bech32 / bech32m, BCH cash addresses; every input's signature checked for its script type (P2PKH, P2SH-P2WPKH,
 * P2WPKH, P2TR key path) with the coin's own signature hash (BCH's SIGHASH_FORKID over BIP-143, GRS's single
 * SHA-256). Transactions are decoded with bitcoinjs-lib; the digests for double-SHA-256 coins are bitcoinjs-lib's own.
 */
import * as ecc from 'tiny-secp256k1';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes } from '@noble/hashes/utils.js';
import { base58, bech32, bech32m } from '@scure/base';
import { Transaction, initEccLib, payments, script as bscript } from 'bitcoinjs-lib';
import type { Bip, UtxoCoin } from './coins.js';
import { cashaddr, groestl2 } from './vendor.js';

initEccLib(ecc);

export const sha256d = (b: Uint8Array): Uint8Array => sha256(sha256(b));
export const hash160 = (b: Uint8Array): Uint8Array => ripemd160(sha256(b));

/** The coin's transaction and signature hash: double SHA-256, or single SHA-256 on Groestlcoin. */
export const txHash = (coin: UtxoCoin, b: Uint8Array): Uint8Array => (coin.groestl ? sha256(b) : sha256d(b));

const concat = concatBytes;
const eq = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

// ---- base58check ----

function checksum(coin: UtxoCoin, payload: Uint8Array): Uint8Array {
  return (coin.groestl ? groestl2(payload) : sha256d(payload)).subarray(0, 4);
}
export function b58encode(coin: UtxoCoin, payload: Uint8Array): string {
  return base58.encode(concat(payload, checksum(coin, payload)));
}
export function b58decode(coin: UtxoCoin, s: string): Uint8Array | null {
  let raw: Uint8Array;
  try {
    raw = base58.decode(s);
  } catch {
    return null;
  }
  if (raw.length < 5) return null;
  const payload = raw.subarray(0, -4);
  return eq(checksum(coin, payload), raw.subarray(-4)) ? payload : null;
}

// ---- scripts and addresses ----

export const p2pkhScript = (h: Uint8Array) =>
  concat(Uint8Array.of(0x76, 0xa9, 0x14), h, Uint8Array.of(0x88, 0xac));
export const p2shScript = (h: Uint8Array) => concat(Uint8Array.of(0xa9, 0x14), h, Uint8Array.of(0x87));
export const p2wpkhScript = (h: Uint8Array) => concat(Uint8Array.of(0x00, 0x14), h);

export type ScriptKind = 'p2pkh' | 'p2sh' | 'p2wpkh' | 'p2wsh' | 'p2tr' | 'other';

export function scriptKind(s: Uint8Array): ScriptKind {
  if (s.length === 25 && s[0] === 0x76 && s[1] === 0xa9 && s[2] === 0x14 && s[23] === 0x88 && s[24] === 0xac)
    return 'p2pkh';
  if (s.length === 23 && s[0] === 0xa9 && s[1] === 0x14 && s[22] === 0x87) return 'p2sh';
  if (s.length === 22 && s[0] === 0x00 && s[1] === 0x14) return 'p2wpkh';
  if (s.length === 34 && s[0] === 0x00 && s[1] === 0x20) return 'p2wsh';
  if (s.length === 34 && s[0] === 0x51 && s[1] === 0x20) return 'p2tr';
  return 'other';
}

/** The address Blockbook writes for an output script; null for scripts without one (OP_RETURN, bare multisig). */
export function scriptToAddress(coin: UtxoCoin, s: Uint8Array): string | null {
  const kind = scriptKind(s);
  if (kind === 'p2pkh' || kind === 'p2sh') {
    const h = kind === 'p2pkh' ? s.subarray(3, 23) : s.subarray(2, 22);
    if (coin.cashAddrPrefix)
      return cashaddr.encode(coin.cashAddrPrefix, kind === 'p2pkh' ? 'P2PKH' : 'P2SH', h);
    return b58encode(coin, concat(Uint8Array.of(kind === 'p2pkh' ? coin.pubKeyHash : coin.scriptHash), h));
  }
  if (!coin.bech32) return null;
  if (kind === 'p2wpkh' || kind === 'p2wsh')
    return bech32.encode(coin.bech32, [0, ...bech32.toWords(s.subarray(2))]);
  if (kind === 'p2tr' && coin.taproot)
    return bech32m.encode(coin.bech32, [1, ...bech32m.toWords(s.subarray(2))]);
  return null;
}

/** The output script of an address of this coin; null when the address is not one of this coin's. */
export function addressToScript(coin: UtxoCoin, address: string): Uint8Array | null {
  if (coin.cashAddrPrefix && !/^[13]/.test(address)) {
    try {
      const withPrefix = address.includes(':') ? address : `${coin.cashAddrPrefix}:${address}`;
      const d = cashaddr.decode(withPrefix.toLowerCase());
      if (d.prefix !== coin.cashAddrPrefix || d.hash.length !== 20) return null;
      return d.type === 'P2PKH' ? p2pkhScript(Uint8Array.from(d.hash)) : p2shScript(Uint8Array.from(d.hash));
    } catch {
      return null;
    }
  }
  const b = b58decode(coin, address);
  if (b && b.length === 21) {
    if (b[0] === coin.pubKeyHash) return p2pkhScript(b.subarray(1));
    if (b[0] === coin.scriptHash) return p2shScript(b.subarray(1));
    return null;
  }
  if (!coin.bech32 || !address.toLowerCase().startsWith(`${coin.bech32}1`)) return null;
  for (const codec of [bech32, bech32m]) {
    try {
      const d = codec.decode(address.toLowerCase() as `${string}1${string}`);
      if (d.prefix !== coin.bech32) return null;
      const [version, ...rest] = d.words;
      const program = Uint8Array.from(codec.fromWords(rest));
      if (version === 0 && codec === bech32 && (program.length === 20 || program.length === 32))
        return concat(Uint8Array.of(0x00, program.length), program);
      if (version === 1 && codec === bech32m && program.length === 32 && coin.taproot)
        return concat(Uint8Array.of(0x51, 0x20), program);
    } catch {
      /* try the other checksum */
    }
  }
  return null;
}

/** The output script a public key gets for a purpose (BIP-86: the key-path-only taproot output). */
export function scriptForKey(bip: Bip, publicKey: Uint8Array): Uint8Array {
  const h = hash160(publicKey);
  if (bip === 44) return p2pkhScript(h);
  if (bip === 49) return p2shScript(hash160(p2wpkhScript(h)));
  if (bip === 84) return p2wpkhScript(h);
  const out = payments.p2tr({ internalPubkey: publicKey.subarray(1, 33) }).output;
  if (!out) throw new Error('cannot make a taproot output');
  return Uint8Array.from(out);
}

// ---- signature hashes ----

export interface Prevout {
  script: Uint8Array;
  value: bigint;
}

const u32 = (n: number) => {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n >>> 0, true);
  return b;
};
const u64 = (n: bigint) => {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setBigUint64(0, n, true);
  return b;
};
const varSlice = (b: Uint8Array) => {
  if (b.length < 0xfd) return concat(Uint8Array.of(b.length), b);
  return concat(Uint8Array.of(0xfd, b.length & 0xff, b.length >> 8), b);
};

const SIGHASH_ALL = 0x01;
const SIGHASH_FORKID = 0x40;

/** Legacy digest (GRS: SIGHASH_ALL only, the only type its wallets sign). */
function legacyDigest(coin: UtxoCoin, tx: Transaction, i: number, scriptCode: Uint8Array, hashType: number) {
  if (!coin.groestl) return Uint8Array.from(tx.hashForSignature(i, Buffer.from(scriptCode), hashType));
  if (hashType !== SIGHASH_ALL) return null;
  const t = tx.clone();
  for (const input of t.ins) {
    input.script = Buffer.alloc(0);
    input.witness = [];
  }
  t.ins[i]!.script = Buffer.from(scriptCode);
  return txHash(coin, concat(Uint8Array.from(t.toBuffer()), u32(hashType)));
}

/** BIP-143 digest (segwit v0, and BCH's SIGHASH_FORKID scheme). GRS: SIGHASH_ALL only, single SHA-256. */
function bip143Digest(
  coin: UtxoCoin,
  tx: Transaction,
  i: number,
  scriptCode: Uint8Array,
  value: bigint,
  hashType: number,
) {
  if (!coin.groestl) return Uint8Array.from(tx.hashForWitnessV0(i, scriptCode, value, hashType));
  if (hashType !== SIGHASH_ALL) return null;
  const h = (b: Uint8Array) => txHash(coin, b);
  const prevouts = h(concat(...tx.ins.map((x) => concat(Uint8Array.from(x.hash), u32(x.index)))));
  const sequences = h(concat(...tx.ins.map((x) => u32(x.sequence))));
  const outputs = h(
    concat(...tx.outs.map((o) => concat(u64(BigInt(o.value)), varSlice(Uint8Array.from(o.script))))),
  );
  const input = tx.ins[i]!;
  return h(
    concat(
      u32(tx.version),
      prevouts,
      sequences,
      Uint8Array.from(input.hash),
      u32(input.index),
      varSlice(scriptCode),
      u64(value),
      u32(input.sequence),
      outputs,
      u32(tx.locktime),
      u32(hashType),
    ),
  );
}

// ---- verification ----

/** Bitcoin Core's reasons (script errors as `mandatory-script-verify-flag-failed (…)`). */
export const SCRIPT_FAILED = (why: string) => `mandatory-script-verify-flag-failed (${why})`;
const EQUALVERIFY = SCRIPT_FAILED('Script failed an OP_EQUALVERIFY operation');
const NULLFAIL = SCRIPT_FAILED('Signature must be zero for failed CHECK(MULTI)SIG operation');
const HIGH_S = 'non-mandatory-script-verify-flag (Non-canonical signature: S value is unnecessarily high)';

function pushes(s: Uint8Array): Uint8Array[] | null {
  if (!s.length) return [];
  const chunks = bscript.decompile(Buffer.from(s));
  if (!chunks || chunks.some((c) => typeof c === 'number')) return null;
  return (chunks as Buffer[]).map((c) => Uint8Array.from(c));
}

/** An ECDSA signature with its hash type checked against a digest; an error reason, or null when it verifies. */
function checkEcdsa(
  coin: UtxoCoin,
  sigWithType: Uint8Array,
  publicKey: Uint8Array,
  digestOf: (hashType: number) => Uint8Array | null,
): string | null {
  let decoded: { signature: Uint8Array; hashType: number };
  try {
    // bitcoinjs-lib's strict DER decoder knows the hash types without BCH's SIGHASH_FORKID bit: read it aside.
    const last = sigWithType[sigWithType.length - 1] ?? 0;
    const bare = Uint8Array.from(sigWithType);
    bare[bare.length - 1] = last & ~SIGHASH_FORKID;
    decoded = { ...bscript.signature.decode(bare), hashType: last };
  } catch {
    return SCRIPT_FAILED('Non-canonical DER signature');
  }
  const { hashType } = decoded;
  if (coin.forkId && !(hashType & SIGHASH_FORKID)) return SCRIPT_FAILED('Signature must use SIGHASH_FORKID');
  if (!coin.forkId && hashType & SIGHASH_FORKID)
    return SCRIPT_FAILED('Signature hash type missing or not understood');
  if (!ecc.isPoint(publicKey)) return SCRIPT_FAILED('Public key is neither compressed or uncompressed');
  const digest = digestOf(hashType);
  if (!digest) return SCRIPT_FAILED('Signature hash type missing or not understood');
  const sig = Uint8Array.from(decoded.signature);
  if (ecc.verify(digest, publicKey, sig, true)) return null;
  return ecc.verify(digest, publicKey, sig, false) ? HIGH_S : NULLFAIL;
}

/**
 * Checks the signature of input `i` against the output it spends. Returns Bitcoin Core's rejection reason, or null
 * when the input is validly signed.
 */
export function verifyInput(coin: UtxoCoin, tx: Transaction, i: number, prevouts: Prevout[]): string | null {
  const input = tx.ins[i]!;
  const prev = prevouts[i]!;
  const kind = scriptKind(prev.script);
  const witness = input.witness.map((w) => Uint8Array.from(w));
  const scriptSig = Uint8Array.from(input.script);
  const segwitAllowed = !!coin.bech32;

  if (kind === 'p2pkh') {
    const items = pushes(scriptSig);
    if (witness.length) return 'bad-witness-nonstandard';
    if (!items) return 'scriptsig-not-pushonly';
    if (items.length !== 2) return SCRIPT_FAILED('Operation not valid with the current stack size');
    const [sig, pub] = items as [Uint8Array, Uint8Array];
    if (!eq(hash160(pub), prev.script.subarray(3, 23))) return EQUALVERIFY;
    return checkEcdsa(coin, sig, pub, (ht) =>
      coin.forkId
        ? bip143Digest(coin, tx, i, prev.script, prev.value, ht)
        : legacyDigest(coin, tx, i, prev.script, ht),
    );
  }

  if ((kind === 'p2wpkh' || kind === 'p2sh') && segwitAllowed) {
    let program: Uint8Array;
    if (kind === 'p2sh') {
      const items = pushes(scriptSig);
      if (!items || items.length !== 1)
        return SCRIPT_FAILED('Operation not valid with the current stack size');
      const redeem = items[0]!;
      if (!eq(hash160(redeem), prev.script.subarray(2, 22)))
        return SCRIPT_FAILED(
          'Script evaluated without error but finished with a false/empty top stack element',
        );
      if (scriptKind(redeem) !== 'p2wpkh')
        return SCRIPT_FAILED('unsupported redeem script on the local chain');
      program = redeem.subarray(2);
    } else {
      if (scriptSig.length) return SCRIPT_FAILED('Witness requires empty scriptSig');
      program = prev.script.subarray(2);
    }
    if (witness.length !== 2) return SCRIPT_FAILED('Witness program hash mismatch');
    const [sig, pub] = witness as [Uint8Array, Uint8Array];
    if (pub.length !== 33) return SCRIPT_FAILED('Using non-compressed keys in segwit');
    if (!eq(hash160(pub), program)) return SCRIPT_FAILED('Witness program hash mismatch');
    return checkEcdsa(coin, sig, pub, (ht) =>
      bip143Digest(coin, tx, i, p2pkhScript(program), prev.value, ht),
    );
  }

  if (kind === 'p2tr' && coin.taproot) {
    if (scriptSig.length) return SCRIPT_FAILED('Witness requires empty scriptSig');
    const stack =
      witness.length >= 2 && witness[witness.length - 1]![0] === 0x50 ? witness.slice(0, -1) : witness;
    if (stack.length !== 1) return SCRIPT_FAILED('unsupported taproot script path on the local chain');
    const sig = stack[0]!;
    if (sig.length !== 64 && sig.length !== 65) return SCRIPT_FAILED('Invalid Schnorr signature size');
    const hashType = sig.length === 65 ? sig[64]! : 0;
    if (sig.length === 65 && hashType === 0) return SCRIPT_FAILED('Invalid Schnorr signature hash type');
    let digest: Uint8Array;
    try {
      digest = Uint8Array.from(
        tx.hashForWitnessV1(
          i,
          prevouts.map((p) => Buffer.from(p.script)),
          prevouts.map((p) => p.value),
          hashType,
        ),
      );
    } catch {
      return SCRIPT_FAILED('Invalid Schnorr signature hash type');
    }
    return ecc.verifySchnorr(digest, prev.script.subarray(2), sig.subarray(0, 64))
      ? null
      : SCRIPT_FAILED('Invalid Schnorr signature');
  }

  return SCRIPT_FAILED('script type not spendable on the local chain');
}

// ---- signing (the faucet, and the tests' own wallets) ----

/** Signs input `i` (spending `prev`, a script of `kind` for `bip`) with SIGHASH_ALL, the coin's way. */
export function signInput(
  coin: UtxoCoin,
  tx: Transaction,
  i: number,
  prevouts: Prevout[],
  privateKey: Uint8Array,
  bip: Bip,
): void {
  const publicKey = ecc.pointFromScalar(privateKey, true)!;
  const prev = prevouts[i]!;
  const hashType = SIGHASH_ALL | (coin.forkId ? SIGHASH_FORKID : 0);
  const der = (digest: Uint8Array) => {
    const out = Uint8Array.from(bscript.signature.encode(ecc.sign(digest, privateKey), SIGHASH_ALL));
    out[out.length - 1] = hashType;
    return out;
  };
  if (bip === 44) {
    const digest = coin.forkId
      ? bip143Digest(coin, tx, i, prev.script, prev.value, hashType)
      : legacyDigest(coin, tx, i, prev.script, hashType);
    tx.ins[i]!.script = bscript.compile([Buffer.from(der(digest!)), Buffer.from(publicKey)]);
    return;
  }
  if (bip === 49 || bip === 84) {
    const program = hash160(publicKey);
    const digest = bip143Digest(coin, tx, i, p2pkhScript(program), prev.value, hashType)!;
    tx.ins[i]!.witness = [Buffer.from(der(digest)), Buffer.from(publicKey)];
    if (bip === 49) tx.ins[i]!.script = bscript.compile([Buffer.from(p2wpkhScript(program))]);
    return;
  }
  const digest = tx.hashForWitnessV1(
    i,
    prevouts.map((p) => Buffer.from(p.script)),
    prevouts.map((p) => p.value),
    Transaction.SIGHASH_DEFAULT,
  );
  // BIP-341: the internal key's even-Y private key, plus the tweak of a key-path-only output
  const even = publicKey[0] === 0x03 ? ecc.privateNegate(privateKey) : privateKey;
  const tweaked = ecc.privateAdd(even, tapTweak(publicKey.subarray(1)))!;
  tx.ins[i]!.witness = [Buffer.from(ecc.signSchnorr(Uint8Array.from(digest), tweaked))];
}

function tapTweak(xOnly: Uint8Array): Uint8Array {
  const tag = sha256(new TextEncoder().encode('TapTweak'));
  return sha256(concat(tag, tag, xOnly));
}

/** The transaction id (display order): the coin's hash of the serialisation without witnesses. */
export function txidOf(coin: UtxoCoin, tx: Transaction): string {
  const bare = tx.clone();
  for (const input of bare.ins) input.witness = [];
  return Buffer.from(txHash(coin, Uint8Array.from(bare.toBuffer())))
    .reverse()
    .toString('hex');
}
