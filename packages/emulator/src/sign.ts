/** Decoding of the SDK's signing payloads and the per-chain signing rules of the emulated device. */
import { secp256k1, schnorr } from '@noble/curves/secp256k1.js';
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { concat, Reader, readUintLE, toHex, utf8 } from './bytes.js';
import { HARDENED, type Keyring, taprootTweakPrivate, pathToString } from './keys.js';
import { COIN_SYMBOL, isUtxoCoin, scriptToAddress } from './addresses.js';
import type { PromptLine } from './screen.js';
import { bnbLines, formatUnits, solLines, trxLines, xlmLines, xrpLines } from './decode.js';

export enum Curve {
  SECP256K1 = 0,
  ED25519 = 1,
  ED25519_ADA = 2,
  SCHNORR_BTC = 3,
  ED25519_RAW = 4,
  SECP256K1_LOW_R = 5,
}

export const INS_SIGN_TX_RAW = 0xa3;
export const INS_SIGN_TX = 0xa4;
export const INS_SIGN_MESSAGE = 0xa5;
export const INS_SIGN_TYPED = 0xa6;

export interface SignEntry {
  txType: number;
  chainId: number;
  path: number[];
  data: Uint8Array;
}

export class DataError extends Error {}

/** [n][ (len tp:u16le chainId:u16le path…) × n ][ (len:u16be data) × n ] */
export function parseSignPayload(payload: Uint8Array): SignEntry[] {
  const r = new Reader(payload);
  const n = r.u8();
  if (n < 1) throw new DataError('no signing entry');
  const heads: Array<Omit<SignEntry, 'data'>> = [];
  for (let i = 0; i < n; i++) {
    const len = r.u8();
    const h = new Reader(r.bytes(len));
    const txType = h.u16le();
    const chainId = h.u16le();
    const path: number[] = [];
    while (h.remaining >= 4) path.push(h.u32le());
    heads.push({ txType, chainId, path });
  }
  return heads.map((h) => {
    const len = r.u16be();
    return { ...h, data: r.bytes(len).slice() };
  });
}

const coinOf = (path: number[]) => (path[1] ?? 0) - HARDENED;
const purposeOf = (path: number[]) => (path[0] ?? 0) - HARDENED;

// ---------------------------------------------------------------- BTC family preimages

interface UtxoPreimage {
  kind: 'legacy' | 'segwit' | 'taproot';
  preimage: Uint8Array;
  rest: Uint8Array;
  amount?: bigint;
  /** the input this preimage signs (segwit v0, Taproot ANYONECANPAY) */
  outpoint?: Uint8Array;
  /** BIP-143 hashPrevouts: sha256d of every outpoint of the transaction */
  hashPrevouts?: Uint8Array;
  outputs?: Array<{ value: bigint; script: Uint8Array }>;
}

function splitUtxoPreimage(coin: number, purpose: number, data: Uint8Array): UtxoPreimage {
  const r = new Reader(data);
  if (purpose === 86) {
    r.u8(); // epoch 0x00
    const hashType = r.u8();
    r.bytes(8);
    const out = hashType === 0 ? 1 : hashType & 0x03;
    const acp = (hashType & 0x80) !== 0;
    if (!acp) r.bytes(128);
    if (out !== 2 && out !== 3) r.bytes(32);
    const spendType = r.u8();
    let amount: bigint | undefined;
    let outpoint: Uint8Array | undefined;
    if (acp) {
      // ANYONECANPAY: this input's outpoint, amount, scriptPubKey and sequence are in the clear
      outpoint = r.bytes(36);
      amount = r.u64le();
      r.varSlice();
      r.bytes(4);
    } else r.bytes(4); // input index (amounts are only committed to as sha_amounts)
    if (spendType & 1) r.bytes(32);
    if (out === 3) r.bytes(32);
    if (spendType & 2) r.bytes(37);
    return { kind: 'taproot', preimage: data.subarray(0, r.offset), rest: r.rest(), amount, outpoint };
  }
  if (purpose === 49 || purpose === 84 || coin === 145) {
    r.bytes(4);
    const hashPrevouts = r.bytes(32);
    r.bytes(32);
    const outpoint = r.bytes(36);
    r.varSlice();
    const amount = r.u64le();
    r.bytes(4 + 32 + 4 + 4);
    return { kind: 'segwit', preimage: data.subarray(0, r.offset), rest: r.rest(), amount, outpoint, hashPrevouts };
  }
  r.bytes(4);
  const nIn = r.varint();
  for (let i = 0; i < nIn; i++) {
    r.bytes(36);
    r.varSlice();
    r.bytes(4);
  }
  const nOut = r.varint();
  const outputs: Array<{ value: bigint; script: Uint8Array }> = [];
  for (let i = 0; i < nOut; i++) outputs.push({ value: r.u64le(), script: r.varSlice() });
  r.bytes(8);
  return { kind: 'legacy', preimage: data.subarray(0, r.offset), rest: r.rest(), outputs };
}

