/** XRP: the transaction's binary codec (what ripple-binary-codec `encodeForSigning` gives the SDK). */
import { sha256 } from '@noble/hashes/sha2.js';
import { base58xrp } from '@scure/base';
import { concat, Reader, readUintBE, toHex } from '../bytes.js';
import type { PromptLine } from '../screen.js';
import { formatUnits, printable } from './format.js';

/*
 * XRPL canonical binary format, the output of ripple-binary-codec `encodeForSigning` that the SDK sends.
 * Own reader: ripple-binary-codec's address encoding hashes through create-hash / cipher-base (Node streams),
 * which fails in the browser bundle. Field ids and type codes: ripple-binary-codec definitions.json.
 */
const XRP_SIGNING_PREFIX = [0x53, 0x54, 0x58, 0x00]; // "STX\0"
const XRP_TX_TYPES: Record<number, string> = {
  0: 'Payment', 1: 'EscrowCreate', 2: 'EscrowFinish', 3: 'AccountSet', 4: 'EscrowCancel', 5: 'SetRegularKey',
  7: 'OfferCreate', 8: 'OfferCancel', 12: 'SignerListSet', 20: 'TrustSet', 21: 'AccountDelete',
};

type XrpValue = number | bigint | Uint8Array | XrpAmount | XrpObject | XrpObject[];
interface XrpAmount {
  drops?: bigint;
  value?: string;
  currency?: string;
  issuer?: string;
}
type XrpObject = Map<string, XrpValue>;

function xrpVl(r: Reader): number {
  const b1 = r.u8();
  if (b1 <= 192) return b1;
  if (b1 <= 240) return 193 + (b1 - 193) * 256 + r.u8();
  if (b1 <= 254) return 12481 + (b1 - 241) * 65536 + r.u8() * 256 + r.u8();
  throw new RangeError('XRP: bad length prefix');
}

function xrpAccount(id: Uint8Array): string {
  const payload = concat(new Uint8Array([0]), id);
  return base58xrp.encode(concat(payload, sha256(sha256(payload)).subarray(0, 4)));
}

function xrpCurrency(c: Uint8Array): string {
  const standard = c.subarray(0, 12).every((x) => x === 0) && c.subarray(15).every((x) => x === 0);
  if (standard) return String.fromCharCode(...c.subarray(12, 15));
  const text = new TextDecoder().decode(c).replace(/\0+$/, '');
  return /^[\x20-\x7e]+$/.test(text) ? text : toHex(c).toUpperCase();
}

function xrpReadAmount(r: Reader): XrpAmount {
  const head = readUintBE(r.bytes(8));
  const positive = (head >> 62n) & 1n;
  if (!((head >> 63n) & 1n)) return { drops: positive ? head & ((1n << 62n) - 1n) : -(head & ((1n << 62n) - 1n)) };
  const mantissa = head & ((1n << 54n) - 1n);
  const exponent = Number((head >> 54n) & 0xffn) - 97;
  let value = '0';
  if (mantissa) {
    const digits = mantissa.toString();
    const point = digits.length + exponent;
    value =
      point <= 0 ? `0.${'0'.repeat(-point)}${digits}` : point >= digits.length ? digits + '0'.repeat(point - digits.length) : `${digits.slice(0, point)}.${digits.slice(point)}`;
    value = value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
    if (!positive) value = `-${value}`;
  }
  return { value, currency: xrpCurrency(r.bytes(20)), issuer: xrpAccount(r.bytes(20)) };
}

const XRP_FIELDS: Record<string, string> = {
  '1:2': 'TransactionType', '2:2': 'Flags', '2:4': 'Sequence', '2:14': 'DestinationTag', '2:27': 'LastLedgerSequence',
  '6:1': 'Amount', '6:3': 'LimitAmount', '6:8': 'Fee', '6:9': 'SendMax', '6:10': 'DeliverMin',
  '7:13': 'MemoData', '8:1': 'Account', '8:3': 'Destination', '14:10': 'Memo', '15:9': 'Memos',
};

