/** Raw transactions out (`getrawtransaction` verbose=false) and in (`sendrawtransaction`). */
import { z } from 'zod';
import { validate } from '@secux-companion/server-kit/failover';
import type { CoreContext } from './context.js';
import { checkChain, rpc } from './rpc.js';

export async function getRawTx(ctx: CoreContext, txid: string, signal: AbortSignal): Promise<string> {
  await checkChain(ctx, signal);
  return validate(
    z.string(),
    await rpc(ctx, 'getrawtransaction', [txid, false], signal),
    'getrawtransaction',
  );
}

export async function broadcast(ctx: CoreContext, hex: string, signal: AbortSignal): Promise<string> {
  await checkChain(ctx, signal);
  return validate(z.string(), await rpc(ctx, 'sendrawtransaction', [hex], signal), 'sendrawtransaction');
}
