/** BTC family: splitting the preimages the SDK sends, what the screen shows of them, and signing each input. */
import { schnorr } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { concat, Reader, toHex } from '../bytes.js';
import { taprootTweakPrivate, pathToString } from '../keys.js';
import { scriptToAddress } from '../addresses.js';
import { formatUnits } from '../decode.js';
import type { PromptLine } from '../screen.js';
import { coinOf, DataError, purposeOf, type SignEntry, type SignPlan, type SignRequest } from './payload.js';
import { ecdsa } from './primitives.js';

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

type UtxoPart = UtxoPreimage & { entry: SignEntry };

/** The recipient and change lines of the confirmation the SDK appends to the first entry; returns the amount sent. */
function confirmLines(coin: number, symbol: string, confirm: Uint8Array, lines: PromptLine[]): bigint {
  let outTotal = 0n;
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
  return outTotal;
}

/** The outputs a legacy preimage carries; returns the amount sent. */
function outputLines(coin: number, symbol: string, parts: UtxoPart[], lines: PromptLine[]): bigint {
  let outTotal = 0n;
  const outs = parts[0]?.outputs ?? [];
  outs.forEach((o, i) => {
    outTotal += o.value;
    lines.push({ label: i === 0 ? 'Recipient' : `Output ${i + 1}`, value: scriptToAddress(coin, o.script) });
    lines.push({ label: 'Amount', value: `${formatUnits(o.value, UTXO_DECIMALS)} ${symbol}` });
  });
  return outTotal;
}

/** The fee when every input amount of the whole transaction is known, else why it is not and the total sent. */
function feeLines(symbol: string, parts: UtxoPart[], outTotal: bigint, lines: PromptLine[]): void {
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
}

/** Raw preimages of a BTC-family coin: recipient, change, fee, inputs; each input signed (Schnorr for Taproot). */
export function planUtxo({ keys, entries, coin, symbol }: SignRequest): SignPlan {
  let confirm: Uint8Array | undefined;
  const parts = entries.map((e, i) => {
    if (coinOf(e.path) !== coin) throw new DataError('mixed coins');
    const split = splitUtxoPreimage(coin, purposeOf(e.path), e.data);
    if (i === 0 && split.rest.length) confirm = split.rest;
    else if (split.rest.length) throw new DataError('trailing data');
    return { entry: e, ...split };
  });
  const lines: PromptLine[] = [];
  const outTotal = confirm ? confirmLines(coin, symbol, confirm, lines) : outputLines(coin, symbol, parts, lines);
  feeLines(symbol, parts, outTotal, lines);
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
