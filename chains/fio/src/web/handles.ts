/**
 * FIO crypto handles (`name@domain`) as recipients of every coin's send form (spec 01 §4, spec 03 §5): chain-fio's
 * handle rule, and the address the handle maps for the coin, read through FIO's get_pub_address with the coin's
 * chain and token codes. The FIO entry hands this resolver to the registry; the send form asks the registry.
 */
import { looksLikeHandle } from '@secux-companion/chain-fio';
import type { NameResolver } from '@secux-companion/web-kit/family/types';
import { NameLookupError } from '@secux-companion/web-kit/send/domainResolve';

/** A crypto handle: chain-fio's rule (3 to 64 characters, alphanumerics and single hyphens in each part). */
export { looksLikeHandle };

type FetchFn = Parameters<NameResolver['resolve']>[0];

/** The FIO chain that resolves a coin's handles (testnet FIO on TFIO, every other coin on FIO). */
const fioChainFor = (coin: string) => (coin === 'TFIO' ? 'TFIO' : 'FIO');
/** FIO chain and token codes of a coin (the FIO registry uses the coin's symbol; FIO itself is FIO/FIO). */
export function fioCodesOf(coin: string): { chain: string; token: string } {
  const code = coin === 'TFIO' ? 'FIO' : coin.toUpperCase();
  return { chain: code, token: code };
}

/**
 * GET /api/chains/FIO/fio/pub-address/{handle}?chain=&token= → the address mapped for the coin, or throws: 'Can not
 * get address' (spec 03 §8) when the FIO nodes cannot be asked, else the handle maps none for the coin.
 */
export async function resolveHandle(
  fetchFn: FetchFn,
  handle: string,
  coin: string,
  signal?: AbortSignal,
): Promise<string> {
  const codes = fioCodesOf(coin);
  const q = new URLSearchParams({ chain: codes.chain, token: codes.token });
  const unavailable = () => new NameLookupError({ code: 'domainAddressUnavailable' });
  let res: Awaited<ReturnType<FetchFn>>;
  try {
    res = await fetchFn(
      `/api/chains/${fioChainFor(coin)}/fio/pub-address/${encodeURIComponent(handle)}?${q.toString()}`,
      signal ? { signal } : undefined,
    );
  } catch (e) {
    if (signal?.aborted) throw e;
    throw unavailable();
  }
  // The FIO nodes could not be asked (the server's 5xx): 'Can not get address', not an unmapped handle.
  const status = (res as { status?: unknown }).status;
  if (!res.ok && typeof status === 'number' && status >= 500) throw unavailable();
  const body = (await res.json().catch(() => ({}))) as { address?: unknown };
  if (!res.ok || typeof body.address !== 'string' || body.address.trim() === '')
    throw new Error('handleUnresolved');
  return body.address.trim();
}

/** 'Can not resolve domain on {coin}' when the handle maps no address for the coin. */
export const handleResolver: NameResolver = {
  accepts: looksLikeHandle,
  resolve: resolveHandle,
  unresolved: (_handle, coin) => ({ code: 'handleUnresolved', params: { coin } }),
};
