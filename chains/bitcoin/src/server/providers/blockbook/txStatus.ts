/** Transactions by id: /api/v2/tx, and /api/v2/tx-specific for the raw hex when /tx leaves it out. */
import { z } from 'zod';
import { validate } from '@secux-companion/server-kit/failover';
import type { TxDetails } from '@secux-companion/server-kit/types';
import { call, checkChain, type BlockbookContext } from './context.js';
import { toTxDetails } from './mappers.js';
import { BbTx } from './schemas.js';

export async function getTx(ctx: BlockbookContext, txid: string, signal: AbortSignal): Promise<TxDetails> {
  await checkChain(ctx, signal);
  return toTxDetails(
    validate(BbTx, await call(ctx, `/api/v2/tx/${encodeURIComponent(txid)}`, signal), 'Blockbook tx'),
  );
}

export async function getRawTx(ctx: BlockbookContext, txid: string, signal: AbortSignal): Promise<string> {
  await checkChain(ctx, signal);
  const t = validate(BbTx, await call(ctx, `/api/v2/tx/${encodeURIComponent(txid)}`, signal), 'Blockbook tx');
  if (t.hex) return t.hex;
  const spec = validate(
    z.object({ hex: z.string() }),
    await call(ctx, `/api/v2/tx-specific/${encodeURIComponent(txid)}`, signal),
    'Blockbook tx-specific',
  );
  return spec.hex;
}
