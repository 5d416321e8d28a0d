/** ERC-20 token info and balances read with eth_call (batched). */
import {
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  erc20Abi_bytes32,
  hexToString,
  type Hex,
} from 'viem';
import type { z } from 'zod';
import { ProviderError, validate } from '@secux-companion/server-kit/failover';
import type { RpcCall, RpcTransport } from '../../rpcTransport.js';
import type { TokenBalance, TokenInfo } from '@secux-companion/server-kit/types';
import { hexData } from './transport.js';

export const unwrap = <T>(v: unknown, schema: z.ZodType<T>, what: string): T => {
  if (v instanceof ProviderError) throw v;
  return validate(schema, v, what);
};

/** Token names and symbols keep printable ASCII only (spec 02 §5). */
export const asciiOnly = (s: string) => s.replace(/[^\x20-\x7e]/g, '').trim();

const decodeString = (fn: 'name' | 'symbol', data: Hex): string => {
  if (!data || data === '0x') return '';
  try {
    return decodeFunctionResult({ abi: erc20Abi, functionName: fn, data }) as string;
  } catch {
    try {
      return hexToString(
        decodeFunctionResult({ abi: erc20Abi_bytes32, functionName: fn, data }) as Hex,
      ).replace(/\0+$/, '');
    } catch {
      return '';
    }
  }
};

/** ERC-20 metadata and optional balance with one batched eth_call round trip. */
export async function erc20Info(
  t: RpcTransport,
  contract: string,
  address: string | undefined,
  signal: AbortSignal,
): Promise<TokenInfo> {
  const call = (data: Hex): RpcCall => ({ method: 'eth_call', params: [{ to: contract, data }, 'latest'] });
  const calls = [
    call(encodeFunctionData({ abi: erc20Abi, functionName: 'decimals' })),
    call(encodeFunctionData({ abi: erc20Abi, functionName: 'symbol' })),
    call(encodeFunctionData({ abi: erc20Abi, functionName: 'name' })),
    ...(address
      ? [call(encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [address as Hex] }))]
      : []),
  ];
  const [dec, sym, name, bal] = await t.batch(calls, signal);
  const decHex = unwrap(dec, hexData, 'decimals()') as Hex;
  if (decHex === '0x') throw new ProviderError('notFound', 'Contract not exist');
  let decimals: number;
  try {
    decimals = Number(decodeFunctionResult({ abi: erc20Abi, functionName: 'decimals', data: decHex }));
  } catch {
    throw new ProviderError('notFound', 'Invalid Token Contract Address');
  }
  const str = (v: unknown, fn: 'name' | 'symbol') =>
    v instanceof ProviderError ? '' : decodeString(fn, validate(hexData, v, `${fn}()`) as Hex);
  const info: TokenInfo = {
    type: 'ERC20',
    contract,
    name: asciiOnly(str(name, 'name')),
    symbol: asciiOnly(str(sym, 'symbol')),
    decimals,
  };
  if (address) {
    const b = unwrap(bal, hexData, 'balanceOf()') as Hex;
    info.balance =
      b === '0x'
        ? '0'
        : (decodeFunctionResult({ abi: erc20Abi, functionName: 'balanceOf', data: b }) as bigint).toString();
  }
  return info;
}

/** Balances of known token contracts (a contract that is not a token is left out). */
export async function erc20Balances(
  t: RpcTransport,
  address: string,
  contracts: string[],
  signal: AbortSignal,
): Promise<TokenBalance[]> {
  const infos = await Promise.all(
    contracts.map((c) =>
      erc20Info(t, c, address, signal).catch((e: unknown) =>
        e instanceof ProviderError && e.kind === 'notFound' ? null : Promise.reject(e),
      ),
    ),
  );
  return infos
    .filter((i): i is TokenInfo => !!i)
    .map((i) => ({
      type: i.type,
      contract: i.contract,
      name: i.name,
      symbol: i.symbol,
      decimals: i.decimals,
      balance: i.balance ?? '0',
    }));
}
