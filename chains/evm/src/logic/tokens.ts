/**
 * Token rules (spec 01 §2 "Tokens", §4 "Tokens", §5 "Token"; spec 02 §5, §7):
 * - add by contract: 0x + 42 characters before the lookup; name, symbol and decimals looked up with
 *   eth_call; a contract already on the account is rejected; non-ASCII letters are stripped from name and
 *   symbol; an invalid contract gives 'Invalid Token Contract Address'; an empty name 'tokenNameEmpty';
 * - balances are read in one batch (balanceOf);
 * - token entries written to / deleted from the device; the red dot when the device lists more tokens than
 *   are enabled.
 */
import {
  CHAINS,
  CoreError,
  isDuplicateContract,
  signingPath,
  stripNonAscii,
  type ChainSymbol,
  type TokenStandard,
} from '@secux-companion/core';
import {
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  erc20Abi_bytes32,
  getAddress,
  hexToString,
  isAddress,
  type Hex,
} from 'viem';
import { normalizeEvmRecipient } from './address';

/** Something that can run eth_call (the backend: product API RPC proxy or the user's own RPC). */
export interface EthCaller {
  ethCall(to: string, data: Hex): Promise<Hex>;
}

export interface TokenMetadata {
  contract: `0x${string}`;
  name: string;
  symbol: string;
  decimals: number;
}

export const ERC20_CALLS = {
  name: encodeFunctionData({ abi: erc20Abi, functionName: 'name' }),
  symbol: encodeFunctionData({ abi: erc20Abi, functionName: 'symbol' }),
  decimals: encodeFunctionData({ abi: erc20Abi, functionName: 'decimals' }),
} as const;

export function balanceOfData(owner: string): Hex {
  return encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [getAddress(owner)] });
}

/** Decodes a name()/symbol() result: ABI string, or bytes32 text (MKR-style), '' when undecodable. */
export function decodeTokenText(fn: 'name' | 'symbol', data: Hex): string {
  if (!data || data === '0x') return '';
  try {
    return decodeFunctionResult({ abi: erc20Abi, functionName: fn, data });
  } catch {
    try {
      return hexToString(decodeFunctionResult({ abi: erc20Abi_bytes32, functionName: fn, data })).replace(
        /\0+$/,
        '',
      );
    } catch {
      return '';
    }
  }
}

/** Decodes decimals(); null when the answer is not a uint8 word (not a token). */
export function decodeDecimals(data: Hex): number | null {
  if (!data || data === '0x') return null;
  try {
    const d = Number(decodeFunctionResult({ abi: erc20Abi, functionName: 'decimals', data }));
    return Number.isInteger(d) && d >= 0 && d <= 77 ? d : null;
  } catch {
    return null;
  }
}

/** Decodes a balanceOf() word; 0 for an empty answer. */
export function decodeBalance(data: Hex): bigint {
  if (!data || data === '0x') return 0n;
  return decodeFunctionResult({ abi: erc20Abi, functionName: 'balanceOf', data });
}

/** The contract typed by the user in API form (xdc prefix turned into 0x on XDC), trimmed. */
export function normalizeContractInput(chain: ChainSymbol, text: string): string {
  return normalizeEvmRecipient(chain, text);
}

export const EVM_CONTRACT_LENGTH = 42;

/** EVM contract shape checked before lookup: starts with 0x and is 42 characters. */
export function isEvmContractFormat(contract: string): boolean {
  return contract.startsWith('0x') && contract.length === EVM_CONTRACT_LENGTH;
}

/**
 * Pre-lookup checks of an add-token contract: the 0x/42-character shape ('invalidTokenContract') and
 * duplicates on the account ('duplicateContract'). Returns the checksummed contract.
 */
export function checkNewTokenContract(contract: string, existing: readonly string[]): `0x${string}` {
  if (!isEvmContractFormat(contract) || !isAddress(contract, { strict: false }))
    throw new CoreError('invalidTokenContract');
  if (isDuplicateContract(contract, existing)) throw new CoreError('duplicateContract');
  return getAddress(contract);
}

