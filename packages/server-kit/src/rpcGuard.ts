/**
 * RPC proxy guard: the server never becomes an open proxy. It forwards JSON-RPC only to URLs of the chain
 * registry snapshot or of its own configuration, and never to a loopback, private, link-local or otherwise
 * non-public host named by a client (whatever way the address is spelled: decimal, hex, octal or short IPv4,
 * IPv4-mapped / NAT64 / 6to4 IPv6, trailing-dot host names …). An RPC a user adds for a custom chain is
 * called by the browser itself; the Content-Security-Policy's connect-src allows that on purpose.
 *
 * Limitation (documented): {@link isForwardableRpc} decides on the URL text. A public DNS name that
 * resolves to a private address is caught only by {@link isForwardableRpcResolved}, which resolves the name
 * first (fail closed when it cannot be resolved); a DNS answer that changes between that check and the
 * connection (DNS rebinding) is not caught. Only snapshot/config URLs pass at all, so this needs a
 * malicious registry entry, not just a malicious client.
 */
import dns from 'node:dns';
import net from 'node:net';

/** URLs the server may forward to. */
export interface RpcAllowList {
  /** Third-party data (the chain registry snapshot): private hosts are refused even when listed. */
  public: Iterable<string>;
  /** The server's own configuration (e.g. the localnet node): trusted, may be loopback. */
  own?: Iterable<string>;
}

/** Canonical form for comparisons: WHATWG-parsed, default port dropped, no trailing '/' on the path. */
export function normalizeRpcUrl(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url.trim());
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  if (u.username || u.password) return null;
  u.hash = '';
  const host = u.hostname.endsWith('.') ? u.hostname.slice(0, -1) : u.hostname;
  const port = u.port ? `:${u.port}` : '';
  const pathname = u.pathname.replace(/\/+$/, '');
  return `${u.protocol}//${host}${port}${pathname}${u.search}`;
}

function ipv4Private(a: number, b: number, c: number): boolean {
  return (
    a === 0 || // "this" network
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local (cloud metadata 169.254.169.254)
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0 && c === 0) || // IETF protocol assignments
    (a === 192 && b === 0 && c === 2) || // TEST-NET-1
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    (a === 198 && b === 51 && c === 100) || // TEST-NET-2
    (a === 203 && b === 0 && c === 113) || // TEST-NET-3
    a >= 224 // multicast, reserved, broadcast
  );
}

function parseIpv4(h: string): [number, number, number, number] | null {
  if (!net.isIPv4(h)) return null;
  return h.split('.').map(Number) as [number, number, number, number];
}

