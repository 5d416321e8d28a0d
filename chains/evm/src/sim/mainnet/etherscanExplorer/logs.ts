/**
 * The `logs` module's `getLogs` (the approvals manager's explorer path): the node's eth_getLogs for the block range and
 * topics asked, in Etherscan's shape (hex block numbers, log indexes and times as Etherscan gives them), oldest first,
 * `page`/`offset` paging (1000 at most a page), "No records found" when empty. Topic filters are joined with `and`
 * (the only operator the wallet sends); `or` is refused as unsupported here.
 */
import { notok, ok } from './answers.js';

const TOPIC = /^0x[0-9a-fA-F]{64}$/;

export async function logs(rpcUrl: string, action: string, q: URLSearchParams): Promise<unknown> {
  if (action !== 'getLogs') return notok('Error! Missing Or invalid Action name');
  const topics: (string | null)[] = [];
  for (let i = 0; i < 4; i++) {
    const t = q.get(`topic${i}`);
    if (t !== null && !TOPIC.test(t)) return notok(`Error! Invalid topic${i}`);
    topics.push(t);
  }
  for (const [k, v] of q)
    if (/^topic\d_\d_opr$/.test(k) && v !== 'and') return notok('Error! Unsupported operator');
  while (topics.length && topics[topics.length - 1] === null) topics.pop();
  const block = (v: string | null, dflt: string) =>
    v === null || v === 'latest' ? dflt : /^\d+$/.test(v) ? `0x${Number(v).toString(16)}` : null;
  const fromBlock = block(q.get('fromBlock'), '0x0');
  const toBlock = block(q.get('toBlock'), 'latest');
  if (!fromBlock || !toBlock) return notok('Error! Invalid block range');
  const r = (await (
    await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_getLogs',
        params: [{ fromBlock, toBlock, topics, ...(q.get('address') ? { address: q.get('address') } : {}) }],
      }),
    })
  ).json()) as { result?: Record<string, unknown>[]; error?: { message: string } };
  if (r.error || !r.result) return notok(`Error! ${r.error?.message ?? 'node error'}`);
  const page = Math.max(1, Number(q.get('page') ?? 1) || 1);
  const offset = Math.min(1000, Math.max(1, Number(q.get('offset') ?? 1000) || 1000));
  const list = r.result.slice((page - 1) * offset, page * offset).map((l) => ({
    address: String(l.address).toLowerCase(),
    topics: l.topics,
    data: l.data,
    blockNumber: l.blockNumber,
    blockHash: l.blockHash,
    logIndex: l.logIndex,
    transactionHash: l.transactionHash,
    transactionIndex: l.transactionIndex,
  }));
  return list.length ? ok(list) : { status: '0', message: 'No records found', result: [] };
}
