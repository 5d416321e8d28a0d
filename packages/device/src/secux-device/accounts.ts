/** The device's account and token table: reading it, writing and deleting entries. */
import '../sdk-env.js';
import { SecuxScreenDevice } from '@secux/protocol-device/lib/protocol-screendevice';
import type { AccountInput, DeviceAccount, TokenInput } from '../types.js';
import { coinTypeOf, exchange, notBootloader, type DeviceContext } from './context.js';

/** "0x38" | 56 | "56" -> 56 (chain ids above 2^53 are not expected on EVM). */
export function chainIdToNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '') return v.startsWith('0x') ? parseInt(v, 16) : Number(v);
  return 0;
}

export async function readTable(ctx: DeviceContext): Promise<DeviceAccount[]> {
  notBootloader(ctx);
  const size = SecuxScreenDevice.resolveAccountSize(await exchange(ctx, SecuxScreenDevice.prepareGetAccountSize()));
  const out: DeviceAccount[] = [];
  for (let i = 0; i < size; i++) {
    const info = SecuxScreenDevice.resolveAccountInfo(await exchange(ctx, SecuxScreenDevice.prepareGetAccountInfo(i)));
    const a: DeviceAccount = {
      name: info.name,
      path: info.path,
      balance: info.balance,
      symbol: info.symbol,
      chainId: chainIdToNumber(info.chainId),
    };
    if (info.decimal !== undefined) a.decimal = info.decimal;
    if (info.contract) a.contract = info.contract;
    out.push(a);
  }
  return out;
}

function filter(list: DeviceAccount[], coinType?: number, chainId?: number) {
  return list.filter(
    (a) => (coinType === undefined || coinTypeOf(a.path) === coinType) && (chainId === undefined || a.chainId === chainId),
  );
}

/** The accounts (not tokens) of a table read, of a coin type and chain id when given. */
export function accountsIn(table: DeviceAccount[], coinType?: number, chainId?: number): DeviceAccount[] {
  return filter(table, coinType, chainId).filter((a) => !a.contract);
}

/** The tokens of a table read, of a coin type and chain id when given. */
export function tokensIn(table: DeviceAccount[], coinType?: number, chainId?: number): DeviceAccount[] {
  return filter(table, coinType, chainId).filter((a) => !!a.contract);
}

export async function setAccount(ctx: DeviceContext, a: AccountInput): Promise<void> {
  notBootloader(ctx);
  const info: Record<string, unknown> = {
    name: a.name,
    path: a.path,
    balance: a.balance,
    symbol: a.symbol ?? '',
    decimal: a.decimal ?? 0,
  };
  if (a.chainId) info.chainId = a.chainId;
  await exchange(ctx, SecuxScreenDevice.prepareSetAccount(info as never));
}

export async function deleteAccount(ctx: DeviceContext, path: string, chainId?: number): Promise<void> {
  notBootloader(ctx);
  await exchange(ctx, SecuxScreenDevice.prepareDeleteAccount(path, { chainId: chainId ?? 0 } as never));
}

export async function setToken(ctx: DeviceContext, t: TokenInput): Promise<void> {
  notBootloader(ctx);
  const info: Record<string, unknown> = {
    name: t.name,
    path: t.path,
    balance: t.balance,
    symbol: t.symbol,
    decimal: t.decimal,
    contract: t.contract,
  };
  if (t.chainId) info.chainId = t.chainId;
  await exchange(ctx, SecuxScreenDevice.prepareSetAccount(info as never));
}

export async function deleteToken(ctx: DeviceContext, path: string, contract: string, chainId?: number): Promise<void> {
  notBootloader(ctx);
  await exchange(ctx, SecuxScreenDevice.prepareDeleteAccount(path, { chainId: chainId ?? 0, contract } as never));
}
