/**
 * A public FIO API node (and v1 history node) as a stand-in's behaviour (mainnet-behaviour.md §8, fio.md):
 *
 * - **each history node numbers an account's actions its own way**: `sequenceBase` shifts this node's
 *   `account_action_seq` (the request's `pos` is translated back before it reaches the simulator, the answer's numbers
 *   forward), so two stand-ins in front of one simulator disagree the way two real history nodes do;
 * - `get_actions` with `pos: -1` answers the latest 10 actions whatever the offset (fio.md), later pages what they ask;
 * - `get_actions` may come back with `time_limit_exceeded_error: true` and what it found so far (`timeLimitExceeded`:
 *   here nothing), which is not the end of the history;
 * - the FIO layer's 400 `{type, message, fields}` and nodeos's 500 `{code, message, error:{…details}}` come from the
 *   simulator as they are;
 * - a rate limit: FIO does not publish one or its answer; the BP nodes sit behind web servers, so `perClient` answers
 *   HTTP 429 `Too Many Requests` (plain text), an assumption.
 */
import type { Behaviour, StandInRequest } from '@secux-companion/sim-kit';

/** FIO mainnet's chain id (the simulator takes it as `chainId` to pose as mainnet). */
export const FIO_MAINNET_CHAIN_ID = '21dcae42c0182200e93f954a074011f9048a7624c6fe81d3c9541a614a88bd1c';

export interface FioApiNodeOptions {
  name?: string;
  /** This node's number for an account's first action (default 0, the simulator's). */
  sequenceBase?: number;
  /** get_actions requests answered `time_limit_exceeded_error: true` with no actions. */
  timeLimitExceeded?: (r: StandInRequest) => boolean;
  /** A rate limit per client (none by default). */
  perClient?: { max: number; windowMs: number };
}

const HISTORY = '/v1/history/get_actions';
/** What `pos: -1` answers: the latest 10 actions. */
const LATEST = 10;

function bodyOf(r: StandInRequest): Record<string, unknown> | undefined {
  try {
    const j = JSON.parse(r.body) as unknown;
    return j && typeof j === 'object' && !Array.isArray(j) ? (j as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export function fioApiNode(o: FioApiNodeOptions = {}): Behaviour {
  const base = o.sequenceBase ?? 0;
  return {
    name: o.name ?? 'fio-api-node',
    ...(o.perClient
      ? {
          limits: [
            {
              ...o.perClient,
              answer: (_r: StandInRequest, wait: number) => ({
                status: 429,
                headers: { 'retry-after': String(wait) },
                body: 'Too Many Requests',
              }),
            },
          ],
        }
      : {}),
    intercept(r) {
      if (r.path !== HISTORY) return undefined;
      const b = bodyOf(r);
      const pos = Number(b?.pos ?? -1);
      const timedOut = o.timeLimitExceeded?.(r) ?? false;
      // Below this node's first number: nothing (the simulator would read a negative pos as "the latest").
      if (timedOut || (pos >= 0 && pos < base))
        return {
          status: 200,
          body: {
            actions: [],
            last_irreversible_block: 0,
            ...(timedOut ? { time_limit_exceeded_error: true } : {}),
          },
        };
      return undefined;
    },
    forwardBody(r) {
      if (r.path !== HISTORY || !base) return undefined;
      const b = bodyOf(r);
      const pos = Number(b?.pos ?? -1);
      return b && pos >= 0 ? JSON.stringify({ ...b, pos: pos - base }) : undefined;
    },
    rewrite(r, a) {
      if (r.path !== HISTORY || a.status !== 200) return a;
      const j = JSON.parse(a.body) as { actions?: { account_action_seq?: number }[] };
      // `pos: -1` answers the latest actions, always 10 of them, whatever the offset asks (fio.md).
      if (Number(bodyOf(r)?.pos ?? -1) < 0 && j.actions && j.actions.length > LATEST)
        j.actions = j.actions.slice(-LATEST);
      for (const act of j.actions ?? [])
        if (typeof act.account_action_seq === 'number') act.account_action_seq += base;
      return { status: a.status, body: JSON.stringify(j) };
    },
  };
}
