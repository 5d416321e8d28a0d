/**
 * EVM chain logos (spec 01 §2 "EVM chains area": each chain shows its logo; spec 02 §7: the chain registry gives the
 * icons). A registry entry names its icon (`icon: "polygon"`); the registry publishes the icon's variants at
 * `<base>/icons/<icon>.json` (`[{ url: "ipfs://<cid>", width, height, format: "png" | "svg" }]`) and the image bytes
 * it downloaded from IPFS at `<base>/iconsDownload/<cid>` (ethereum-lists/chains copies its `_data` folder, icons
 * and downloaded icons included, to chainid.network).
 *
 * The browser never fetches a logo from a third party: GET /api/evm/chains/:chainId/logo serves it from this server.
 * Sources, in order: a file `<icon>.png` in the shipped icon folder (the local profile's chain has one), then the
 * registry host (EVM_CHAIN_ICON_BASE; https://chainid.network in the mainnet profile, none in the local profile, an
 * empty value switches it off). Only raster images are served (PNG, JPEG, WebP, recognised by their first bytes, not
 * by a name or a header): an SVG can carry script and is never passed on; the client shows the letter avatar instead.
 * Each answer is size-capped; found logos and misses are cached.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LruMap } from '@secux-companion/server-kit/lru';

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** The shipped icons, `<icon>.png`. */
export const EVM_CHAIN_ICON_DIR = path.join(HERE, 'icons');
/** The public chain registry's host (icons index and downloaded icons). */
export const DEFAULT_ICON_BASE = 'https://chainid.network';

/** Largest logo served (bytes): a chain logo is a few KiB; a larger answer is refused while it streams. */
export const LOGO_MAX_BYTES = 256 * 1024;
/** Largest icon index read (bytes): a few variants of a few hundred bytes each. */
const ICON_INDEX_MAX_BYTES = 16 * 1024;
const FETCH_TIMEOUT_MS = 8000;
/** How long a miss (no icon, an SVG-only icon, an unreachable host) is remembered before it is tried again. */
const MISS_TTL_MS = 60 * 60 * 1000;
const CACHE_ENTRIES = 256;

export type LogoType = 'image/png' | 'image/jpeg' | 'image/webp';
export interface Logo {
  type: LogoType;
  bytes: Buffer;
}

/** A registry icon name: the `_data/icons` file name (letters, digits, '-', '_', '.'; no path). */
const ICON_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
/** An IPFS content id (CIDv0 `Qm…` base58 or CIDv1 base32/base36). */
const CID = /^[A-Za-z0-9]{32,100}$/;

/** The raster type of `bytes` from its signature; null for anything else (SVG, HTML, truncated data). */
export function rasterType(bytes: Uint8Array): LogoType | null {
  const b = bytes;
  if (
    b.length >= 8 &&
    b[0] === 0x89 &&
    b[1] === 0x50 &&
    b[2] === 0x4e &&
    b[3] === 0x47 &&
    b[4] === 0x0d &&
    b[5] === 0x0a &&
    b[6] === 0x1a &&
    b[7] === 0x0a
  )
    return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (
    b.length >= 12 &&
    String.fromCharCode(...b.subarray(0, 4)) === 'RIFF' &&
    String.fromCharCode(...b.subarray(8, 12)) === 'WEBP'
  )
    return 'image/webp';
  return null;
}

/** The content ids of an icon index's raster variants (png first; svg variants are left out). */
export function rasterCids(index: unknown): string[] {
  if (!Array.isArray(index)) return [];
  const out: string[] = [];
  for (const v of index) {
    if (!v || typeof v !== 'object') continue;
    const { url, format } = v as { url?: unknown; format?: unknown };
    if (typeof url !== 'string' || !url.startsWith('ipfs://')) continue;
    if (format !== 'png' && format !== 'jpg' && format !== 'jpeg' && format !== 'webp') continue;
    const cid = url.slice('ipfs://'.length).replace(/\/+$/, '');
    if (CID.test(cid) && !out.includes(cid)) out.push(cid);
  }
  return out;
}

/** The body of a GET, at most `max` bytes (null when longer, not 200, or unreachable within the timeout). */
async function getCapped(fetchFn: typeof fetch, url: string, max: number): Promise<Buffer | null> {
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(), FETCH_TIMEOUT_MS);
  try {
    const res = await fetchFn(url, { signal: ac.signal, redirect: 'error' });
    if (res.status !== 200 || !res.body) return null;
    const declared = Number(res.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > max) {
      ac.abort();
      return null;
    }
    const reader = res.body.getReader();
    const parts: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > max) {
        await reader.cancel().catch(() => undefined);
        return null;
      }
      parts.push(value);
    }
    return Buffer.concat(parts);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

export interface LogoSourceOptions {
  /** Folder of shipped `<icon>.png` files. */
  iconDir?: string;
  /** The registry host ('' or undefined: none). */
  base?: string;
  fetchFn?: typeof fetch;
  now?: () => number;
}

export interface LogoSource {
  /** The logo of a registry icon name; null when there is none this server may serve. */
  logo(icon: string): Promise<Logo | null>;
}

export function createLogoSource(o: LogoSourceOptions = {}): LogoSource {
  const iconDir = o.iconDir ?? EVM_CHAIN_ICON_DIR;
  const base = o.base?.replace(/\/+$/, '') ?? '';
  const fetchFn = o.fetchFn ?? fetch;
  const now = o.now ?? Date.now;
  const cache = new LruMap<string, { logo: Logo | null; until: number }>(CACHE_ENTRIES);
  const pending = new Map<string, Promise<Logo | null>>();

  const checked = (bytes: Buffer | null): Logo | null => {
    if (!bytes || bytes.length > LOGO_MAX_BYTES) return null;
    const type = rasterType(bytes);
    return type ? { type, bytes } : null;
  };

  const fromDir = async (icon: string): Promise<Logo | null> => {
    try {
      const file = path.join(iconDir, `${icon}.png`);
      const stat = await fs.stat(file);
      if (!stat.isFile() || stat.size > LOGO_MAX_BYTES) return null;
      return checked(await fs.readFile(file));
    } catch {
      return null;
    }
  };

  const fromRegistry = async (icon: string): Promise<Logo | null> => {
    if (!base) return null;
    const index = await getCapped(
      fetchFn,
      `${base}/icons/${encodeURIComponent(icon)}.json`,
      ICON_INDEX_MAX_BYTES,
    );
    if (!index) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(index.toString('utf8'));
    } catch {
      return null;
    }
    for (const cid of rasterCids(parsed).slice(0, 3)) {
      const logo = checked(await getCapped(fetchFn, `${base}/iconsDownload/${cid}`, LOGO_MAX_BYTES));
      if (logo) return logo;
    }
    return null;
  };

  return {
    async logo(icon) {
      if (!ICON_NAME.test(icon)) return null;
      const hit = cache.get(icon);
      if (hit && (hit.logo || hit.until > now())) return hit.logo;
      let p = pending.get(icon);
      if (!p) {
        p = (async () => (await fromDir(icon)) ?? (await fromRegistry(icon)))();
        pending.set(icon, p);
      }
      try {
        const logo = await p;
        cache.set(icon, { logo, until: now() + MISS_TTL_MS });
        return logo;
      } finally {
        pending.delete(icon);
      }
    },
  };
}