/**
 * Looks the token up with eth_call (decimals, symbol, name). A missing contract, a call that fails or a
 * decimals answer that is not a number is 'Invalid Token Contract Address'; an empty name after stripping
 * non-ASCII letters is 'tokenNameEmpty'.
 */
export async function lookupToken(
  caller: EthCaller,
  contract: string,
  existing: readonly string[] = [],
): Promise<TokenMetadata> {
  const address = checkNewTokenContract(contract, existing);
  let results: [Hex, Hex, Hex];
  try {
    results = await Promise.all([
      caller.ethCall(address, ERC20_CALLS.decimals),
      caller.ethCall(address, ERC20_CALLS.symbol).catch((): Hex => '0x'),
      caller.ethCall(address, ERC20_CALLS.name).catch((): Hex => '0x'),
    ]);
  } catch {
    throw new CoreError('invalidTokenContract');
  }
  const [dec, sym, nm] = results;
  const decimals = decodeDecimals(dec);
  if (decimals === null) throw new CoreError('invalidTokenContract');
  const name = stripNonAscii(decodeTokenText('name', nm));
  const symbol = stripNonAscii(decodeTokenText('symbol', sym));
  if (!name) throw new CoreError('tokenNameEmpty');
  return { contract: address, name, symbol: symbol || name, decimals };
}

/** Explorer-side token errors ('Contract not exist', 'Invalid …') map to 'Invalid Token Contract Address'. */
export function mapTokenLookupError(message: string): CoreError {
  return /contract not exist|invalid|not found|revert/i.test(message)
    ? new CoreError('invalidTokenContract')
    : new CoreError('tokenNotFound');
}

/** A token held on an account (spec 01 §3 "Token"). */
export interface EvmToken extends TokenMetadata {
  type: TokenStandard;
  balance: bigint;
  imgUrl?: string;
}

/** Token standard of a chain: ERC-20 on ETH/EVM, BEP-20 on BSC, XDC-20 on XDC. */
export function tokenStandard(chain: ChainSymbol): TokenStandard {
  return CHAINS[chain].tokenStandards[0] ?? 'ERC-20';
}

/** The device's token entry (setToken): account path, contract, symbol, decimals, chain id. */
export interface DeviceTokenEntry {
  name: string;
  path: string;
  balance: string;
  contract: string;
  symbol: string;
  decimal: number;
  chainId: number;
}

/** Token entry written to the device for an account (signing path m/44'/60'/i'/0/0). */
export function deviceTokenEntry(
  chain: ChainSymbol,
  accountPath: string,
  chainId: number,
  token: Pick<EvmToken, 'contract' | 'name' | 'symbol' | 'decimals' | 'balance'>,
): DeviceTokenEntry {
  return {
    name: stripNonAscii(token.name).slice(0, 32) || token.symbol,
    path: signingPath(chain, accountPath),
    balance: token.balance.toString(),
    contract: token.contract,
    symbol: stripNonAscii(token.symbol),
    decimal: token.decimals,
    chainId,
  };
}

/** Red dot on the token tab: the device lists more tokens than are enabled in the app. */
export function showTokenRedDot(deviceTokenCount: number, enabledTokenCount: number): boolean {
  return deviceTokenCount > enabledTokenCount;
}

/** Token list search (name, symbol or contract, case-insensitive). */
export function filterTokens<T extends { name: string; symbol: string; contract: string }>(
  tokens: readonly T[],
  query: string,
): T[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...tokens];
  return tokens.filter(
    (t) =>
      t.name.toLowerCase().includes(q) ||
      t.symbol.toLowerCase().includes(q) ||
      t.contract.toLowerCase().includes(q),
  );
}

/** What a token switch does: an enabled token is deleted (device + list), a new one is read, priced and written. */
export function tokenToggleAction(enabledContracts: readonly string[], contract: string): 'delete' | 'add' {
  return isDuplicateContract(contract, enabledContracts) ? 'delete' : 'add';
}
