/**
 * An address's Approval / ApprovalForAll logs from the explorer's `logs` module (`getLogs` with topic0 and the owner
 * as topic1, `topic0_1_opr=and`): 1000 records a page, oldest first, at most APPROVAL_MAX_LOGS / 1000 pages per
 * event. Blockscout's /api answers the same action.
 */
import { z } from 'zod';
import { validate } from '@secux-companion/server-kit/failover';
import {
  APPROVAL_FOR_ALL_TOPIC,
  APPROVAL_MAX_LOGS,
  APPROVAL_TOPIC,
  approvalCandidates,
  type ApprovalLogs,
} from '../../approvals.js';
import { Log, pad } from '../../nfts/calls.js';
import type { Explorer } from './client.js';

const PAGE = 1000;
/** Pages read per event: both events together stay within APPROVAL_MAX_LOGS. */
const PAGES_PER_EVENT = Math.floor(APPROVAL_MAX_LOGS / 2 / PAGE);

export async function getApprovalLogs(
  ex: Explorer,
  owner: string,
  signal: AbortSignal,
): Promise<ApprovalLogs> {
  const logs: z.infer<typeof Log>[] = [];
  let truncated = false;
  for (const topic0 of [APPROVAL_TOPIC, APPROVAL_FOR_ALL_TOPIC]) {
    for (let page = 1; ; page++) {
      const got = validate(
        z.array(Log).max(PAGE),
        await ex.call(
          {
            module: 'logs',
            action: 'getLogs',
            fromBlock: '0',
            toBlock: 'latest',
            topic0,
            topic1: pad(owner),
            topic0_1_opr: 'and',
            page: String(page),
            offset: String(PAGE),
          },
          signal,
        ),
        'getLogs',
      );
      logs.push(...got);
      if (got.length < PAGE) break;
      if (page >= PAGES_PER_EVENT) {
        truncated = true;
        break;
      }
    }
  }
  const c = approvalCandidates(owner, logs);
  return { candidates: c.candidates, fromBlock: 0, truncated: truncated || c.truncated };
}
