/**
 * Decoding of the transaction bytes the SDK sends for XRP, XLM, TRX, SOL and BNB, so the virtual
 * screen shows what a real device shows before signing: recipient, amount (coin unit), fee,
 * token and memo. Every decoder throws on input it does not understand; the caller then falls
 * back to showing a hash of the data ("blind signing").
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { base58, base58xrp, createBase58check } from '@scure/base';
import StellarBase from 'stellar-base';
import { concat, Reader, readUintBE, readUintLE, toHex } from './bytes.js';
import type { PromptLine } from './screen.js';

/** 1234500, 6 -> "1.2345" */
export function formatUnits(v: bigint, decimals: number): string {
  const neg = v < 0n;
  const x = neg ? -v : v;
  if (decimals === 0) return `${neg ? '-' : ''}${x}`;
  const base = 10n ** BigInt(decimals);
  const frac = (x % base).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${neg ? '-' : ''}${x / base}${frac ? `.${frac}` : ''}`;
}

const printable = (b: Uint8Array): string => {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(b);
  return /^[\x20-\x7e]*$/.test(text) ? text : `0x${toHex(b)}`;
};

// ---------------------------------------------------------------- XRP (binary codec)

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

// ---------------------------------------------------------------- XLM (stellar-base XDR)

const STELLAR_NETWORKS: Array<[string, string]> = [
  ['Public', StellarBase.Networks.PUBLIC],
  ['Testnet', StellarBase.Networks.TESTNET],
];

/** "12.5000000" -> "12.5" (stellar-base prints amounts with 7 decimals) */
const trimAmount = (a: unknown): string => String(a).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');

function xlmAsset(asset: { isNative(): boolean; getCode(): string; getIssuer(): string } | undefined): string {
  if (!asset || asset.isNative()) return 'XLM';
  return `${asset.getCode()} (issuer ${asset.getIssuer()})`;
}

/** signature base: sha256(passphrase) ‖ ENVELOPE_TYPE_TX ‖ Transaction XDR */
export function xlmLines(data: Uint8Array): PromptLine[] {
  const { xdr, Transaction } = StellarBase;
  const payload = xdr.TransactionSignaturePayload.fromXDR(Buffer.from(data));
  const networkId = toHex(payload.networkId());
  const network = STELLAR_NETWORKS.find(([, p]) => toHex(sha256(new TextEncoder().encode(p))) === networkId);
  const tagged = payload.taggedTransaction();
  if (tagged.switch().name !== 'envelopeTypeTx') throw new Error('unsupported Stellar envelope');
  const env = xdr.TransactionEnvelope.envelopeTypeTx(
    new xdr.TransactionV1Envelope({ tx: tagged.value() as StellarBase.xdr.Transaction, signatures: [] }),
  );
  const tx = new Transaction(env, network?.[1] ?? StellarBase.Networks.PUBLIC);
  const lines: PromptLine[] = [
    { label: 'Network', value: network?.[0] ?? `unknown (${networkId.slice(0, 16)}…)` },
    { label: 'From', value: tx.source },
  ];
  for (const op of tx.operations) {
    const o = op as unknown as Record<string, unknown> & { type: string };
    switch (o.type) {
      case 'payment':
        lines.push({ label: 'Recipient', value: String(o.destination) });
        lines.push({ label: 'Amount', value: `${trimAmount(o.amount)} ${xlmAsset(o.asset as never)}` });
        break;
      case 'createAccount':
        lines.push({ label: 'Create account', value: String(o.destination) });
        lines.push({ label: 'Amount', value: `${trimAmount(o.startingBalance)} XLM` });
        break;
      case 'changeTrust':
        lines.push({ label: 'Trust line', value: xlmAsset(o.line as never) });
        break;
      default:
        lines.push({ label: 'Operation', value: o.type });
    }
  }
  lines.push({ label: 'Fee', value: `${formatUnits(BigInt(tx.fee), 7)} XLM` });
  const memo = tx.memo;
  if (memo.type !== 'none' && memo.value !== null) {
    const v = memo.value;
    lines.push({ label: 'Memo', value: typeof v === 'string' ? v : v instanceof Uint8Array ? printable(v) : String(v) });
  }
  return lines;
}

// ---------------------------------------------------------------- TRX (protobuf raw_data)

type PbField = { no: number; wire: number; int?: bigint; bytes?: Uint8Array };

/** Minimal protobuf reader: varint (0), 64-bit (1), length-delimited (2), 32-bit (5). */
function pbFields(buf: Uint8Array): PbField[] {
  const out: PbField[] = [];
  let o = 0;
  const varint = (): bigint => {
    let v = 0n;
    let shift = 0n;
    for (;;) {
      if (o >= buf.length) throw new RangeError('protobuf: truncated varint');
      const b = buf[o++] as number;
      v |= BigInt(b & 0x7f) << shift;
      if (!(b & 0x80)) return v;
      shift += 7n;
      if (shift > 70n) throw new RangeError('protobuf: varint too long');
    }
  };
  while (o < buf.length) {
    const key = Number(varint());
    const no = key >>> 3;
    const wire = key & 7;
    if (wire === 0) out.push({ no, wire, int: varint() });
    else if (wire === 2) {
      const len = Number(varint());
      if (o + len > buf.length) throw new RangeError('protobuf: truncated field');
      out.push({ no, wire, bytes: buf.subarray(o, o + len) });
      o += len;
    } else if (wire === 1 || wire === 5) {
      const n = wire === 1 ? 8 : 4;
      if (o + n > buf.length) throw new RangeError('protobuf: truncated field');
      out.push({ no, wire, int: readUintLE(buf.subarray(o, o + n)) });
      o += n;
    } else throw new RangeError(`protobuf: unsupported wire type ${wire}`);
  }
  return out;
}

const pbBytes = (f: PbField[], no: number) => f.find((x) => x.no === no && x.bytes)?.bytes;
const pbInt = (f: PbField[], no: number) => f.find((x) => x.no === no && x.int !== undefined)?.int;
const tronB58 = createBase58check(sha256);
const tronAddress = (b: Uint8Array | undefined) => (b && b.length === 21 ? tronB58.encode(b) : b ? `0x${toHex(b)}` : '?');

/** Tron contract types (core/Tron.proto Transaction.Contract.ContractType). */
const TRON_TRANSFER = 1;
const TRON_TRANSFER_ASSET = 2;
const TRON_TRIGGER_SMART_CONTRACT = 31;

/** Transaction.raw: 10 data (memo), 11 contract[], 18 fee_limit. Contract: 1 type, 2 parameter (Any: 1 url, 2 value). */
export function trxLines(data: Uint8Array): PromptLine[] {
  const raw = pbFields(data);
  const contracts = raw.filter((f) => f.no === 11 && f.bytes);
  if (contracts.length === 0) throw new Error('TRX: no contract');
  const lines: PromptLine[] = [];
  for (const c of contracts) {
    const cf = pbFields(c.bytes as Uint8Array);
    const type = Number(pbInt(cf, 1) ?? 0n);
    const any = pbFields(pbBytes(cf, 2) ?? new Uint8Array());
    const p = pbFields(pbBytes(any, 2) ?? new Uint8Array());
    if (type === TRON_TRANSFER) {
      // TransferContract: 1 owner_address, 2 to_address, 3 amount (sun)
      lines.push({ label: 'From', value: tronAddress(pbBytes(p, 1)) });
      lines.push({ label: 'Recipient', value: tronAddress(pbBytes(p, 2)) });
      lines.push({ label: 'Amount', value: `${formatUnits(pbInt(p, 3) ?? 0n, 6)} TRX` });
    } else if (type === TRON_TRANSFER_ASSET) {
      // TransferAssetContract (TRC-10): 1 asset_name, 2 owner_address, 3 to_address, 4 amount
      lines.push({ label: 'Token', value: `TRC-10 ${printable(pbBytes(p, 1) ?? new Uint8Array())}` });
      lines.push({ label: 'From', value: tronAddress(pbBytes(p, 2)) });
      lines.push({ label: 'Recipient', value: tronAddress(pbBytes(p, 3)) });
      lines.push({ label: 'Amount', value: `${pbInt(p, 4) ?? 0n} (token units)` });
    } else if (type === TRON_TRIGGER_SMART_CONTRACT) {
      // TriggerSmartContract: 1 owner_address, 2 contract_address, 3 call_value, 4 data
      const input = pbBytes(p, 4) ?? new Uint8Array();
      lines.push({ label: 'From', value: tronAddress(pbBytes(p, 1)) });
      if (toHex(input.subarray(0, 4)) === 'a9059cbb' && input.length >= 68) {
        lines.push({ label: 'Token', value: `TRC-20 ${tronAddress(pbBytes(p, 2))}` });
        lines.push({ label: 'Recipient', value: tronAddress(concat(new Uint8Array([0x41]), input.subarray(16, 36))) });
        lines.push({ label: 'Amount', value: `${readUintBE(input.subarray(36, 68))} (token units)` });
      } else {
        lines.push({ label: 'Contract', value: tronAddress(pbBytes(p, 2)) });
        lines.push({ label: 'Data', value: `${input.length} bytes (0x${toHex(input.subarray(0, 4))}…)` });
      }
      const callValue = pbInt(p, 3) ?? 0n;
      if (callValue) lines.push({ label: 'Amount', value: `${formatUnits(callValue, 6)} TRX` });
    } else {
      lines.push({ label: 'Contract type', value: String(type) });
    }
  }
  const feeLimit = pbInt(raw, 18);
  if (feeLimit !== undefined) lines.push({ label: 'Fee limit', value: `${formatUnits(feeLimit, 6)} TRX` });
  const memo = pbBytes(raw, 10);
  if (memo?.length) lines.push({ label: 'Memo', value: printable(memo) });
  return lines;
}

// ---------------------------------------------------------------- SOL (message)

const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const TOKEN_PROGRAMS = ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'];
const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
const LAMPORTS_PER_SIGNATURE = 5000n;

function shortvec(r: Reader): number {
  let v = 0;
  for (let i = 0; i < 3; i++) {
    const b = r.u8();
    v |= (b & 0x7f) << (7 * i);
    if (!(b & 0x80)) return v;
  }
  throw new RangeError('shortvec too long');
}

/** Legacy and v0 messages (address-table lookups are shown as such). */
export function solLines(data: Uint8Array): PromptLine[] {
  const r = new Reader(data);
  let first = r.u8();
  if (first & 0x80) {
    if ((first & 0x7f) !== 0) throw new Error('unsupported Solana message version');
    first = r.u8();
  }
  const numSigners = first;
  r.u8();
  r.u8();
  const keys: string[] = [];
  const nKeys = shortvec(r);
  for (let i = 0; i < nKeys; i++) keys.push(base58.encode(r.bytes(32)));
  r.bytes(32); // recent blockhash
  const key = (i: number | undefined) => (i !== undefined && keys[i]) || `(lookup table #${i})`;
  const lines: PromptLine[] = [{ label: 'Fee payer', value: keys[0] ?? '?' }];
  let unitPrice = 0n;
  let unitLimit: bigint | undefined;
  let otherInstructions = 0;
  const nIx = shortvec(r);
  for (let i = 0; i < nIx; i++) {
    const program = key(r.u8());
    const accounts = Array.from(r.bytes(shortvec(r)));
    const d = r.bytes(shortvec(r));
    const dr = new Reader(d);
    if (program === COMPUTE_BUDGET_PROGRAM) {
      const op = dr.u8();
      if (op === 2) unitLimit = BigInt(dr.u32le());
      else if (op === 3) unitPrice = dr.u64le();
      continue;
    }
    otherInstructions++;
    if (program === SYSTEM_PROGRAM && d.length >= 12 && dr.u32le() === 2) {
      lines.push({ label: 'Recipient', value: key(accounts[1]) });
      lines.push({ label: 'Amount', value: `${formatUnits(dr.u64le(), 9)} SOL` });
    } else if (TOKEN_PROGRAMS.includes(program) && (d[0] === 3 || d[0] === 12) && d.length >= 9) {
      const checked = dr.u8() === 12;
      const amount = dr.u64le();
      if (checked) {
        const decimals = dr.u8();
        lines.push({ label: 'Token', value: key(accounts[1]) });
        lines.push({ label: 'Recipient', value: `${key(accounts[2])} (token account)` });
        lines.push({ label: 'Amount', value: `${formatUnits(amount, decimals)} (token)` });
      } else {
        lines.push({ label: 'Recipient', value: `${key(accounts[1])} (token account)` });
        lines.push({ label: 'Amount', value: `${amount} (token units)` });
      }
    } else if (program === ASSOCIATED_TOKEN_PROGRAM) {
      lines.push({ label: 'Create token account', value: `${key(accounts[1])} for ${key(accounts[2])}` });
    } else {
      lines.push({ label: 'Program', value: program });
    }
  }
  // base fee per signature plus the compute-budget priority fee (default limit 200k units per instruction)
  const limit = unitLimit ?? 200_000n * BigInt(Math.max(1, otherInstructions));
  const fee = LAMPORTS_PER_SIGNATURE * BigInt(numSigners) + (unitPrice * limit + 999_999n) / 1_000_000n;
  lines.push({ label: 'Fee', value: `${formatUnits(fee, 9)} SOL` });
  return lines;
}

// ---------------------------------------------------------------- BNB (Beacon chain JSON sign doc)

interface BnbCoin {
  amount: number | string;
  denom: string;
}
interface BnbSignDoc {
  chain_id?: string;
  memo?: string;
  msgs?: Array<{ inputs?: Array<{ address: string; coins: BnbCoin[] }>; outputs?: Array<{ address: string; coins: BnbCoin[] }> }>;
}

const bnbCoins = (coins: BnbCoin[]) =>
  coins.map((c) => `${formatUnits(BigInt(c.amount), 8)} ${c.denom}`).join(', ');

export function bnbLines(data: Uint8Array): PromptLine[] {
  const doc = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(data)) as BnbSignDoc;
  const msg = doc.msgs?.[0];
  if (!msg?.outputs?.length) throw new Error('BNB: no transfer');
  const lines: PromptLine[] = [];
  if (doc.chain_id) lines.push({ label: 'Network', value: doc.chain_id });
  for (const i of msg.inputs ?? []) lines.push({ label: 'From', value: i.address });
  for (const o of msg.outputs) {
    lines.push({ label: 'Recipient', value: o.address });
    lines.push({ label: 'Amount', value: bnbCoins(o.coins) });
  }
  if (doc.memo) lines.push({ label: 'Memo', value: doc.memo });
  return lines;
}
