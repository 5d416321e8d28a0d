/** ETH: what the screen shows of an RLP transaction (legacy or EIP-1559). */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { toHex } from '../bytes.js';
import { formatUnits } from '../decode.js';
import type { PromptLine } from '../screen.js';

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

export function ethLines(data: Uint8Array, chainIdField: number): PromptLine[] {
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
