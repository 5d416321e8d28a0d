/**
 * TRON transactions as the SecuX device signs them (packages/device `signTrx` → @secux/app-trx prepareSign): the
 * device takes { from, to, amount | token | contract, blockID, blockNumber, timestamp, expiration, feeLimit } and
 * builds `raw_data` itself; it signs sha256(raw_data) (the txID) and hands back the serialized Transaction
 * (raw_data + signature) as hex, which the node takes as it is (`wallet/broadcasthex`).
 *
 * This file builds the same raw_data with tronweb's protocol buffers, so the adapter knows the exact size (for the
 * bandwidth cost) before signing and, after signing, checks that the device signed exactly what was reviewed and that
 * the signature recovers to the owner.
 */
import { recoverAddress, sha256, txJsonToPb } from 'tronweb/utils';
import { tronHex } from './address';
import { TRON_SIGNATURE_BYTES } from './costs';
import { TronError } from './errors';

/** Expiration: the reference block's time + 10 minutes (the node accepts up to 24 h; a device review is short). */
export const TRON_EXPIRATION_MS = 10 * 60_000;

/** The reference block: the current block (spec 02 "Tron block: blockID, blockNumber, timestamp"). */
export interface TronBlockRef {
  /** 32-byte block id, hex (its first 8 bytes are the number). */
  blockID: string;
  blockNumber: number;
  /** Block time, ms. */
  timestamp: number;
}

/** What the device signs: one of TRX, TRC-10 (token id) or TRC-20 (contract + ABI transfer). */
export type TronDeviceTx =
  | (TronDeviceBase & { kind: 'trx'; to: string; amount: number })
  | (TronDeviceBase & { kind: 'trc10'; to: string; amount: number; token: string })
  | (TronDeviceBase & { kind: 'trc20'; to: string; amount: string; contract: string; feeLimit: number });

interface TronDeviceBase {
  from: string;
  blockID: string;
  blockNumber: number;
  timestamp: number;
  expiration: number;
}

/** The device request as @secux/app-trx takes it (without our `kind`). */
export function deviceRequest(tx: TronDeviceTx): Record<string, unknown> {
  const { kind: _kind, ...rest } = tx;
  return rest;
}

const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
const bytes = (h: string) => Uint8Array.from(h.match(/../g) ?? [], (x) => parseInt(x, 16));

/** TRC-20 transfer(address,uint256) call data. */
export function trc20TransferData(to: string, amount: bigint): string {
  if (amount < 0n || amount >= 2n ** 256n) throw new RangeError('bad token amount');
  return `a9059cbb${tronHex(to).slice(2).padStart(64, '0')}${amount.toString(16).padStart(64, '0')}`;
}

/** The raw_data JSON the node reads (addresses hex 41…), the same fields the device sets. */
export function rawDataJson(tx: TronDeviceTx): Record<string, unknown> {
  const owner = tronHex(tx.from);
  const contract =
    tx.kind === 'trx'
      ? {
          type: 'TransferContract',
          parameter: {
            value: { owner_address: owner, to_address: tronHex(tx.to), amount: tx.amount },
            type_url: 'type.googleapis.com/protocol.TransferContract',
          },
        }
      : tx.kind === 'trc10'
        ? {
            type: 'TransferAssetContract',
            parameter: {
              value: {
                owner_address: owner,
                to_address: tronHex(tx.to),
                amount: tx.amount,
                // hex of the id's text: tronweb would read an all-digit id as hex bytes otherwise
                asset_name: hex(new TextEncoder().encode(tx.token)),
              },
              type_url: 'type.googleapis.com/protocol.TransferAssetContract',
            },
          }
        : {
            type: 'TriggerSmartContract',
            parameter: {
              value: {
                owner_address: owner,
                contract_address: tronHex(tx.contract),
                data: trc20TransferData(tx.to, BigInt(tx.amount)),
                call_value: 0,
              },
              type_url: 'type.googleapis.com/protocol.TriggerSmartContract',
            },
          };
  const n = tx.blockNumber & 0xffff;
  return {
    contract: [contract],
    ref_block_bytes: n.toString(16).padStart(4, '0'),
    ref_block_hash: tx.blockID.slice(16, 32),
    expiration: tx.expiration,
    timestamp: tx.timestamp,
    ...(tx.kind === 'trc20' ? { fee_limit: tx.feeLimit } : {}),
  };
}

/** raw_data serialized (protobuf), hex. */
export function rawDataHex(tx: TronDeviceTx): string {
  const pb = txJsonToPb({ raw_data: rawDataJson(tx), visible: false }) as {
    getRawData(): { serializeBinary(): Uint8Array };
  };
  return hex(pb.getRawData().serializeBinary());
}

/** txID = sha256(raw_data), hex lower case. */
export function txIdOf(rawHex: string): string {
  return sha256(bytes(rawHex)).slice(2).toLowerCase();
}

/** Size of the signed transaction: raw_data + one 65-byte signature + the protobuf framing of both. */
export function signedSize(rawHex: string): number {
  const raw = rawHex.length / 2;
  const varintLen = (n: number) => (n < 0x80 ? 1 : n < 0x4000 ? 2 : 3);
  return 1 + varintLen(raw) + raw + 1 + varintLen(TRON_SIGNATURE_BYTES) + TRON_SIGNATURE_BYTES;
}

/** secp256k1's group order n. */
const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/**
 * The signature with its low s (s ≤ n/2, recovery bit flipped when s is replaced by n − s): the same signature in
 * the form every verifier takes. @secux/app-trx's resolveSignature "flips" s by comparing numbers as text, so about
 * one signature in sixteen reaches us with a high s, which tronweb's recovery refuses as non-canonical.
 */
