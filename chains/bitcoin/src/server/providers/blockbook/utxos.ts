/** Unspent outputs: /api/v2/utxo, always with the mempool (confirmed-only is filtered here). */
import { validate } from '@secux-companion/server-kit/failover';
import type { Utxo } from '@secux-companion/server-kit/types';
import type { UtxoSubject } from '../../backend.js';
import { call, checkChain, type BlockbookContext } from './context.js';
import { descriptorOf } from './mappers.js';
import { BbUtxos } from './schemas.js';

export async function getUtxos(
  ctx: BlockbookContext,
  subject: UtxoSubject,
  confirmedOnly: boolean,
  signal: AbortSignal,
): Promise<Utxo[]> {
  await checkChain(ctx, signal);
  // Always with the mempool: Blockbook's `confirmed=true` ignores it, and then still lists outputs that pending
  // transactions spend. Confirmed-only is filtered here instead.
  const list = validate(
    BbUtxos,
    await call(ctx, `/api/v2/utxo/${encodeURIComponent(descriptorOf(subject))}`, signal),
    'Blockbook utxo',
  );
  const mapped = list.map((u): Utxo => ({
    txid: u.txid,
    vout: u.vout,
    value: u.value,
    height: u.height && u.confirmations > 0 ? u.height : null,
    confirmations: u.height && u.confirmations > 0 ? u.confirmations : 0,
    ...(u.address ? { address: u.address } : subject.kind === 'address' ? { address: subject.address } : {}),
    ...(u.path ? { path: u.path } : {}),
    ...(u.coinbase ? { coinbase: true } : {}),
  }));
  return confirmedOnly ? mapped.filter((u) => u.height !== null) : mapped;
}
