/** The explorer's history pages: txlist and tokentx of one page, merged. */
import { z } from 'zod';
import { ProviderError, decodeCursor, encodeCursor, validate } from '@secux-companion/server-kit/failover';
import type { HistoryPage } from '@secux-companion/server-kit/types';
import type { HistoryQuery } from '../../backend.js';
import { mergeEvmHistory, type EvmTokenTransferLike, type EvmTxLike } from '../../ops.js';
import type { Explorer } from './client.js';
import { AnyTokenTxItem, TxItem, fungible, type TokenTx } from './shapes.js';

const toTx = (t: z.infer<typeof TxItem>): EvmTxLike => ({
  hash: t.hash,
  blockNumber: Number(t.blockNumber),
  timeStamp: Number(t.timeStamp),
  from: t.from,
  to: t.to || t.contractAddress || '',
  value: t.value,
  ...(t.nonce ? { nonce: Number(t.nonce) } : {}),
  ...(t.gasUsed ? { gasUsed: t.gasUsed } : {}),
  ...(t.gasPrice ? { gasPrice: t.gasPrice } : {}),
  isError: t.isError === '1' || t.txreceipt_status === '0',
});
const toTransfer = (ex: Explorer, t: TokenTx): EvmTokenTransferLike => {
  const m = ex.remember(t);
  return {
    hash: t.hash,
    blockNumber: Number(t.blockNumber),
    timeStamp: Number(t.timeStamp),
    from: t.from,
    to: t.to,
    value: t.value,
    contract: t.contractAddress,
    symbol: m.symbol,
    name: m.name,
    decimals: m.decimals,
    ...(t.nonce ? { nonce: Number(t.nonce) } : {}),
    ...(t.gasUsed ? { gasUsed: t.gasUsed } : {}),
    ...(t.gasPrice ? { gasPrice: t.gasPrice } : {}),
  };
};

export async function getHistory(
  ex: Explorer,
  address: string,
  q: HistoryQuery,
  signal: AbortSignal,
): Promise<Omit<HistoryPage, 'provider'>> {
  const c = decodeCursor(q.cursor);
  if (c && c.k !== 'etherscan')
    throw new ProviderError('unsupported', 'cursor belongs to another provider kind');
  const page = c && typeof c.p === 'number' && c.p >= 1 ? Math.floor(c.p) : 1;
  const common = {
    module: 'account',
    address,
    page: String(page),
    offset: String(q.pageSize),
    sort: 'desc',
    startblock: '0',
    endblock: '99999999',
  };
  const [txs, tokens] = await Promise.all([
    ex.call({ ...common, action: 'txlist' }, signal).then((r) => validate(z.array(TxItem), r, 'txlist')),
    ex
      .call({ ...common, action: 'tokentx' }, signal)
      .then((r) => validate(z.array(AnyTokenTxItem), r, 'tokentx')),
  ]);
  const operations = mergeEvmHistory(
    address,
    txs.map(toTx),
    fungible(tokens).map((t) => toTransfer(ex, t)),
  );
  const more = txs.length >= q.pageSize || tokens.length >= q.pageSize;
  return {
    operations,
    cursor: more && page * q.pageSize < 10000 ? encodeCursor({ k: 'etherscan', p: page + 1 }) : null,
  };
}
