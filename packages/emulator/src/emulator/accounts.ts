/** The account / token table: writing, deleting and reading an entry (0x70 0x82 / 0x84 / 0x83). */
import { ascii, asciiz, concat, Reader, toHex, u16le, u32le, uintLE } from '../bytes.js';
import { type AccountRecord, recordKey } from '../storage.js';
import { table as loadTable, type EmulatorCore } from './context.js';
import { StatusError, StatusWord } from './types.js';

export async function setAccount(core: EmulatorCore, data: Uint8Array): Promise<void> {
  const rec = decodeAccountWrite(data);
  const table = [...(await loadTable(core))];
  const key = recordKey(rec);
  const i = table.findIndex((r) => recordKey(r) === key);
  if (i >= 0) table[i] = rec;
  else {
    if (table.length >= 500) throw new StatusError(StatusWord.DATA_ERROR);
    table.push(rec);
  }
  await core.storage.save(table);
  core.accounts = table;
  core.emit();
}

export async function deleteAccount(core: EmulatorCore, data: Uint8Array): Promise<void> {
  const r = new Reader(data);
  const isToken = r.u8() === 1;
  r.u8();
  const chainId = r.u16le();
  const path: [number, number, number] = [r.u32le(), r.u32le(), r.u32le()];
  const contract = isToken && r.remaining >= 42 ? asciiz(r.bytes(42)) : (r.remaining >= 42 && r.bytes(42), '');
  const chainId64 = chainId === 0xffff && r.remaining >= 8 ? r.u64le().toString() : undefined;
  const key = recordKey({ path, chainId, chainId64, contract });
  const table = await loadTable(core);
  const next = table.filter((x) => recordKey(x) !== key);
  if (next.length === table.length) throw new StatusError(StatusWord.DATA_ERROR);
  await core.storage.save(next);
  core.accounts = next;
  core.emit();
}

function decodeAccountWrite(data: Uint8Array): AccountRecord {
  const r = new Reader(data);
  const isToken = r.u8() === 1;
  r.u8();
  const chainId = r.u16le();
  const path: [number, number, number] = [r.u32le(), r.u32le(), r.u32le()];
  let balance = new Uint8Array(32);
  let name = '';
  // with name+balance: 16 + 32 + 16 + 43 (+8); without: 16 + 43 (+8)
  const rest = r.remaining - (chainId === 0xffff ? 8 : 0);
  if (rest >= 32 + 16 + 43) {
    balance = r.bytes(32).slice();
    name = asciiz(r.bytes(16));
  }
  const contract = asciiz(r.bytes(42));
  const decimal = r.remaining > (chainId === 0xffff ? 8 : 0) ? r.u8() : 0;
  const chainId64 = chainId === 0xffff && r.remaining >= 8 ? r.u64le().toString() : undefined;
  if (isToken && !contract) throw new StatusError(StatusWord.DATA_ERROR);
  return { isToken, chainId, chainId64, path, balance: toHex(balance), name, contract: isToken ? contract : '', decimal };
}

export function encodeAccount(rec: AccountRecord): Uint8Array {
  const bal = new Uint8Array(32);
  const hex = rec.balance;
  for (let i = 0; i < 32 && i * 2 < hex.length; i++) bal[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return concat(
    new Uint8Array([rec.isToken ? 1 : 0, 0]),
    u16le(rec.chainId),
    u32le(rec.path[0]),
    u32le(rec.path[1]),
    u32le(rec.path[2]),
    bal,
    ascii(rec.name, 16),
    ascii(rec.contract, 42),
    new Uint8Array([rec.decimal]),
    rec.chainId === 0xffff ? uintLE(BigInt(rec.chainId64 ?? '0'), 8) : new Uint8Array(),
  );
}
