/** SOL: a Solana message (legacy or v0). */
import { base58 } from '@scure/base';
import { Reader } from '../bytes.js';
import type { PromptLine } from '../screen.js';
import { formatUnits } from './format.js';

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
