/** Decoding a signing command into what the screen shows and how to sign it, one planner per kind of command. */
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { concat, toHex, utf8 } from '../bytes.js';
import { type Keyring, pathToString } from '../keys.js';
import { COIN_SYMBOL, isUtxoCoin } from '../addresses.js';
import type { PromptLine } from '../screen.js';
import { bnbLines, solLines, trxLines, xlmLines, xrpLines } from '../decode.js';
import { ethLines } from './eth.js';
import {
  coinOf,
  Curve,
  DataError,
  INS_SIGN_MESSAGE,
  INS_SIGN_TX,
  INS_SIGN_TX_RAW,
  INS_SIGN_TYPED,
  parseSignPayload,
  type SignEntry,
  type SignPlan,
  type SignRequest,
} from './payload.js';
import { ecdsa, edSign } from './primitives.js';
import { planUtxo } from './utxo.js';

/** A text message: Ed25519 as it is, secp256k1 with the Ethereum message prefix. */
function planMessage({ keys, curve, first, symbol, pathLine }: SignRequest): SignPlan {
  const msg = first.data;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(msg);
  const lines = [pathLine, { label: 'Message', value: /^[\x20-\x7e\s]*$/.test(text) ? text : `0x${toHex(msg)}` }];
  if (curve === Curve.ED25519_RAW || curve === Curve.ED25519) {
    return { title: `Sign ${symbol} message`, lines, sign: () => edSign(msg, keys.edPrivate(first.path)) };
  }
  const prefixed = concat(utf8(`\x19Ethereum Signed Message:\n${msg.length}`), msg);
  return { title: `Sign ${symbol} message`, lines, sign: () => ecdsa(keccak_256(prefixed), keys.secpPrivate(first.path)) };
}

/** EIP-712 typed data given as its domain and message hashes. */
function planTyped({ keys, first, pathLine }: SignRequest): SignPlan {
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

/** The host already hashed the transaction (ETH blind signing, FIO, typed-data v1 …). */
function planDigest({ keys, curve, entries, symbol, pathLine }: SignRequest): SignPlan {
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

/** A raw transaction of an account-based coin: its decoded fields, signed over the coin's digest of it. */
function planRaw({ keys, entries, first, coin, symbol, pathLine }: SignRequest): SignPlan {
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

/** Decode a signing command into what the screen shows and how to sign it. */
export function planSignature(keys: Keyring, ins: number, curve: number, payload: Uint8Array): SignPlan {
  const entries = parseSignPayload(payload);
  const first = entries[0] as SignEntry;
  const coin = coinOf(first.path);
  const symbol = COIN_SYMBOL[coin] ?? `coin ${coin}`;
  const pathLine: PromptLine = { label: 'Path', value: pathToString(first.path) };
  const request: SignRequest = { keys, curve, entries, first, coin, symbol, pathLine };

  if (ins === INS_SIGN_MESSAGE) return planMessage(request);
  if (ins === INS_SIGN_TYPED) return planTyped(request);
  if (ins === INS_SIGN_TX) return planDigest(request);
  if (ins !== INS_SIGN_TX_RAW) throw new DataError('unknown signing command');
  if (isUtxoCoin(coin)) return planUtxo(request);
  return planRaw(request);
}