const UTXO_DECIMALS = 8;

// ---------------------------------------------------------------- ETH

type Rlp = Uint8Array | Rlp[];

function rlpDecode(data: Uint8Array): Rlp {
  const [item] = rlpItem(data, 0);
  return item;
}

function rlpItem(b: Uint8Array, o: number): [Rlp, number] {
  const p = b[o] as number;
  if (p < 0x80) return [b.subarray(o, o + 1), o + 1];
  if (p < 0xb8) return [b.subarray(o + 1, o + 1 + p - 0x80), o + 1 + p - 0x80];
  if (p < 0xc0) {
    const ll = p - 0xb7;
    const len = Number(readBE(b.subarray(o + 1, o + 1 + ll)));
    return [b.subarray(o + 1 + ll, o + 1 + ll + len), o + 1 + ll + len];
  }
  let len: number;
  let start: number;
  if (p < 0xf8) {
    len = p - 0xc0;
    start = o + 1;
  } else {
    const ll = p - 0xf7;
    len = Number(readBE(b.subarray(o + 1, o + 1 + ll)));
    start = o + 1 + ll;
  }
  const items: Rlp[] = [];
  let i = start;
  while (i < start + len) {
    const [it, next] = rlpItem(b, i);
    items.push(it);
    i = next;
  }
  return [items, start + len];
}

function readBE(b: Uint8Array): bigint {
  let v = 0n;
  for (const x of b) v = (v << 8n) | BigInt(x);
  return v;
}

const asBytes = (x: Rlp | undefined): Uint8Array => (x instanceof Uint8Array ? x : new Uint8Array());

function ethLines(data: Uint8Array, chainIdField: number): PromptLine[] {
  try {
    let chainId: bigint;
    let to: Uint8Array;
    let value: bigint;
    let input: Uint8Array;
    let fee: bigint;
    let type = 'legacy';
    if (data[0] === 0x02) {
      const f = rlpDecode(data.subarray(1)) as Rlp[];
      chainId = readBE(asBytes(f[0]));
      fee = readBE(asBytes(f[3])) * readBE(asBytes(f[4]));
      to = asBytes(f[5]);
      value = readBE(asBytes(f[6]));
      input = asBytes(f[7]);
      type = 'EIP-1559';
    } else {
      const f = rlpDecode(data) as Rlp[];
      chainId = f.length > 6 ? readBE(asBytes(f[6])) : BigInt(chainIdField);
      fee = readBE(asBytes(f[1])) * readBE(asBytes(f[2]));
      to = asBytes(f[3]);
      value = readBE(asBytes(f[4]));
      input = asBytes(f[5]);
    }
    const lines: PromptLine[] = [{ label: 'Network', value: `chain ${chainId} (${type})` }];
    const sel = toHex(input.subarray(0, 4));
    if (sel === 'a9059cbb' && input.length >= 68) {
      lines.push({ label: 'Token', value: `0x${toHex(to)}` });
      lines.push({ label: 'Recipient', value: `0x${toHex(input.subarray(16, 36))}` });
      lines.push({ label: 'Amount', value: `${readBE(input.subarray(36, 68))} (token units)` });
    } else {
      lines.push({ label: 'Recipient', value: to.length ? `0x${toHex(to)}` : '(contract creation)' });
      lines.push({ label: 'Amount', value: `${formatUnits(value, 18)} ETH` });
      if (input.length) lines.push({ label: 'Data', value: `${input.length} bytes (0x${sel}…)` });
    }
    lines.push({ label: 'Max fee', value: `${formatUnits(fee, 18)} ETH` });
    return lines;
  } catch {
    return [{ label: 'Data', value: `0x${toHex(keccak_256(data))}` }];
  }
}

// ---------------------------------------------------------------- signing

function ecdsa(hash: Uint8Array, priv: Uint8Array, lowR = false): Uint8Array {
  for (let attempt = 0; attempt < 1000; attempt++) {
    const rec = secp256k1.sign(hash, priv, {
      prehash: false,
      format: 'recovered',
      extraEntropy: attempt === 0 ? false : sha256(concat(hash, new Uint8Array([attempt & 0xff, attempt >> 8]))),
    });
    const r = rec.subarray(1, 33);
    const s = rec.subarray(33, 65);
    if (lowR) {
      const canonical =
        !((r[0] as number) & 0x80) &&
        !(r[0] === 0 && !((r[1] as number) & 0x80)) &&
        !((s[0] as number) & 0x80) &&
        !(s[0] === 0 && !((s[1] as number) & 0x80));
      if (!canonical) continue;
    }
    return concat(r, s, new Uint8Array([rec[0] as number]));
  }
  throw new DataError('could not produce a canonical signature');
}