/** Expands an IPv6 text (with optional embedded IPv4) to 8 16-bit groups. */
function ipv6Groups(h: string): number[] | null {
  if (!net.isIPv6(h)) return null;
  let text = h.toLowerCase().split('%')[0]!;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const p = parseIpv4(v4[1]!);
    if (!p) return null;
    text =
      text.slice(0, -v4[1]!.length) +
      `${((p[0] << 8) | p[1]).toString(16)}:${((p[2] << 8) | p[3]).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const h1 = head ? head.split(':') : [];
  const t1 = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const fill = tail !== undefined ? 8 - h1.length - t1.length : 0;
  const groups = [...h1, ...Array<string>(fill).fill('0'), ...t1].map((g) => parseInt(g || '0', 16));
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff)
    ? groups
    : null;
}

function ipv6Private(g: number[]): boolean {
  const [g0 = 0, g1 = 0, , , , g5 = 0, g6 = 0, g7 = 0] = g;
  const allZero = (xs: number[]) => xs.every((x) => x === 0);
  if (allZero(g.slice(0, 7)) && (g7 === 0 || g7 === 1)) return true; // :: and ::1
  const embedded = (hi: number, lo: number) => ipv4Private(hi >> 8, hi & 0xff, lo >> 8);
  if (allZero(g.slice(0, 5)) && g5 === 0xffff) return true; // IPv4-mapped: never forwarded
  if (allZero(g.slice(0, 6))) return true; // IPv4-compatible (deprecated)
  if (g0 === 0x64 && g1 === 0xff9b) return embedded(g6, g7); // NAT64 well-known prefix
  if (g0 === 0x2002) return embedded(g1, g[2] ?? 0); // 6to4 embeds the IPv4 in groups 1-2
  if ((g0 & 0xfe00) === 0xfc00) return true; // unique local fc00::/7
  if ((g0 & 0xffc0) === 0xfe80) return true; // link-local fe80::/10
  if ((g0 & 0xffc0) === 0xfec0) return true; // site-local (deprecated)
  if ((g0 & 0xff00) === 0xff00) return true; // multicast
  if (g0 === 0x2001 && g1 === 0x0db8) return true; // documentation
  return false;
}

const PRIVATE_SUFFIXES = [
  '.localhost',
  '.local',
  '.internal',
  '.intranet',
  '.lan',
  '.home.arpa',
  '.corp',
  '.private',
];

/**
 * A loopback, private, link-local, unspecified, multicast or special-use host. Expects a host as the WHATWG
 * URL parser leaves it (it already turns 2130706433, 0x7f000001, 0177.0.0.1 and 127.1 into 127.0.0.1).
 * Bracketed IPv6 is accepted.
 */
export function isNonPublicHost(hostname: string): boolean {
  let h = hostname
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  if (h.endsWith('.')) h = h.slice(0, -1);
  if (h === '' || h === 'localhost' || (!h.includes('.') && !h.includes(':'))) return true; // bare names resolve via search domains
  if (PRIVATE_SUFFIXES.some((s) => h.endsWith(s))) return true;
  const v4 = parseIpv4(h);
  if (v4) return ipv4Private(v4[0], v4[1], v4[2]);
  const v6 = ipv6Groups(h);
  if (v6) return ipv6Private(v6);
  // Numeric forms the URL parser did not normalise (should not happen after new URL()).
  if (/^[0-9.]+$/.test(h) || /^0x[0-9a-f.x]+$/i.test(h)) return true;
  return false;
}

function toSet(urls: Iterable<string> | undefined): Set<string> {
  const out = new Set<string>();
  for (const u of urls ?? []) {
    const n = normalizeRpcUrl(u);
    if (n) out.add(n);
  }
  return out;
}

/** Prepared allow list (normalise once, check many). */
export interface PreparedAllowList {
  public: ReadonlySet<string>;
  own: ReadonlySet<string>;
}

export function prepareAllowList(allowed: RpcAllowList | Iterable<string>): PreparedAllowList {
  const a: RpcAllowList = isAllowList(allowed) ? allowed : { public: allowed };
  return { public: toSet(a.public), own: toSet(a.own) };
}

function isAllowList(v: unknown): v is RpcAllowList {
  return typeof v === 'object' && v !== null && 'public' in v && !(Symbol.iterator in v);
}

function isPrepared(v: unknown): v is PreparedAllowList {
  return (
    typeof v === 'object' &&
    v !== null &&
    (v as PreparedAllowList).public instanceof Set &&
    (v as PreparedAllowList).own instanceof Set
  );
}

/**
 * May the server forward a JSON-RPC call to `url`? Only http(s) URLs without credentials that are in the
 * server's own configuration, or in the registry snapshot and on a public host.
 */
export function isForwardableRpc(
  url: string,
  allowed: RpcAllowList | PreparedAllowList | Iterable<string>,
): boolean {
  const n = normalizeRpcUrl(url);
  if (!n) return false;
  const list = isPrepared(allowed) ? allowed : prepareAllowList(allowed);
  if (list.own.has(n)) return true;
  if (!list.public.has(n)) return false;
  return !isNonPublicHost(new URL(n).hostname);
}

export type LookupAll = (hostname: string) => Promise<{ address: string }[]>;

const defaultLookup: LookupAll = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/**
 * {@link isForwardableRpc} plus a DNS check: every address the host name resolves to must be public.
 * Fails closed when the name cannot be resolved. (DNS rebinding after this check is not caught.)
 */
export async function isForwardableRpcResolved(
  url: string,
  allowed: RpcAllowList | PreparedAllowList | Iterable<string>,
  lookup: LookupAll = defaultLookup,
): Promise<boolean> {
  const n = normalizeRpcUrl(url);
  if (!n) return false;
  const list = isPrepared(allowed) ? allowed : prepareAllowList(allowed);
  if (list.own.has(n)) return true;
  if (!isForwardableRpc(n, list)) return false;
  const host = new URL(n).hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) return true;
  try {
    const addrs = await lookup(host);
    return addrs.length > 0 && addrs.every((a) => !isNonPublicHost(a.address));
  } catch {
    return false;
  }
}
