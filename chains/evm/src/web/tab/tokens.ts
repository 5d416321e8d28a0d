/**
 * Tokens of one EVM account (spec 01 §2 "Tokens", §4 "Tokens"): the tokens the user knows (added by
 * contract or read from the device) and the enabled ones are kept in local storage per chain and address;
 * enabled tokens are written to the device as token entries and deleted from it when switched off.
 * Balances come in one batch from the adapter; prices from the product API (failures are silent).
 */
import {
  deviceTokenEntry,
  tokenToggleAction,
  type HeldToken,
  type TokenMetadata,
} from '@secux-companion/chain-evm';
import { CHAINS, signingPath } from '@secux-companion/core';
import { fetchTokenPrices as tokenPrices } from '@secux-companion/web-kit/accounts/api';
import { currentDevice } from '@secux-companion/web-kit/device/runtime';
import type { PortfolioToken } from '@secux-companion/web-kit/family/types';
import type { EvmChain } from '../chains';
import { tokenSettingsKey } from '@secux-companion/web-kit/state/walletStorage';
import type { EvmAccount } from './account';

export interface AccountToken extends TokenMetadata {
  balance: bigint;
  /** Price per whole token in the display currency, when known. */
  price?: string | null;
}

export interface TokenSettings {
  known: TokenMetadata[];
  enabled: string[];
}

export function readTokenSettings(chainId: number, address: string): TokenSettings {
  try {
    const raw = localStorage.getItem(tokenSettingsKey(chainId, address));
    if (!raw) return { known: [], enabled: [] };
    const v = JSON.parse(raw) as Partial<TokenSettings>;
    const known = Array.isArray(v.known)
      ? v.known.filter(
          (x): x is TokenMetadata =>
            !!x &&
            typeof x.contract === 'string' &&
            typeof x.name === 'string' &&
            typeof x.symbol === 'string' &&
            Number.isInteger(x.decimals),
        )
      : [];
    const enabled = Array.isArray(v.enabled)
      ? v.enabled.filter((x): x is string => typeof x === 'string')
      : [];
    return { known, enabled };
  } catch {
    return { known: [], enabled: [] };
  }
}

export function writeTokenSettings(chainId: number, address: string, s: TokenSettings): void {
  try {
    localStorage.setItem(tokenSettingsKey(chainId, address), JSON.stringify(s));
  } catch (e) {
    console.warn('token settings not saved', e);
  }
}

