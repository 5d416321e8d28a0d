/** The EVM facade's broadcast and its node passthrough (`POST /chains/:chain/rpc`). */
import type { BroadcastResult } from '@secux-companion/server-kit/facade';
import { ChainApiError } from '@secux-companion/server-kit/failover';
import type { EvmContext } from './context.js';

export async function broadcast(c: EvmContext, raw: string): Promise<BroadcastResult> {
  try {
    const r = await c.run('broadcast', 'broadcast', (p, s) => p.broadcast(raw, s), undefined, {
      cls: 'submit',
    });
    return { hash: r.value, provider: r.provider };
  } catch (e) {
    if (e instanceof ChainApiError && e.statusCode >= 500)
      throw new ChainApiError(e.statusCode, e.code, 'Can not broadcast at the moment', e.extra);
    throw e;
  }
}

export async function rpc(c: EvmContext, method: string, params: unknown[]): Promise<unknown> {
  // The node's broadcast is a submit (its own timeout and budget); every other forwarded method a read.
  const cls = method === 'eth_sendRawTransaction' ? 'submit' : 'read';
  return (await c.run('rpc', method, (p, s) => p.rpc(method, params, s), undefined, { cls })).value;
}