export function canonicalSignature(signature: string): string {
  const sig = signature.replace(/^0x/, '').toLowerCase();
  if (!/^[0-9a-f]{130}$/.test(sig)) throw new TronError('tronBadSignature', 'The signature is not 65 bytes.');
  const s = BigInt(`0x${sig.slice(64, 128)}`);
  if (s <= SECP256K1_N / 2n) return sig;
  const v = parseInt(sig.slice(128), 16);
  const flipped = v >= 27 ? 27 + ((v - 27) ^ 1) : v ^ 1;
  return `${sig.slice(0, 64)}${(SECP256K1_N - s).toString(16).padStart(64, '0')}${flipped.toString(16).padStart(2, '0')}`;
}

/** The 'T…' (as hex 41…) address that signed `txId` with the 65-byte r ‖ s ‖ v `signature`. */
export function recoverSignerHex(txId: string, signature: string): string {
  const sig = signature.replace(/^0x/, '');
  if (!/^[0-9a-fA-F]{130}$/.test(sig))
    throw new TronError('tronBadSignature', 'The signature is not 65 bytes.');
  let v = parseInt(sig.slice(128), 16);
  if (v < 27) v += 27;
  const eth = recoverAddress(`0x${txId}`, {
    r: `0x${sig.slice(0, 64)}`,
    s: `0x${sig.slice(64, 128)}`,
    v,
  } as never);
  return `41${eth.slice(2).toLowerCase()}`;
}

/** Minimal protobuf reading of a signed Transaction: field 1 raw_data (bytes), field 2 signatures (repeated bytes). */
export function parseSignedTransaction(signedHex: string): { rawHex: string; signatures: string[] } {
  const b = bytes(signedHex.replace(/^0x/, ''));
  if (b.length * 2 !== signedHex.replace(/^0x/, '').length) throw new Error('not hex');
  let i = 0;
  const varint = () => {
    let v = 0;
    let shift = 0;
    for (;;) {
      if (i >= b.length) throw new Error('truncated');
      const x = b[i++]!;
      v += (x & 0x7f) * 2 ** shift;
      if (!(x & 0x80)) return v;
      shift += 7;
      if (shift > 49) throw new Error('varint too long');
    }
  };
  let rawHex = '';
  const signatures: string[] = [];
  while (i < b.length) {
    const key = varint();
    const field = Math.floor(key / 8);
    const wire = key & 7;
    if (wire === 2) {
      const len = varint();
      if (i + len > b.length) throw new Error('truncated');
      const part = hex(b.subarray(i, i + len));
      i += len;
      if (field === 1) rawHex = part;
      else if (field === 2) signatures.push(part);
    } else if (wire === 0) varint();
    else throw new Error(`unexpected wire type ${wire}`);
  }
  if (!rawHex) throw new Error('no raw_data');
  return { rawHex, signatures };
}

/** Serializes a signed Transaction (raw_data + signatures) back to hex. */
export function serializeSignedTransaction(rawHex: string, signatures: readonly string[]): string {
  const lenBytes = (n: number) => {
    const out: number[] = [];
    while (n >= 0x80) {
      out.push((n & 0x7f) | 0x80);
      n = Math.floor(n / 128);
    }
    out.push(n);
    return hex(Uint8Array.from(out));
  };
  const field = (tag: string, h: string) => `${tag}${lenBytes(h.length / 2)}${h}`;
  return field('0a', rawHex) + signatures.map((s) => field('12', s)).join('');
}

export interface TronSigned {
  /** txID, hex. */
  hash: string;
  /** The signed Transaction (protobuf) as hex — wallet/broadcasthex's `transaction`. */
  raw: string;
  encoding: 'hex';
}

/**
 * Checks the device's answer: the raw_data it signed is the one reviewed, and the signature recovers to the owner.
 * `signature` (r ‖ s ‖ v hex) is used when the transaction carries none.
 */
export function finalizeTronTransaction(
  expectedRawHex: string,
  owner: string,
  signedHex: string,
  signature?: string,
): TronSigned {
  let parsed: { rawHex: string; signatures: string[] };
  try {
    parsed = parseSignedTransaction(signedHex);
  } catch {
    throw new TronError('tronBadSignature', 'The device’s answer is not a TRON transaction.');
  }
  if (parsed.rawHex.toLowerCase() !== expectedRawHex.toLowerCase())
    throw new TronError('tronBadSignature', 'The device signed a transaction other than the one reviewed.');
  const given = parsed.signatures[0] ?? signature;
  if (!given) throw new TronError('tronBadSignature', 'The device returned no signature.');
  const sig = canonicalSignature(given);
  const txId = txIdOf(expectedRawHex);
  let signer: string;
  try {
    signer = recoverSignerHex(txId, sig);
  } catch {
    throw new TronError('tronBadSignature', 'The device’s signature does not verify.');
  }
  if (signer !== tronHex(owner))
    throw new TronError('tronBadSignature', 'The device signed with a key that is not this account’s.');
  return {
    hash: txId,
    // The device's transaction as it came, unless it carried no signature or a high-s one (then ours, canonical).
    raw:
      parsed.signatures.length && parsed.signatures.every((x) => x.toLowerCase() === sig)
        ? signedHex.replace(/^0x/, '').toLowerCase()
        : serializeSignedTransaction(expectedRawHex, [sig]),
    encoding: 'hex',
  };
}
