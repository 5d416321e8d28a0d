/** Etherscan's answer shapes, its paging and its transaction item. */
import { lc, type Tx } from './chainIndex.js';

export const ok = (result: unknown) => ({ status: '1', message: 'OK', result });
export const notok = (result: string) => ({ status: '0', message: 'NOTOK', result });
export const none = { status: '0', message: 'No transactions found', result: [] };

/** Sort (blockNumber asc/desc), block range and page/offset as Etherscan applies them. */
export function pageOf<T extends { tx: Tx; logIndex?: number }>(list: T[], q: URLSearchParams): T[] {
  const start = Number(q.get('startblock') ?? 0);
  const end = Number(q.get('endblock') ?? Number.MAX_SAFE_INTEGER);
  const desc = q.get('sort') === 'desc';
  const sorted = list
    .filter((x) => x.tx.blockNumber >= start && x.tx.blockNumber <= end)
    .sort(
      (x, y) =>
        x.tx.blockNumber - y.tx.blockNumber ||
        x.tx.index - y.tx.index ||
        (x.logIndex ?? 0) - (y.logIndex ?? 0),
    );
  if (desc) sorted.reverse();
  const page = Math.max(1, Number(q.get('page') ?? 1) || 1);
  const offset = Math.max(0, Number(q.get('offset') ?? 0) || 0);
  return offset ? sorted.slice((page - 1) * offset, page * offset) : sorted;
}

export const txItem = (t: Tx, head: number) => ({
  blockNumber: String(t.blockNumber),
  timeStamp: String(t.timeStamp),
  hash: t.hash,
  nonce: String(t.nonce),
  transactionIndex: String(t.index),
  from: lc(t.from),
  to: lc(t.to),
  value: t.value,
  gas: t.gas,
  gasPrice: t.gasPrice,
  isError: t.status === 'success' ? '0' : '1',
  txreceipt_status: t.status === 'success' ? '1' : '0',
  input: t.input,
  contractAddress: lc(t.contractAddress),
  gasUsed: t.gasUsed,
  confirmations: String(head - t.blockNumber + 1),
});
