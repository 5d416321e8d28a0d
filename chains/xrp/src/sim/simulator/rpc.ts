/**
 * The JSON-RPC surface: one method → its request family, the test-only control API, and the HTTP envelope (rippled's
 * plain-text 400s for a body that is not a call).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { accountInfo, accountTx, tx } from './account.js';
import type { XrplLedger } from './ledger.js';
import { fee, ledgerClosed, serverInfo, serverState } from './server.js';
import { simulate } from './simulate.js';
import { submit } from './submit.js';
import { rpcError, type Params } from './ter.js';

/** Path prefix of the simulator's test-only control API (see `control`). */
export const CONTROL_PREFIX = '/_localnet/';

const METHODS: Readonly<Record<string, (l: XrplLedger, p: Params) => Params>> = {
  account_info: accountInfo,
  account_tx: accountTx,
  fee,
  server_state: serverState,
  server_info: serverInfo,
  ledger_closed: ledgerClosed,
  simulate,
  submit,
  tx,
};

/** One JSON-RPC call (the `result` object). */
export function handle(l: XrplLedger, method: string, p: Params): Params {
  const run = Object.hasOwn(METHODS, method) ? METHODS[method] : undefined;
  return run ? run(l, p) : rpcError('unknownCmd', 'Unknown method.', { request: { command: method } });
}

/**
 * The test-only control API (not rippled's; the simulator only ever listens on loopback): `POST busy` with
 * `{"busy": true|false}` makes submits answer terQUEUED ('Held until escalated fee drops.') or not, `POST close`
 * closes a ledger (applying what was held), `GET state` reads both. Undefined for anything else (404).
 */
export function control(l: XrplLedger, method: string, what: string, body: string): Params | undefined {
  if (method === 'POST' && what === 'busy') {
    let busy: unknown;
    try {
      busy = (JSON.parse(body) as { busy?: unknown }).busy;
    } catch {
      return undefined;
    }
    if (typeof busy !== 'boolean') return undefined;
    l.busy = busy;
  } else if (method === 'POST' && what === 'close') l.closeLedger();
  else if (!(method === 'GET' && what === 'state')) return undefined;
  return { busy: l.busy, validatedLedger: l.validatedLedger, held: l.held.length };
}

/** One HTTP request: the control API under CONTROL_PREFIX, else a JSON-RPC call. */
export function onRequest(l: XrplLedger, req: IncomingMessage, text: string, res: ServerResponse): void {
  if (req.url?.startsWith(CONTROL_PREFIX)) {
    const answer = control(l, req.method ?? 'GET', req.url.slice(CONTROL_PREFIX.length), text);
    res
      .writeHead(answer ? 200 : 404, { 'content-type': 'application/json' })
      .end(JSON.stringify(answer ?? {}));
    return;
  }
  let status = 200;
  let body: unknown;
  try {
    const { method, params } = JSON.parse(text) as { method?: unknown; params?: unknown };
    if (typeof method !== 'string') {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('Null method');
      return;
    }
    const p =
      Array.isArray(params) && typeof params[0] === 'object' && params[0] ? (params[0] as Params) : {};
    body = { result: handle(l, method, p) };
  } catch {
    status = 400;
    res.writeHead(status, { 'content-type': 'text/plain' }).end('Unable to parse request');
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
