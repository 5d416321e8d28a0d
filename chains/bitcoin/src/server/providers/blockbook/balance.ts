/** Account summary: /api/v2/xpub (with the used or derived addresses) or /api/v2/address. */
import { validate } from '@secux-companion/server-kit/failover';
import type { AccountInfo, AddressEntry } from '@secux-companion/server-kit/types';
import type { XpubQuery } from '../../backend.js';
import { call, checkChain, type BlockbookContext } from './context.js';
import { addressEntry, descriptorOf, pathOf } from './mappers.js';
import { BbAddress } from './schemas.js';

export async function getAccount(
  ctx: BlockbookContext,
  q: XpubQuery,
  chain: string,
  signal: AbortSignal,
): Promise<AccountInfo> {
  await checkChain(ctx, signal);
  const s = q.subject;
  const params = new URLSearchParams({ details: s.kind === 'xpub' ? 'tokenBalances' : 'basic' });
  if (s.kind === 'xpub') {
    params.set('tokens', q.tokens ?? 'used');
    if (q.gap) params.set('gap', String(q.gap));
  }
  const d = validate(
    BbAddress,
    await call(ctx, `/api/v2/${pathOf(s)}/${encodeURIComponent(descriptorOf(s))}?${params}`, signal),
    'Blockbook account',
  );
  const addresses =
    s.kind === 'xpub' ? (d.tokens ?? []).map(addressEntry).filter((x): x is AddressEntry => !!x) : undefined;
  return {
    chain,
    address: s.kind === 'xpub' ? s.xpub : s.address,
    balance: d.balance,
    unconfirmedBalance: d.unconfirmedBalance ?? '0',
    txCount: d.txs ?? 0,
    ...(addresses ? { addresses } : {}),
    provider: ctx.o.name,
  };
}