function edSign(msg: Uint8Array, priv: Uint8Array): Uint8Array {
  return concat(ed25519.sign(msg, priv), new Uint8Array([0]));
}

export interface SignPlan {
  title: string;
  lines: PromptLine[];
  /** 65 bytes per signature */
  sign(): Uint8Array;
}

/** Decode a signing command into what the screen shows and how to sign it. */
export function planSignature(keys: Keyring, ins: number, curve: number, payload: Uint8Array): SignPlan {
  const entries = parseSignPayload(payload);
  const first = entries[0] as SignEntry;
  const coin = coinOf(first.path);
  const symbol = COIN_SYMBOL[coin] ?? `coin ${coin}`;
  const pathLine: PromptLine = { label: 'Path', value: pathToString(first.path) };

  if (ins === INS_SIGN_MESSAGE) {
    const msg = first.data;
    const text = new TextDecoder('utf-8', { fatal: false }).decode(msg);
    const lines = [pathLine, { label: 'Message', value: /^[\x20-\x7e\s]*$/.test(text) ? text : `0x${toHex(msg)}` }];
    if (curve === Curve.ED25519_RAW || curve === Curve.ED25519) {
      return { title: `Sign ${symbol} message`, lines, sign: () => edSign(msg, keys.edPrivate(first.path)) };
    }
    const prefixed = concat(utf8(`\x19Ethereum Signed Message:\n${msg.length}`), msg);
    return { title: `Sign ${symbol} message`, lines, sign: () => ecdsa(keccak_256(prefixed), keys.secpPrivate(first.path)) };
  }

  if (ins === INS_SIGN_TYPED) {
    const data = first.data;
    if (data.length !== 32 && data.length !== 64) throw new DataError('typed data: expected domain and message hashes');
    const lines = [
      pathLine,
      { label: 'Domain hash', value: `0x${toHex(data.subarray(0, 32))}` },
      { label: 'Message hash', value: data.length === 64 ? `0x${toHex(data.subarray(32))}` : '(none)' },
    ];
    const digest = keccak_256(concat(new Uint8Array([0x19, 0x01]), data));
    return { title: 'Sign typed data', lines, sign: () => ecdsa(digest, keys.secpPrivate(first.path)) };
  }

  if (ins === INS_SIGN_TX) {
    // host already hashed the transaction (ETH blind signing, FIO, typed-data v1 …)
    const isEd = curve === Curve.ED25519 || curve === Curve.ED25519_RAW;
    if (!isEd && entries.some((e) => e.data.length !== 32)) throw new DataError('expected a 32-byte digest');
    const lines = [pathLine, { label: 'Blind signing', value: entries.map((e) => `0x${toHex(e.data)}`).join(', ') }];
    return {
      title: `Sign ${symbol} transaction`,
      lines,
      sign: () =>
        concat(
          ...entries.map((e) =>
            isEd
              ? edSign(e.data, keys.edPrivate(e.path))
              : ecdsa(e.data, keys.secpPrivate(e.path), curve === Curve.SECP256K1_LOW_R),
          ),
        ),
    };
  }

  if (ins !== INS_SIGN_TX_RAW) throw new DataError('unknown signing command');

  if (isUtxoCoin(coin)) {
    let confirm: Uint8Array | undefined;
    const parts = entries.map((e, i) => {
      if (coinOf(e.path) !== coin) throw new DataError('mixed coins');
      const split = splitUtxoPreimage(coin, purposeOf(e.path), e.data);
      if (i === 0 && split.rest.length) confirm = split.rest;
      else if (split.rest.length) throw new DataError('trailing data');
      return { entry: e, ...split };
    });
    const lines: PromptLine[] = [];
    let outTotal = 0n;
    if (confirm) {
      const r = new Reader(confirm);
      const nOut = r.u8();
      const value = r.u64le();
      const script = r.bytes(r.u8());
      outTotal += value;
      lines.push({ label: 'Recipient', value: scriptToAddress(coin, script) });
      lines.push({ label: 'Amount', value: `${formatUnits(value, UTXO_DECIMALS)} ${symbol}` });
      for (let i = 1; i < nOut && r.remaining >= 28; i++) {
        const v = r.u64le();
        const p: number[] = [];
        for (let k = 0; k < 5; k++) p.push(r.u32le());
        outTotal += v;
        lines.push({ label: 'Change', value: `${formatUnits(v, UTXO_DECIMALS)} ${symbol} to ${pathToString(p)}` });
      }
    } else {
      const outs = parts[0]?.outputs ?? [];
      outs.forEach((o, i) => {
        outTotal += o.value;
        lines.push({ label: i === 0 ? 'Recipient' : `Output ${i + 1}`, value: scriptToAddress(coin, o.script) });
        lines.push({ label: 'Amount', value: `${formatUnits(o.value, UTXO_DECIMALS)} ${symbol}` });
      });
    }
    const inTotal = parts.reduce((s, p) => s + (p.amount ?? 0n), 0n);
    if (parts.every((p) => p.amount !== undefined) && !signsSomeInputsOnly(parts) && inTotal >= outTotal) {
      lines.push({ label: 'Fee', value: `${formatUnits(inTotal - outTotal, UTXO_DECIMALS)} ${symbol}` });
    } else if (parts.every((p) => p.amount !== undefined)) {
      // large transactions are signed in several requests: this one does not see every input amount
      lines.push({ label: 'Fee', value: `unknown (this request signs ${parts.length} inputs of a larger transaction)` });
      lines.push({ label: 'Total sent', value: `${formatUnits(outTotal, UTXO_DECIMALS)} ${symbol}` });
    } else {
      // Legacy preimages carry no input amounts, and BIP-341 preimages without ANYONECANPAY only a hash of them
      // (the SDK signs Taproot with ALL|ANYONECANPAY, so those carry it): the fee cannot be derived then.
      lines.push({ label: 'Fee', value: `unknown (input amounts are not sent for ${feeBlindKinds(parts)} inputs)` });
      lines.push({ label: 'Total sent', value: `${formatUnits(outTotal, UTXO_DECIMALS)} ${symbol}` });
    }
    lines.push({ label: 'Inputs', value: String(parts.length) });
    return {
      title: `Sign ${symbol} transaction`,
      lines,
      sign: () =>
        concat(
          ...parts.map((p) => {
            const priv = keys.secpPrivate(p.entry.path);
            if (p.kind === 'taproot') {
              const digest = schnorr.utils.taggedHash('TapSighash', p.preimage);
              return concat(schnorr.sign(digest, taprootTweakPrivate(priv)), new Uint8Array([0]));
            }
            const digest = coin === 17 ? sha256(p.preimage) : sha256(sha256(p.preimage));
            return ecdsa(digest, priv);
          }),
        ),
    };
  }

  const generic = (digest: (d: Uint8Array) => Uint8Array, decode: (d: Uint8Array) => PromptLine[], ed = false): SignPlan => ({
    title: `Sign ${symbol} transaction`,
    lines: [pathLine, ...entries.flatMap((e) => decodedLines(decode, e.data))],
    sign: () =>
      concat(
        ...entries.map((e) =>
          ed ? edSign(digest(e.data), keys.edPrivate(e.path)) : ecdsa(digest(e.data), keys.secpPrivate(e.path)),
        ),
      ),
  });

  switch (coin) {
    case 60:
      return {
        title: 'Sign ETH transaction',
        lines: [pathLine, ...ethLines(first.data, first.chainId)],
        sign: () => ecdsa(keccak_256(first.data), keys.secpPrivate(first.path)),
      };
    case 144:
      return generic((d) => sha512(d).subarray(0, 32), xrpLines);
    case 148:
      return generic((d) => sha256(d), xlmLines, true);
    case 195:
      return generic((d) => sha256(d), trxLines);
    case 714:
      return generic((d) => sha256(d), bnbLines);
    case 501:
      return generic((d) => d, solLines, true);
    case 235:
      return generic((d) => sha256(d), () => []);
    default:
      throw new DataError(`unsupported coin type ${coin}`);
  }
}

/** Decoded fields, or the hash of the data when the decoder does not understand it (blind signing). */
function decodedLines(decode: (d: Uint8Array) => PromptLine[], data: Uint8Array): PromptLine[] {
  try {
    const lines = decode(data);
    if (lines.length) return lines;
  } catch {
    /* fall through */
  }
  return [{ label: 'Data hash', value: toHex(sha256(data)) }];
}

/** BIP-143 hashPrevouts commits to every outpoint: compare it with the outpoints this request carries. */
function signsSomeInputsOnly(parts: Array<{ outpoint?: Uint8Array; hashPrevouts?: Uint8Array }>): boolean {
  const committed = parts.find((p) => p.hashPrevouts)?.hashPrevouts;
  if (!committed || parts.some((p) => !p.outpoint)) return false;
  const seen = sha256(sha256(concat(...parts.map((p) => p.outpoint as Uint8Array))));
  return toHex(seen) !== toHex(committed);
}

function feeBlindKinds(parts: Array<{ kind: string; amount?: bigint }>): string {
  const kinds = new Set(parts.filter((p) => p.amount === undefined).map((p) => (p.kind === 'taproot' ? 'Taproot' : 'legacy')));
  return [...kinds].join(' and ');
}

export { readUintLE };
