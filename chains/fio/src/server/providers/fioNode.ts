/**
 * A FIO API node (reference/apis/fio.md): every getter is POST JSON under /v1/chain, history under /v1/history. A 404
 * with a message is an empty result where the spec says so (balance, locks, names, public addresses); a 400 is the
 * caller's fault (answered as it is, no other node asked); a push is accepted with 202 (or 200), and its 400 / 401 /
 * 403 / 409 / 500 with a chain error is the chain's refusal and comes back with FIO's own message.
 *
 * Its operations live in ./fioNode/: the client (POST JSON, errors), account reads, chain reads, history and push.
 */
import { withBreaker } from '@secux-companion/server-kit/failover';
import type { FioProvider } from '../backend.js';
import { balance, locks, names, requests, voter } from './fioNode/account.js';
import { availCheck, block, fee, info, publicAddress, publicAddresses, rawAbi } from './fioNode/chain.js';
import { createFioClient, type FioNodeOptions } from './fioNode/client.js';
import { actions, transaction } from './fioNode/history.js';
import { push } from './fioNode/push.js';

export { fioErrorMessage, type FioNodeOptions } from './fioNode/client.js';

export function createFioNode(o: FioNodeOptions): FioProvider {
  const n = createFioClient(o);
  return withBreaker({
    name: o.name,
    timeoutMs: o.timeoutMs,
    balance: (publicKey, signal) => balance(n, publicKey, signal),
    locks: (publicKey, signal) => locks(n, publicKey, signal),
    fee: (endPoint, fioAddress, signal) => fee(n, endPoint, fioAddress, signal),
    info: (signal) => info(n, signal),
    block: (num, signal) => block(n, num, signal),
    rawAbi: (account, signal) => rawAbi(n, account, signal),
    names: (publicKey, signal) => names(n, publicKey, signal),
    availCheck: (name, signal) => availCheck(n, name, signal),
    publicAddresses: (handle, signal) => publicAddresses(n, handle, signal),
    publicAddress: (handle, chainCode, tokenCode, signal) =>
      publicAddress(n, handle, chainCode, tokenCode, signal),
    actions: (actor, pos, offset, signal) => actions(n, actor, pos, offset, signal),
    requests: (which, publicKey, signal) => requests(n, which, publicKey, signal),
    voter: (actor, signal) => voter(n, actor, signal),
    transaction: (id, signal) => transaction(n, id, signal),
    push: (body, signal) => push(n, body, signal),
  });
}
