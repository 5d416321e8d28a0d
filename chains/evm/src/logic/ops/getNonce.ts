/** The next nonce: the backend first, then the adapter's fallback sources (node provider, fallback nodes, explorer). */
import { NONCE_TIMEOUTS_MS, resolveNonce, type NonceSource } from '../nonce';
import type { EvmContext } from './context';

export async function getNonce(
  { backend, options }: EvmContext,
  address: string,
): Promise<{ nonce: number; source: string }> {
  const sources: NonceSource[] = [
    {
      name: 'backend',
      timeoutMs: NONCE_TIMEOUTS_MS.backend,
      get: (a, signal) => backend.getNonce(a, signal),
    },
    ...(options.nonceFallbacks ?? []),
  ];
  return resolveNonce(address, sources);
}
