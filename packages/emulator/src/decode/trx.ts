/** TRX: a Tron transaction's raw_data (protobuf). */
import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import { concat, readUintBE, readUintLE, toHex } from '../bytes.js';
import type { PromptLine } from '../screen.js';
import { formatUnits, printable } from './format.js';

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