/** Forgets an account's tokens (after the account is deleted). */
export function clearTokenSettings(chainId: number, address: string): void {
  try {
    localStorage.removeItem(tokenSettingsKey(chainId, address));
  } catch {
    // storage unavailable: nothing kept either
  }
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Token entries of this account on the device (contract, symbol, decimals). */
export async function deviceTokens(chain: EvmChain, account: EvmAccount): Promise<TokenMetadata[]> {
  const entries = await currentDevice().getTokens(60, chain.spec.chainId);
  const prefix = account.path.toLowerCase();
  return entries
    .filter((e) => !!e.contract && e.path.toLowerCase().startsWith(prefix))
    .map((e) => ({
      contract: e.contract as `0x${string}`,
      name: e.name || e.symbol,
      symbol: e.symbol,
      decimals: e.decimal ?? 18,
    }));
}

/** Known tokens including those found on the device (added to the known list, not enabled). */
export function mergeKnown(settings: TokenSettings, onDevice: readonly TokenMetadata[]): TokenSettings {
  const known = [...settings.known];
  for (const d of onDevice) if (!known.some((k) => same(k.contract, d.contract))) known.push(d);
  return { known, enabled: settings.enabled };
}

/** Balances of the enabled tokens in one batch. */
export async function enabledTokenBalances(
  chain: EvmChain,
  account: EvmAccount,
  settings: TokenSettings,
): Promise<AccountToken[]> {
  const enabled = settings.known.filter((k) => settings.enabled.some((c) => same(c, k.contract)));
  if (!enabled.length) return [];
  const balances = await chain.adapter.getTokenBalances(
    account.address,
    enabled.map((k) => k.contract),
  );
  const of = (c: string) => [...balances].find(([k]) => same(k, c))?.[1] ?? 0n;
  return enabled.map((k) => ({ ...k, balance: of(k.contract) }));
}

/**
 * The portfolio's tokens of an account (issue 33), read as the Tokens tab reads them: the tokens the user switched on
 * for this chain and address, their balances in one batch (no request when none is switched on); the funded ones,
 * keyed for the price service in lower case (none on a chain without a price platform).
 */
export async function portfolioTokens(chain: EvmChain, account: EvmAccount): Promise<PortfolioToken[]> {
  const settings = readTokenSettings(chain.spec.chainId, account.address);
  const priced = !!CHAINS[chain.spec.symbol].pricePlatform;
  return (await enabledTokenBalances(chain, account, settings))
    .filter((t) => t.balance > 0n)
    .map((t) => ({
      contract: t.contract,
      priceContract: priced ? t.contract.toLowerCase() : null,
      symbol: t.symbol,
      decimals: t.decimals,
      balance: t.balance,
    }));
}

/**
 * Token prices by contract from the product API, on the price platform of core's chain table (silent
 * failures; a chain without one, like a chain the user added, has none). The local profile's ETH asks
 * too: its server answers from its local table (LUSD at 1 USD), never from a public price service.
 */
export async function fetchTokenPrices(
  chain: EvmChain,
  contracts: readonly string[],
  currency: string,
): Promise<Map<string, string>> {
  const platform = CHAINS[chain.spec.symbol].pricePlatform;
  if (!platform) return new Map();
  const prices = await tokenPrices(
    platform,
    contracts.map((c) => c.toLowerCase()),
    currency,
  );
  return new Map([...prices].map(([k, v]) => [k.toLowerCase(), v]));
}

/**
 * Switches a token: an enabled one is deleted from the device and the list; a new one has its balance
 * read and is written to the device. Returns the new settings (the caller keeps the old ones on failure).
 */
export async function toggleToken(
  chain: EvmChain,
  account: EvmAccount,
  settings: TokenSettings,
  token: TokenMetadata,
): Promise<TokenSettings> {
  const action = tokenToggleAction(settings.enabled, token.contract);
  const device = currentDevice();
  if (action === 'delete') {
    await device.deleteToken(
      signingPath(chain.spec.symbol, account.path),
      token.contract,
      chain.spec.chainId,
    );
    return { known: settings.known, enabled: settings.enabled.filter((c) => !same(c, token.contract)) };
  }
  const balances = await chain.adapter.getTokenBalances(account.address, [token.contract]);
  const balance = [...balances].find(([k]) => same(k, token.contract))?.[1] ?? 0n;
  const entry = deviceTokenEntry(chain.spec.symbol, account.path, chain.spec.chainId, { ...token, balance });
  await device.setToken(entry);
  return { known: settings.known, enabled: [...settings.enabled, token.contract] };
}

/**
 * Removes a token from the account's list (the Manage-tokens modal's delete, spec 01 §2): one that is on the device
 * (switched on, or found there) is deleted from it first, else the next read of the device would list it again; then
 * it leaves the known and enabled tokens. Returns the new settings (the caller keeps the old ones on failure).
 */
export async function removeToken(
  chain: EvmChain,
  account: EvmAccount,
  settings: TokenSettings,
  token: TokenMetadata,
  onDevice: boolean,
): Promise<TokenSettings> {
  const enabled = settings.enabled.some((c) => same(c, token.contract));
  if (enabled || onDevice)
    await currentDevice().deleteToken(
      signingPath(chain.spec.symbol, account.path),
      token.contract,
      chain.spec.chainId,
    );
  return {
    known: settings.known.filter((k) => !same(k.contract, token.contract)),
    enabled: settings.enabled.filter((c) => !same(c, token.contract)),
  };
}

/** Tokens from the server's token list that the account holds and that are not shown yet (not enabled). */
export function unshownHeldTokens(held: readonly HeldToken[], settings: TokenSettings): HeldToken[] {
  return held.filter((t) => !settings.enabled.some((c) => same(c, t.contract)));
}

/**
 * Shows a token found through the token list: it joins the known tokens (once, by contract) and is switched on
 * like any token (balance read, entry written to the device). Returns the new settings.
 */
export async function showFoundToken(
  chain: EvmChain,
  account: EvmAccount,
  settings: TokenSettings,
  token: TokenMetadata,
): Promise<TokenSettings> {
  const meta: TokenMetadata = {
    contract: token.contract,
    name: token.name,
    symbol: token.symbol,
    decimals: token.decimals,
  };
  const known = settings.known.some((k) => same(k.contract, token.contract))
    ? settings.known
    : [...settings.known, meta];
  return toggleToken(chain, account, { known, enabled: settings.enabled }, meta);
}
