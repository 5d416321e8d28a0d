/** The history API: an actor's actions and a transaction's block. */
import { ProviderError, httpRequest, validate } from '@secux-companion/server-kit/failover';
import { parseLosslessJson } from '@secux-companion/server-kit/losslessJson';
import { fioErrorMessage, type NodeOp } from './client.js';
import { Actions, HistoryTx } from './shapes.js';

export const actions: NodeOp<'actions'> = async (n, actor, pos, offset, signal) => {
  const r = await n.post('/v1/history/get_actions', { account_name: actor, pos, offset }, Actions, signal);
  // The node ran out of time and answers what it found so far (maybe nothing): not the account's history.
  if (r.time_limit_exceeded_error)
    throw new ProviderError('server', 'history node: time_limit_exceeded_error (a partial answer)');
  return r.actions;
};

export const transaction: NodeOp<'transaction'> = async (n, id, signal) => {
  const a = await httpRequest(n.o.fetch, `${n.base}/v1/history/get_transaction`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id }),
    signal,
    pass: [404, 500],
  });
  const json = parseLosslessJson(a.text);
  if (a.status === 404)
    throw new ProviderError('unsupported', 'no history API on this node', { status: 404 });
  if (a.status === 500) {
    const code = (json as { error?: { code?: unknown } } | null)?.error?.code;
    if (code === 3040011) return { found: false };
    throw new ProviderError('server', `upstream error 500: ${fioErrorMessage(json)}`, { status: 500 });
  }
  const t = validate(HistoryTx, json, 'get_transaction');
  if (t.id.toLowerCase() !== id) throw new ProviderError('malformed', 'get_transaction: another id');
  return { found: true, blockNum: t.block_num };
};
