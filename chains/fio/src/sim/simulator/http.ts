/**
 * The simulator's HTTP face: POST end points as FIO's API answers them (a pushed transaction 202, getters 200, FIO's
 * bodies for refusals), GET /staking, and the loopback-only test control under /_localnet/ (the clock, the staking
 * statistics service).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FIO_CONTROL_PREFIX } from './constants.js';
import { FioReject, notFound } from './errors.js';
import { stakingStats } from './reads/staking.js';
import { route } from './routes.js';
import type { FioState } from './state.js';

export async function handleHttp(
  s: FioState,
  req: IncomingMessage,
  raw: string,
  res: ServerResponse,
): Promise<void> {
  const send = (status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  try {
    const path = (req.url ?? '').split('?')[0]!;
    if (path.startsWith(FIO_CONTROL_PREFIX)) {
      const ip = req.socket.remoteAddress ?? '';
      if (!/^(127\.|::1$|::ffff:127\.)/.test(ip)) throw new FioReject(403, { message: 'Forbidden' });
      send(200, control(s, req.method ?? 'GET', path.slice(FIO_CONTROL_PREFIX.length), raw));
      return;
    }
    if (req.method === 'GET' && path === '/staking') {
      send(...stakingStats(s));
      return;
    }
    if (req.method !== 'POST') throw notFound('Not Found');
    let body: Record<string, unknown> = {};
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      throw new FioReject(400, { type: 'invalid_input', message: 'Invalid JSON' });
    }
    // nodeos answers a pushed transaction with 202 Accepted (chain_api_plugin's CHAIN_RW_CALL_ASYNC), getters 200.
    send(path === '/v1/chain/push_transaction' ? 202 : 200, await route(s, path, body));
  } catch (e) {
    if (e instanceof FioReject) send(e.status, e.body);
    else send(500, { code: 500, message: 'Internal Service Error - (fc)', error: { what: String(e) } });
  }
}

/** Test-only control (loopback only): POST clock {advanceSeconds}, GET clock, POST staking-service {apr7d?, down?}. */
export function control(s: FioState, method: string, what: string, raw: string): unknown {
  let b: Record<string, unknown> = {};
  try {
    b = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
  } catch {
    throw new FioReject(400, { message: 'Invalid JSON' });
  }
  if (what === 'clock' && method === 'POST') {
    const sec = b.advanceSeconds;
    if (typeof sec !== 'number' || !Number.isSafeInteger(sec) || sec < 0 || sec > 10 * 365 * 86_400)
      throw new FioReject(400, { message: 'advanceSeconds: 0 to 10 years of seconds' });
    return { now: s.advanceClock(sec).toISOString(), headBlockNum: s.blocks.at(-1)!.num };
  }
  if (what === 'clock' && method === 'GET') return { now: new Date(s.now()).toISOString() };
  if (what === 'staking-service' && method === 'POST') {
    if ('apr7d' in b) {
      const v = b.apr7d;
      if (v !== null && (typeof v !== 'number' || !Number.isFinite(v)))
        throw new FioReject(400, { message: 'apr7d: a number or null' });
      s.stakingService.apr['7day'] = v;
    }
    if ('down' in b) s.stakingService.down = b.down === true;
    return s.stakingService;
  }
  throw notFound('Not Found');
}