/** Reads fields until the end of the buffer or the object end marker (0xE1). */
function xrpReadObject(r: Reader, end?: number): XrpObject {
  const out: XrpObject = new Map();
  while (r.remaining > 0) {
    if (end !== undefined && r.buf[r.offset] === end) {
      r.u8();
      return out;
    }
    const [name, v] = xrpReadField(r);
    out.set(name, v);
  }
  if (end !== undefined) throw new RangeError('XRP: unterminated object');
  return out;
}

function xrpReadField(r: Reader): [string, XrpValue] {
  const b = r.u8();
  let type = b >> 4;
  let field = b & 0x0f;
  if (type === 0) type = r.u8();
  if (field === 0) field = r.u8();
  const name = XRP_FIELDS[`${type}:${field}`] ?? `${type}:${field}`;
  switch (type) {
    case 1: return [name, r.u16be()];
    case 2: return [name, Number(readUintBE(r.bytes(4)))];
    case 3: return [name, readUintBE(r.bytes(8))];
    case 4: return [name, r.bytes(16)];
    case 5: return [name, r.bytes(32)];
    case 6: return [name, xrpReadAmount(r)];
    case 7: case 8: case 19: return [name, r.bytes(xrpVl(r))];
    case 14: return [name, xrpReadObject(r, 0xe1)];
    case 15: {
      // array of single-field objects ({ Memo: {…} }), ended by 0xF1
      const items: XrpObject[] = [];
      while (r.buf[r.offset] !== 0xf1) {
        if (r.remaining === 0) throw new RangeError('XRP: unterminated array');
        items.push(new Map([xrpReadField(r)]));
      }
      r.u8();
      return [name, items];
    }
    case 16: return [name, r.u8()];
    case 17: return [name, r.bytes(20)];
    case 21: return [name, r.bytes(24)];
    default:
      throw new Error(`XRP: field type ${type} not decoded`);
  }
}

function xrpAmount(a: XrpValue | undefined): string {
  const x = a as XrpAmount;
  if (x.drops !== undefined) return `${formatUnits(x.drops, 6)} XRP`;
  return `${x.value} ${x.currency} (issuer ${x.issuer})`;
}

export function xrpLines(data: Uint8Array): PromptLine[] {
  const signing = XRP_SIGNING_PREFIX.every((b, i) => data[i] === b);
  const tx = xrpReadObject(new Reader(signing ? data.subarray(4) : data));
  const type = tx.get('TransactionType');
  if (typeof type !== 'number') throw new Error('XRP: no transaction type');
  const lines: PromptLine[] = [{ label: 'Type', value: XRP_TX_TYPES[type] ?? `type ${type}` }];
  const acct = (k: string) => {
    const v = tx.get(k);
    return v instanceof Uint8Array && v.length === 20 ? xrpAccount(v) : undefined;
  };
  const from = acct('Account');
  if (from) lines.push({ label: 'From', value: from });
  const to = acct('Destination');
  if (to) lines.push({ label: 'Recipient', value: to });
  if (tx.has('DestinationTag')) lines.push({ label: 'Destination tag', value: String(tx.get('DestinationTag')) });
  if (tx.has('Amount')) lines.push({ label: 'Amount', value: xrpAmount(tx.get('Amount')) });
  if (tx.has('SendMax')) lines.push({ label: 'Send max', value: xrpAmount(tx.get('SendMax')) });
  if (tx.has('LimitAmount')) lines.push({ label: 'Limit', value: xrpAmount(tx.get('LimitAmount')) });
  if (tx.has('Fee')) lines.push({ label: 'Fee', value: xrpAmount(tx.get('Fee')) });
  for (const m of (tx.get('Memos') as XrpObject[] | undefined) ?? []) {
    const d = (m.get('Memo') as XrpObject | undefined)?.get('MemoData');
    if (d instanceof Uint8Array) lines.push({ label: 'Memo', value: printable(d) });
  }
  return lines;
}
