/** Broadcast: POST /api/v2/sendtx/ (a 400 is the node rejecting the transaction). */
import { ProviderError, validate } from '@secux-companion/server-kit/failover';
import { call, checkChain, type BlockbookContext } from './context.js';
import { BbResult } from './schemas.js';

export async function broadcast(ctx: BlockbookContext, hex: string, signal: AbortSignal): Promise<string> {
  await checkChain(ctx, signal);
  let data: unknown;
  try {
    data = await call(ctx, '/api/v2/sendtx/', signal, { method: 'POST', body: hex });
  } catch (e) {
    // A 400 here is the node rejecting the transaction: final, shown to the user as-is.
    if (e instanceof ProviderError && (e.kind === 'badRequest' || e.kind === 'notFound'))
      throw new ProviderError('rejected', e.message, { status: 400 });
    throw e;
  }
  return validate(BbResult, data, 'Blockbook sendtx').result;
}
