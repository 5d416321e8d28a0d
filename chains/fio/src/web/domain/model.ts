/**
 * The Domain page's data (spec 03 §2, §3): the device's FIO accounts (m/44'/235'/{n}'), their domains and crypto
 * handles (the default handle domain 'secux' first), and whether every FIO account of the device is on the FIO path.
 */
import { accountBasePath, signingPath, toBareAccountPath } from '@secux-companion/core';
import {
  DEFAULT_HANDLE_DOMAIN,
  FIO_COIN_TYPE,
  type FioDomainEntry,
  type FioHandleEntry,
} from '@secux-companion/chain-fio';
import { mapSigningError } from '@secux-companion/core';
import { currentDevice } from '@secux-companion/web-kit/device/runtime';
import type { FioChain } from '../chain';
import type { AccountDescriptor } from '@secux-companion/chain-common';
import { accountDescriptor } from '@secux-companion/web-kit/singleAddress/plumbing';
import { loadFamily } from '@secux-companion/web-kit/state/families';

export interface FioDomainAccount {
  name: string;
  index: number;
  /** Bare account path m/44'/235'/{n}'. */
  path: string;
  /** FIO public key. */
  address: string;
  available: bigint;
}

export interface FioNames {
  accounts: FioDomainAccount[];
  /** Every FIO account of the device is on m/44'/235'/{n}' (Add bundled and Assign need it). */
  allOnFioPath: boolean;
  domains: (FioDomainEntry & { owner: FioDomainAccount })[];
  handles: (FioHandleEntry & { owner: FioDomainAccount })[];
}

/** Handles on the default domain 'secux' first, then by name. */
export function sortHandles<H extends { handle: string }>(list: readonly H[]): H[] {
  const onSecux = (h: H) => (h.handle.endsWith(`@${DEFAULT_HANDLE_DOMAIN}`) ? 0 : 1);
  return [...list].sort((a, b) => onSecux(a) - onSecux(b) || a.handle.localeCompare(b.handle));
}

/** Reads the device's FIO accounts, then their balances, domains and handles. */
export async function loadFioNames(chain: FioChain): Promise<FioNames> {
  const device = currentDevice();
  const entries = await device.getAccounts(FIO_COIN_TYPE);
  const accounts: FioDomainAccount[] = [];
  let allOnFioPath = true;
  for (const e of entries) {
    let m: RegExpExecArray | null = null;
    try {
      m = /^m\/44'\/235'\/(\d+)'$/.exec(toBareAccountPath(e.path));
    } catch {
      m = null;
    }
    if (!m) {
      allOnFioPath = false;
      continue;
    }
    const index = Number(m[1]);
    if (accounts.some((a) => a.index === index)) continue;
    const path = accountBasePath(44, FIO_COIN_TYPE, index);
    const address = await device.getAddress(signingPath(chain.coin, path));
    accounts.push({ name: e.name, index, path, address, available: 0n });
  }
  const domains: FioNames['domains'] = [];
  const handles: FioNames['handles'] = [];
  await Promise.all(
    accounts.map(async (a) => {
      const descriptor = fioDescriptor(chain, a);
      const [state, names] = await Promise.all([
        chain.adapter.getAccountState(descriptor).catch(() => null),
        chain.reader.names(a.address),
      ]);
      a.available = state?.available ?? 0n;
      for (const d of names.domains) domains.push({ ...d, owner: a });
      for (const h of names.handles) handles.push({ ...h, owner: a });
    }),
  );
  domains.sort((x, y) => x.domain.localeCompare(y.domain));
  return { accounts, allOnFioPath, domains, handles: sortHandles(handles) };
}

/**
 * The store's cryptoAccountRecover (spec 03 §7) on the Domain page: the FIO account page's discovery (the family's
 * recover: the device's saved FIO accounts and those with a balance or history, by gap limit) written back to the
 * device's account table, so that the page reads them next. Returns how many accounts were found.
 */
export async function recoverFioAccounts(chain: FioChain): Promise<number> {
  const family = await loadFamily(chain.coin);
  const found = await family.recover(chain, chain.coin);
  await family.syncToDevice(chain, found);
  return found.length;
}

/** The spec's device-error rule: user cancel is silent; DATA_ERROR / TransferError → 'Signature error from Device'. */
export function deviceFailure(
  e: unknown,
): { cancelled: true } | { cancelled: false; key?: string; message: string } {
  const m = mapSigningError(e);
  if (m.kind === 'cancelled') return { cancelled: true };
  if (m.kind === 'signature') return { cancelled: false, key: `errors.${m.messageKey}`, message: '' };
  return { cancelled: false, message: m.message };
}

/** The adapter's descriptor of a Domain page account. */
export function fioDescriptor(chain: FioChain, a: FioDomainAccount): AccountDescriptor {
  return accountDescriptor(chain.coin, a);
}
