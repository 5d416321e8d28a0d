/** push_transaction: accepted with 202 (or 200); a chain error is the chain's refusal, with FIO's own message. */
import { ProviderError, httpRequest, validate } from '@secux-companion/server-kit/failover';
import { parseLosslessJson } from '@secux-companion/server-kit/losslessJson';
import { fioErrorMessage, type NodeOp } from './client.js';
import { Pushed } from './shapes.js';

export const push: NodeOp<'push'> = async (n, body, signal) => {
  const a = await httpRequest(n.o.fetch, `${n.base}/v1/chain/push_transaction`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal,
    // nodeos (FIO's http_plugin handle_exception): 401 unsatisfied_authorization (a key that is not the
    // declared authority's), 403 a FIO contract's invalid_signature, 409 tx_duplicate, 400 / 500 the rest.
    pass: [400, 401, 403, 409, 500],
  });
  const json = parseLosslessJson(a.text);
  // nodeos accepts a pushed transaction with 202 (chain_api_plugin's CHAIN_RW_CALL_ASYNC).
  if (a.status === 200 || a.status === 202)
    return { ok: true, transactionId: validate(Pushed, json, 'push_transaction').transaction_id };
  const chainError =
    typeof json === 'object' && json !== null && ('type' in json || 'error' in json || 'fields' in json);
  if (!chainError) throw new ProviderError('server', `upstream error ${a.status}`, { status: a.status });
  const type = (json as { type?: unknown; error?: { name?: unknown } }).type;
  const name = (json as { error?: { name?: unknown } }).error?.name;
  return {
    ok: false,
    status: a.status,
    message: fioErrorMessage(json),
    code: typeof type === 'string' ? type : typeof name === 'string' ? name : 'rejected',
  };
};
